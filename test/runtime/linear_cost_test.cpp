// Strict validation stays linear in the file size on files shaped to make per-record loops
// quadratic: meshes that all draw the same indices, tracks that all use the same keys or overlap
// one another's. Before, these took minutes (records x shared data); each check now runs under a
// watchdog far above the well-under-a-second it takes.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/validation.hpp"
#include "costly_models.hpp"
#include "model_bytes.hpp"
#include "watchdog.hpp"

namespace {

using namespace std::chrono_literals;

std::vector<aem::Error> strict_problems(std::span<const std::byte> bytes, const std::string& what) {
  const aem::Model model = aem::Model::open_memory(bytes);
  std::vector<aem::Error> problems;
  const aem::test::Watchdog watchdog("strict validation of " + what, 60s);
  aem::check_semantics(model.view(), [&](const aem::Error& e) {
    problems.push_back(e);
    return true;
  });
  return problems;
}

TEST(LinearCost, MeshesSharingIndices) {
  const auto bytes = aem::pipeline::serialize_model(aem::test::meshes_sharing_indices(200'000, 600'000));
  for (const aem::Error& e : strict_problems(bytes, "200,000 meshes drawing the same 600,000 indices")) {
    ADD_FAILURE() << e.describe();
  }
}

TEST(LinearCost, TracksSharingKeys) {
  const auto bytes = aem::test::tracks_sharing_keys(100'000, 1'000'000);
  for (const aem::Error& e : strict_problems(bytes, "100,000 tracks using the same 1,000,000 keys")) {
    ADD_FAILURE() << e.describe();
  }
}

TEST(LinearCost, OverlappingTracks) {
  const auto bytes = aem::test::tracks_overlapping_keys(100'000, 1'000'000);
  for (const aem::Error& e : strict_problems(bytes, "100,000 tracks overlapping 1,000,000 keys")) {
    ADD_FAILURE() << e.describe();
  }
}

// A bad key that many tracks use is one problem, not one per track: the report is as long as
// the file, not as its tracks times its keys.
TEST(LinearCost, ASharedBadKeyIsReportedOnce) {
  auto bytes = aem::test::tracks_sharing_keys(50, 10);
  const std::uint64_t keys = aem::Model::open_memory(bytes).view().offsets.keyframes;
  // Key 3's time before key 2's (0.2 s): a strict-check problem (non-finite values are
  // refused by the default open already).
  aem::test::poke(bytes, keys + 3 * sizeof(aem::Keyframe), 0.05f);
  const auto problems = strict_problems(bytes, "50 tracks sharing a key out of order");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].code, aem::ErrorCode::key_order);
  EXPECT_EQ(problems[0].section, aem::Section::keyframes);
  EXPECT_EQ(problems[0].element, 3u);
}

}  // namespace
