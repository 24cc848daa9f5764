// Preparing to animate (AnimationSampler and AnimationMixer construction) stays linear in the
// file size when tracks all use the same keys or overlap one another's. Before, the check for
// shared key times compared every track's keys with the first one's: joints x keys, minutes on
// these files. Each construction runs under a watchdog far above the time it takes now.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "costly_models.hpp"
#include "watchdog.hpp"

namespace {

using namespace std::chrono_literals;

TEST(SharedKeysCost, TracksSharingKeysKeepTheSharedPath) {
  constexpr std::uint32_t kJoints = 100'000, kKeys = 1'000'000;
  const auto bytes = aem::test::tracks_sharing_keys(kJoints, kKeys);
  const aem::Model model = aem::Model::open_memory(bytes);
  std::optional<aem::AnimationMixer> mixer;
  {
    const aem::test::Watchdog watchdog("a mixer for 100,000 tracks using the same 1,000,000 keys", 60s);
    mixer.emplace(model, 2);
  }
  EXPECT_TRUE(aem::AnimationSampler(model).has_shared_key_times(0));
  // Key 700 (x = 700 % 7 = 0) to key 701 (x = 1), halfway: every joint at x = 0.5.
  mixer->play({.animation = 0, .time = 700.5f / float(kKeys), .speed = 0});
  std::vector<aem::Transform> locals(mixer->joint_count());
  mixer->evaluate_locals(locals);
  for (std::uint32_t j : {0u, 1u, kJoints / 2, kJoints - 1}) EXPECT_NEAR(locals[j].translation.x, 0.5f, 1e-3f) << j;
}

// Tracks that reuse another track's keys (not the first one's) compare them once: comparing
// them again for every track would spend the budget, and lose the shared path, within a few
// joints.
TEST(SharedKeysCost, TracksReusingKeysKeepTheSharedPath) {
  const auto bytes = aem::test::tracks_reusing_keys(2'000, 1'000);
  const aem::Model model = aem::Model::open_memory(bytes);
  EXPECT_TRUE(aem::AnimationSampler(model).has_shared_key_times(0));
  aem::AnimationMixer mixer(model, 1);
  mixer.play({.animation = 0, .time = 0.5f, .speed = 0});
  std::vector<aem::Transform> locals(mixer.joint_count());
  mixer.evaluate_locals(locals);
  EXPECT_EQ(locals[0].translation.x, 0.0f);
  for (std::uint32_t j : {1u, 2u, 1'999u}) EXPECT_EQ(locals[j].translation.x, 1.0f) << j;
}

TEST(SharedKeysCost, OverlappingTracks) {
  constexpr std::uint32_t kJoints = 100'000, kKeys = 1'000'000;
  const auto bytes = aem::test::tracks_overlapping_keys(kJoints, kKeys);
  const aem::Model model = aem::Model::open_memory(bytes);
  std::optional<aem::AnimationMixer> mixer;
  {
    const aem::test::Watchdog watchdog("a mixer for 100,000 tracks overlapping 1,000,000 keys", 60s);
    mixer.emplace(model, 2);
  }
  // Every key is the same: every joint holds it.
  mixer->play({.animation = 0, .time = 0.25f});
  std::vector<aem::Transform> locals(mixer->joint_count());
  mixer->evaluate_locals(locals);
  for (std::uint32_t j : {0u, 1u, kJoints / 2, kJoints - 1}) {
    EXPECT_EQ(locals[j].translation.z, 1.0f) << j;
    EXPECT_EQ(locals[j].rotation.z, 1.0f) << j;
    EXPECT_EQ(locals[j].scale.z, 1.0f) << j;
  }
}

}  // namespace
