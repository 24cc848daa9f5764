// Blending: weight 0/1 reproduce a single animation exactly, a cross-fade's ends are its
// animations, masks move only their joints, nothing playing is the bind pose, and per-frame
// work never allocates.
#include <gtest/gtest.h>

#include <cstring>
#include <utility>

#include "aem/animation_mixer.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "animated_models.hpp"
#include "counting_new.hpp"

namespace {

struct Fixture {
  std::vector<std::byte> bytes;
  aem::Model model;
  Fixture()
      : bytes(aem::pipeline::serialize_model(aem::test::animated_model(21, {.joints = 24}))),
        model(aem::Model::open_memory(bytes)) {}
};

std::vector<aem::Transform> sampled(const aem::Model& model, std::uint32_t animation, float time) {
  aem::AnimationSampler sampler(model);
  std::vector<aem::Transform> locals(model.header().joint_count);
  sampler.sample(animation, time, aem::Playback::loop, locals);
  return locals;
}

bool same(const aem::Transform& a, const aem::Transform& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

bool near(const aem::Transform& a, const aem::Transform& b, float tolerance) {
  const float* x = &a.translation.x;
  const float* y = &b.translation.x;
  // Rotations q and -q are equal.
  const float sign = aem::dot(a.rotation, b.rotation) < 0 ? -1.0f : 1.0f;
  for (int k = 0; k < 10; ++k) {
    const float other = (k >= 3 && k < 7) ? sign * y[k] : y[k];
    if (std::abs(x[k] - other) > tolerance) return false;
  }
  return true;
}

TEST(Mixer, WeightsZeroAndOneReproduceOneAnimationExactly) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  mixer.play({.animation = 0, .time = 0.7f, .weight = 1});
  mixer.play({.animation = 1, .time = 0.2f, .weight = 0});
  std::vector<aem::Transform> locals(mixer.joint_count());
  mixer.evaluate_locals(locals);
  const auto expected = sampled(f.model, 0, 0.7f);
  for (std::size_t j = 0; j < locals.size(); ++j) EXPECT_TRUE(same(locals[j], expected[j])) << j;
}

TEST(Mixer, CrossFadeEndsAreItsAnimations) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  const aem::LayerId from = mixer.play({.animation = 0, .speed = 0});
  const aem::LayerId to = mixer.cross_fade(from, {.animation = 1, .speed = 0}, 0.5f, aem::FadeCurve::smooth);
  std::vector<aem::Transform> locals(mixer.joint_count());

  mixer.evaluate_locals(locals);  // the fade has not started: all `from`
  const auto start = sampled(f.model, 0, 0);
  for (std::size_t j = 0; j < locals.size(); ++j) EXPECT_TRUE(same(locals[j], start[j])) << j;

  mixer.update(0.25f);  // halfway: both layers at 0.5 (smoothstep(0.5) = 0.5)
  EXPECT_FLOAT_EQ(mixer.settings(from).weight, 0.5f);
  EXPECT_FLOAT_EQ(mixer.settings(to).weight, 0.5f);
  mixer.evaluate_locals(locals);
  const auto end = sampled(f.model, 1, 0);
  bool differs_from_both = false;
  for (std::size_t j = 0; j < locals.size(); ++j) {
    differs_from_both = differs_from_both || (!near(locals[j], start[j], 1e-4f) && !near(locals[j], end[j], 1e-4f));
  }
  EXPECT_TRUE(differs_from_both);

  mixer.update(0.25f);  // done: all `to`, and `from` has stopped
  EXPECT_FALSE(mixer.is_playing(from));
  EXPECT_TRUE(mixer.is_playing(to));
  mixer.evaluate_locals(locals);
  for (std::size_t j = 0; j < locals.size(); ++j) EXPECT_TRUE(same(locals[j], end[j])) << j;
}

TEST(Mixer, FadeCurves) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  const aem::LayerId linear = mixer.play({.animation = 0, .weight = 0});
  const aem::LayerId smooth = mixer.play({.animation = 1, .weight = 0});
  mixer.fade(linear, 1, 1, aem::FadeCurve::linear);
  mixer.fade(smooth, 1, 1, aem::FadeCurve::smooth);
  mixer.update(0.25f);
  EXPECT_FLOAT_EQ(mixer.settings(linear).weight, 0.25f);
  EXPECT_FLOAT_EQ(mixer.settings(smooth).weight, 0.15625f);  // 3x^2 - 2x^3 at 0.25
  mixer.update(1.0f);
  EXPECT_EQ(mixer.settings(linear).weight, 1.0f);
  EXPECT_EQ(mixer.settings(smooth).weight, 1.0f);
}

TEST(Mixer, BlendedRotationsTakeTheShortWay) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  mixer.play({.animation = 0, .time = 0.3f, .weight = 0.5f});
  mixer.play({.animation = 0, .time = 0.3f, .weight = 0.5f});
  std::vector<aem::Transform> locals(mixer.joint_count());
  mixer.evaluate_locals(locals);
  // The same pose blended with itself is itself, whatever the stored signs.
  const auto expected = sampled(f.model, 0, 0.3f);
  for (std::size_t j = 0; j < locals.size(); ++j) EXPECT_TRUE(near(locals[j], expected[j], 1e-5f)) << j;
}

TEST(Mixer, MaskMovesOnlyItsJoints) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  mixer.play({.animation = 0, .time = 0.4f});
  const aem::LayerId upper = mixer.play({.animation = 1, .time = 1.1f});
  std::vector<float> mask(mixer.joint_count(), 0.0f);
  for (std::size_t j = 0; j < mask.size(); j += 3) mask[j] = 1.0f;
  mixer.set_mask(upper, mask);
  std::vector<aem::Transform> locals(mixer.joint_count());
  mixer.evaluate_locals(locals);
  const auto base = sampled(f.model, 0, 0.4f);
  const auto overlay = sampled(f.model, 1, 1.1f);
  for (std::size_t j = 0; j < locals.size(); ++j) {
    // Masked-in joints blend both layers equally; the others keep the base layer untouched.
    if (mask[j] == 0) {
      EXPECT_TRUE(near(locals[j], base[j], 1e-6f)) << j;
    } else {
      const aem::Vec3 mid = aem::lerp(base[j].translation, overlay[j].translation, 0.5f);
      EXPECT_NEAR(locals[j].translation.x, mid.x, 1e-5f) << j;
      EXPECT_NEAR(locals[j].translation.y, mid.y, 1e-5f) << j;
    }
  }
}

TEST(Mixer, NothingPlayingIsTheBindPose) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  std::vector<float> skinning(16 * mixer.joint_count());
  mixer.evaluate(skinning);
  for (std::size_t j = 0; j < mixer.joint_count(); ++j) {
    for (int k = 0; k < 16; ++k) ASSERT_NEAR(skinning[16 * j + k], k % 5 == 0 ? 1.0f : 0.0f, 1e-4) << j;
  }
  // A half-weight layer is half way between the bind pose and the animation.
  mixer.play({.animation = 0, .time = 0.5f, .weight = 0.5f});
  std::vector<aem::Transform> locals(mixer.joint_count());
  mixer.evaluate_locals(locals);
  const auto animated = sampled(f.model, 0, 0.5f);
  const auto bind = mixer.skeleton().bind_pose();
  const aem::Vec3 mid = aem::lerp(bind[3].translation, animated[3].translation, 0.5f);
  EXPECT_NEAR(locals[3].translation.z, mid.z, 1e-5f);
}

TEST(Mixer, LayersAreLimitedAndChecked) {
  Fixture f;
  aem::AnimationMixer mixer(f.model, 2);
  mixer.play({});
  const aem::LayerId second = mixer.play({});
  EXPECT_THROW(mixer.play({}), std::length_error);
  mixer.stop(second);
  EXPECT_THROW(mixer.settings(second), std::out_of_range);
  EXPECT_THROW(mixer.play({.animation = 1000}), std::out_of_range);
  EXPECT_NO_THROW(mixer.play({}));
}

// The README's pattern, `walk = cross_fade(walk, ...)`, leaves ids of stopped layers about; the
// next play() reuses their slot, and an old id must not drive the new layer.
TEST(Mixer, StaleIdsAreRefused) {
  Fixture f;
  aem::AnimationMixer mixer(f.model, 2);
  const aem::LayerId walk = mixer.play({.animation = 0, .speed = 0});
  const aem::LayerId run = mixer.cross_fade(walk, {.animation = 1}, 0.1f, aem::FadeCurve::linear);
  mixer.update(0.2f);  // the fade-out has ended: walk stops and its slot is free
  ASSERT_FALSE(mixer.is_playing(walk));
  const aem::LayerId wave = mixer.play({.animation = 2, .time = 0.5f, .speed = 0});  // walk's old slot
  EXPECT_TRUE(mixer.is_playing(wave));
  EXPECT_FALSE(mixer.is_playing(walk));
  EXPECT_NE(walk, wave);
  EXPECT_THROW(mixer.settings(walk), std::out_of_range);
  EXPECT_THROW(std::as_const(mixer).settings(walk), std::out_of_range);
  EXPECT_THROW(mixer.stop(walk), std::out_of_range);
  EXPECT_THROW(mixer.fade(walk, 0, 1, aem::FadeCurve::linear), std::out_of_range);
  EXPECT_THROW(mixer.set_mask(walk, std::vector<float>(mixer.joint_count(), 0.0f)), std::out_of_range);
  EXPECT_THROW(mixer.cross_fade(walk, {.animation = 0}, 1, aem::FadeCurve::linear), std::out_of_range);
  // The new layer is untouched by all that.
  EXPECT_EQ(mixer.settings(wave).weight, 1.0f);
  EXPECT_EQ(mixer.settings(wave).time, 0.5f);
  EXPECT_TRUE(mixer.is_playing(run));
  // An id of another mixer's layer, in the same slot.
  aem::AnimationMixer other(f.model, 2);
  const aem::LayerId elsewhere = other.play({.animation = 0});
  EXPECT_FALSE(mixer.is_playing(elsewhere));
  EXPECT_THROW(mixer.settings(elsewhere), std::out_of_range);
  // An id that names no layer.
  EXPECT_FALSE(mixer.is_playing(aem::LayerId{}));
  EXPECT_THROW(mixer.settings(aem::LayerId{}), std::out_of_range);
  mixer.stop_all();
  EXPECT_FALSE(mixer.is_playing(wave));
}

// settings() hands out a reference; an animation index written through it is checked where it
// is used, before anything reads the model with it.
TEST(Mixer, AnAnimationTheModelDoesNotHaveIsRefusedAtTheNextFrame) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  const aem::LayerId layer = mixer.play({.animation = 0, .time = 0.25f});
  mixer.settings(layer).animation = 1'000'000;
  std::vector<float> skinning(16 * mixer.joint_count());
  std::vector<aem::Transform> locals(mixer.joint_count());
  EXPECT_THROW(mixer.update(0.5f), std::out_of_range);
  EXPECT_THROW(mixer.evaluate(skinning), std::out_of_range);
  EXPECT_THROW(mixer.evaluate_locals(locals), std::out_of_range);
  EXPECT_EQ(mixer.settings(layer).time, 0.25f);  // update changed nothing
  // Put right, the layer plays on.
  mixer.settings(layer).animation = 1;
  mixer.update(0.5f);
  mixer.evaluate_locals(locals);
  const auto expected = sampled(f.model, 1, 0.75f);
  for (std::size_t j = 0; j < locals.size(); ++j) EXPECT_TRUE(same(locals[j], expected[j])) << j;
}

TEST(Mixer, FramesDoNotAllocate) {
  if (!aem::test::kCountsRuntimeAllocations) {
    GTEST_SKIP() << "aem.dll's allocations do not reach this program's operator new (counting_new.hpp)";
  }
  Fixture f;
  aem::AnimationMixer mixer(f.model, 4);
  const aem::LayerId walk = mixer.play({.animation = 0});
  mixer.play({.animation = 2, .weight = 0.3f});
  std::vector<float> mask(mixer.joint_count(), 0.5f);
  std::vector<float> skinning(16 * mixer.joint_count());
  mixer.evaluate(skinning);  // warm up
  const long before = aem::test::allocation_count();
  ASSERT_GT(before, 0) << "the allocation counter is not hooked in";
  aem::LayerId run;
  for (int frame = 0; frame < 120; ++frame) {
    if (frame == 30) run = mixer.cross_fade(walk, {.animation = 1}, 0.5f, aem::FadeCurve::smooth);
    if (frame == 60) mixer.set_mask(run, mask);
    mixer.update(1.0f / 60);
    mixer.evaluate(skinning);
  }
  EXPECT_EQ(aem::test::allocation_count() - before, 0);
}

}  // namespace

namespace {

// The example of specs/animation.md, run: walk, then cross-fade to running.
TEST(Mixer, SpecExamplePlaysAndCrossFades) {
  Fixture f;
  aem::AnimationMixer mixer(f.model);
  std::vector<float> skinning(16 * mixer.joint_count());
  const aem::LayerId walk = mixer.play({.animation = 0});
  aem::LayerId current = walk;
  std::vector<float> walking;
  for (int frame = 0; frame < 90; ++frame) {
    if (frame == 30) {
      walking = skinning;
      current = mixer.cross_fade(current, {.animation = 1, .speed = 1.2f}, 0.3f, aem::FadeCurve::smooth);
    }
    mixer.update(1.0f / 60);
    mixer.evaluate(skinning);
  }
  EXPECT_FALSE(mixer.is_playing(walk));
  EXPECT_TRUE(mixer.is_playing(current));
  EXPECT_EQ(mixer.settings(current).weight, 1.0f);
  EXPECT_NE(walking, skinning);
}

}  // namespace
