// The sampler, the skeleton and the maths against the independent reference: 200 times per
// animation, played forward, at random and clamped; plus the edge cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "aem/animation_sampler.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/skeleton.hpp"
#include "animated_models.hpp"
#include "reference_animation.hpp"

namespace {

using aem::test::animated_model;
using aem::test::AnimatedModelShape;

struct LoadedModel {
  std::vector<std::byte> bytes;
  aem::Model model;
  explicit LoadedModel(aem::pipeline::ModelContent content)
      : bytes(aem::pipeline::serialize_model(content)), model(aem::Model::open_memory(bytes)) {}
};

// Skinning matrices from per-joint locals (local_to_model, then skinning_matrices) against the
// reference.
double skinning_error(const aem::Skeleton& skeleton, std::span<const aem::Transform> locals,
                      const std::vector<aem::test::Matrix>& reference) {
  std::vector<aem::Mat4> model_space(skeleton.joint_count());
  std::vector<float> skinning(16 * skeleton.joint_count());
  skeleton.local_to_model(locals, model_space);
  skeleton.skinning_matrices(model_space, skinning);
  return aem::test::skinning_error(skinning, reference);
}

// The same from grouped locals, by Skeleton::local_to_skinning, whose model-space matrices must
// be what its skinning matrices were made from: times the inverse binds, they give them back.
double grouped_skinning_error(const aem::Skeleton& skeleton, std::span<const aem::Transform4> locals,
                              const std::vector<aem::test::Matrix>& reference) {
  std::vector<aem::Mat4> model_space(skeleton.joint_count());
  std::vector<float> skinning(16 * skeleton.joint_count());
  skeleton.local_to_skinning(locals, model_space, skinning);
  double worst = 0;
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    const aem::Mat4 skin = model_space[j] * skeleton.inverse_binds()[j];
    for (int e = 0; e < 16; ++e) worst = std::max(worst, double(std::abs(skin.m[e] - skinning[16 * j + e])));
  }
  EXPECT_LE(worst, 1e-5) << "model_space times the inverse binds against the skinning matrices";
  return aem::test::skinning_error(skinning, reference);
}

bool same_bits(const aem::Transform& a, const aem::Transform& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Both forms of sample() and both ways to skinning matrices against the reference; the grouped
// sample must hold exactly what the per-joint one writes.
void expect_matches_reference(const aem::Model& model, bool random_order, aem::Playback playback) {
  const aem::Skeleton skeleton(model);
  aem::AnimationSampler sampler(model), grouped_sampler(model);
  std::vector<aem::Transform> locals(skeleton.joint_count());
  std::vector<aem::Transform4> grouped(aem::group_count(skeleton.joint_count()));
  std::mt19937 rng(99);
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    const float duration = model.animations()[a].duration;
    for (int i = 0; i < 200; ++i) {
      // Forward: 0 to 1.5 loops in even steps; random: anywhere in [-1, 3] durations.
      const float time = random_order
                             ? std::uniform_real_distribution<float>(-1, 3)(rng) * duration
                             : 1.5f * duration * float(i) / 199;
      sampler.sample(a, time, playback, locals);
      grouped_sampler.sample(a, time, playback, grouped);
      for (std::size_t j = 0; j < locals.size(); ++j) {
        ASSERT_TRUE(same_bits(grouped[j / 4].get(j % 4), locals[j])) << "joint " << j << " time " << time;
      }
      const double t = aem::playback_time(time, duration, playback);
      const auto reference = aem::test::reference_skinning(model, a, t);
      ASSERT_LE(skinning_error(skeleton, locals, reference), 1e-5) << "animation " << a << " time " << time;
      ASSERT_LE(grouped_skinning_error(skeleton, grouped, reference), 1e-5) << "animation " << a << " time " << time;
    }
  }
}

TEST(Sampling, ForwardPlaybackMatchesReference) {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    const LoadedModel m(animated_model(seed, {}));
    expect_matches_reference(m.model, false, aem::Playback::loop);
  }
}

TEST(Sampling, SharedKeyTimesMatchReference) {
  for (std::uint32_t seed : {11u, 12u}) {
    const LoadedModel m(animated_model(seed, {.joints = 48, .shared_times = true}));
    const aem::AnimationSampler sampler(m.model);
    for (std::uint32_t a = 0; a < m.model.header().animation_count; ++a) {
      EXPECT_TRUE(sampler.has_shared_key_times(a)) << a;  // the fast path is the one tested
    }
    expect_matches_reference(m.model, false, aem::Playback::loop);
    expect_matches_reference(m.model, true, aem::Playback::clamp);
  }
  const LoadedModel irregular(animated_model(13, {}));
  EXPECT_FALSE(aem::AnimationSampler(irregular.model).has_shared_key_times(0));
}

TEST(Sampling, RandomAccessMatchesReference) {
  const LoadedModel m(animated_model(4, {.joints = 64}));
  expect_matches_reference(m.model, true, aem::Playback::loop);
  expect_matches_reference(m.model, true, aem::Playback::clamp);
}

TEST(Sampling, JointsStoredChildrenFirstMatchReference) {
  const LoadedModel m(animated_model(5, {.joints = 40, .parents_first = false}));
  const aem::Skeleton skeleton(m.model);
  // The stored order really is mixed, and the evaluation order puts parents first.
  bool mixed = false;
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) mixed = mixed || skeleton.parents()[j] > std::int32_t(j);
  EXPECT_TRUE(mixed);
  std::vector<bool> done(skeleton.joint_count());
  for (std::uint32_t j : skeleton.evaluation_order()) {
    if (skeleton.parents()[j] >= 0) {
      EXPECT_TRUE(done[std::size_t(skeleton.parents()[j])]);
    }
    done[j] = true;
  }
  expect_matches_reference(m.model, false, aem::Playback::loop);
}

TEST(Sampling, JointCountsThatLeaveAGroupPartlyEmptyMatchReference) {
  for (std::uint32_t joints : {1u, 2u, 3u, 5u, 23u}) {
    const LoadedModel stored_in_order(animated_model(30 + joints, {.joints = joints}));
    expect_matches_reference(stored_in_order.model, false, aem::Playback::loop);
    const LoadedModel shared(animated_model(40 + joints, {.joints = joints, .shared_times = true}));
    expect_matches_reference(shared.model, true, aem::Playback::clamp);
    const LoadedModel mixed(animated_model(50 + joints, {.joints = joints, .parents_first = false}));
    expect_matches_reference(mixed.model, false, aem::Playback::loop);
  }
}

// The sampler caches the keys it last interpolated between; whatever it sampled before, its
// result must be exactly what a sampler that never sampled gives.
void expect_history_never_matters(const aem::Model& model) {
  const std::size_t joints = model.header().joint_count;
  aem::AnimationSampler sampler(model);
  std::vector<aem::Transform4> cached(aem::group_count(joints)), fresh(aem::group_count(joints));
  std::vector<aem::Transform> cached_joints(joints), fresh_joints(joints);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0, 1);
  std::uint32_t animation = 0;
  float time = 0;
  for (int call = 0; call < 600; ++call) {
    // Mostly frames forward; sometimes back, a jump, another animation, or a frame backwards.
    const float dice = unit(rng);
    const float duration = std::max(model.animations()[animation].duration, 0.1f);
    if (dice < 0.7f) time += 1.0f / 60;
    else if (dice < 0.8f) time -= 1.0f / 60;
    else if (dice < 0.9f) time = (unit(rng) * 3 - 1) * duration;
    else animation = std::uint32_t(rng() % model.header().animation_count);
    const aem::Playback playback = call % 3 == 0 ? aem::Playback::clamp : aem::Playback::loop;
    sampler.sample(animation, time, playback, cached);
    aem::AnimationSampler(model).sample(animation, time, playback, fresh);
    ASSERT_EQ(std::memcmp(cached.data(), fresh.data(), cached.size() * sizeof(aem::Transform4)), 0)
        << "call " << call << ", animation " << animation << ", time " << time;
    sampler.sample(animation, time, playback, cached_joints);
    aem::AnimationSampler(model).sample(animation, time, playback, fresh_joints);
    for (std::size_t j = 0; j < joints; ++j) {
      ASSERT_TRUE(same_bits(cached_joints[j], fresh_joints[j])) << "call " << call << ", joint " << j;
    }
  }
}

TEST(Sampling, ResultsDoNotDependOnWhatWasSampledBefore) {
  for (std::uint32_t joints : {1u, 5u, 23u}) {
    const LoadedModel separate(animated_model(60 + joints, {.joints = joints}));
    expect_history_never_matters(separate.model);
    const LoadedModel shared(animated_model(70 + joints, {.joints = joints, .shared_times = true}));
    expect_history_never_matters(shared.model);
  }
}

TEST(Sampling, InverseBindsWithAProjectiveBottomRowMatchReference) {
  // Nothing we bake has them, but a valid file may: the skinning multiply then takes the whole
  // inverse bind matrix, in every path.
  for (bool parents_first : {true, false}) {
    aem::pipeline::ModelContent content = animated_model(90, {.joints = 13, .parents_first = parents_first});
    for (std::size_t j = 0; j < content.joints.size(); j += 2) {
      content.joints[j].inverse_bind[3] = 0.01f * float(j + 1);
      content.joints[j].inverse_bind[15] = 1.0f + 0.02f * float(j);
    }
    const LoadedModel m(std::move(content));
    expect_matches_reference(m.model, false, aem::Playback::loop);
  }
}

TEST(Sampling, ZeroLengthAnimationsAndSingleKeysHold) {
  const LoadedModel m(animated_model(6, {}));
  const std::uint32_t still = m.model.header().animation_count - 1;
  ASSERT_EQ(m.model.animations()[still].duration, 0.0f);
  aem::AnimationSampler sampler(m.model);
  std::vector<aem::Transform> at_zero(m.model.header().joint_count), later(at_zero.size());
  sampler.sample(still, 0, aem::Playback::loop, at_zero);
  sampler.sample(still, 12.5f, aem::Playback::clamp, later);
  for (std::size_t j = 0; j < at_zero.size(); ++j) {
    const aem::Keyframe& key = m.model.keys(m.model.track(still, std::uint32_t(j))).rotations[0];
    EXPECT_EQ(later[j].rotation.w, key.value[3]);
    EXPECT_EQ(at_zero[j].rotation.x, key.value[0]);
    // No translation or scale keys: identity.
    EXPECT_EQ(later[j].translation.x, 0.0f);
    EXPECT_EQ(later[j].scale.y, 1.0f);
  }
}

TEST(Sampling, TimesWrapAndClamp) {
  EXPECT_FLOAT_EQ(aem::playback_time(2.5f, 2.0f, aem::Playback::loop), 0.5f);
  EXPECT_FLOAT_EQ(aem::playback_time(-0.5f, 2.0f, aem::Playback::loop), 1.5f);
  EXPECT_EQ(aem::playback_time(2.5f, 2.0f, aem::Playback::clamp), 2.0f);
  EXPECT_EQ(aem::playback_time(-1.0f, 2.0f, aem::Playback::clamp), 0.0f);
  EXPECT_EQ(aem::playback_time(NAN, 2.0f, aem::Playback::loop), 0.0f);
  EXPECT_EQ(aem::playback_time(1.0f, 0.0f, aem::Playback::loop), 0.0f);
  EXPECT_EQ(aem::playback_time(1.0f, INFINITY, aem::Playback::loop), 0.0f);
  EXPECT_EQ(aem::playback_time(1.25f, 2.0f, aem::Playback::loop), 1.25f);
  EXPECT_EQ(aem::playback_time(2.0f, 2.0f, aem::Playback::loop), 0.0f);
}

TEST(Sampling, MisuseIsReported) {
  const LoadedModel m(animated_model(7, {.joints = 4}));
  aem::AnimationSampler sampler(m.model);
  std::vector<aem::Transform> locals(4), wrong(3);
  EXPECT_THROW(sampler.sample(99, 0, aem::Playback::loop, locals), std::out_of_range);
  EXPECT_THROW(sampler.sample(0, 0, aem::Playback::loop, wrong), std::invalid_argument);
  std::vector<aem::Transform4> one_group(1), two_groups(2);
  EXPECT_NO_THROW(sampler.sample(0, 0, aem::Playback::loop, one_group));
  EXPECT_THROW(sampler.sample(0, 0, aem::Playback::loop, two_groups), std::invalid_argument);
  std::vector<aem::BlendSum4> sums(1);
  std::vector<float> short_mask(3, 1.0f);
  EXPECT_THROW(sampler.accumulate(0, 0, aem::Playback::loop, 1, short_mask, sums), std::invalid_argument);
  EXPECT_THROW(sampler.accumulate(0, 0, aem::Playback::loop, 1, {}, std::span<aem::BlendSum4>()), std::invalid_argument);
  const aem::Skeleton skeleton(m.model);
  std::vector<aem::Mat4> model_space(4), short_model_space(3);
  std::vector<float> skinning(64), short_skinning(60);
  EXPECT_NO_THROW(skeleton.local_to_skinning(one_group, model_space, skinning));
  EXPECT_THROW(skeleton.local_to_skinning(two_groups, model_space, skinning), std::invalid_argument);
  EXPECT_THROW(skeleton.local_to_skinning(one_group, short_model_space, skinning), std::invalid_argument);
  EXPECT_THROW(skeleton.local_to_skinning(one_group, model_space, short_skinning), std::invalid_argument);
}

TEST(Maths, SlerpMatchesTheExactFormula) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1, 1);
  double worst = 0;
  for (int i = 0; i < 20000; ++i) {
    const aem::Quat a = aem::normalize({u(rng), u(rng), u(rng), u(rng)});
    // Nearby and far-apart pairs, to cover both the series and the exact branch.
    const float spread = i % 2 ? 0.2f : 2.0f;
    const aem::Quat b = aem::normalize({a.x + spread * u(rng), a.y + spread * u(rng),
                                        a.z + spread * u(rng), a.w + spread * u(rng)});
    const float t = (u(rng) + 1) / 2;
    const aem::Quat ours = aem::slerp(a, b, t);
    const auto exact = aem::test::reference_slerp({a.x, a.y, a.z, a.w}, {b.x, b.y, b.z, b.w}, t);
    worst = std::max({worst, std::abs(ours.x - exact[0]), std::abs(ours.y - exact[1]),
                      std::abs(ours.z - exact[2]), std::abs(ours.w - exact[3])});
  }
  EXPECT_LT(worst, 2e-6);
}

TEST(Maths, DecomposeInvertsToMatrixAndInverseInverts) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int i = 0; i < 1000; ++i) {
    aem::Transform t{{u(rng), u(rng), u(rng)},
                     aem::normalize({u(rng), u(rng), u(rng), u(rng)}),
                     {1.2f + u(rng) * 0.5f, 1.1f + u(rng) * 0.5f, 1 + u(rng) * 0.5f}};
    const aem::Mat4 m = aem::to_matrix(t);
    const aem::Mat4 back = aem::to_matrix(aem::decompose(m));
    const aem::Mat4 identity = m * aem::inverse(m);
    for (int k = 0; k < 16; ++k) {
      ASSERT_NEAR(back.m[k], m.m[k], 1e-5);
      ASSERT_NEAR(identity.m[k], k % 5 == 0 ? 1.0f : 0.0f, 1e-5);
    }
  }
}

TEST(Skeleton, BindPoseGivesIdentitySkinning) {
  const LoadedModel m(animated_model(9, {.joints = 50}));
  const aem::Skeleton skeleton(m.model);
  std::vector<aem::Mat4> model_space(skeleton.joint_count());
  std::vector<float> skinning(16 * skeleton.joint_count());
  skeleton.local_to_model(skeleton.bind_pose(), model_space);
  skeleton.skinning_matrices(model_space, skinning);
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    for (int k = 0; k < 16; ++k) ASSERT_NEAR(skinning[16 * j + k], k % 5 == 0 ? 1.0f : 0.0f, 1e-4) << j;
  }
}

}  // namespace
