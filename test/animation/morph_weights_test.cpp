// Morph target weights through the AnimationSampler and the AnimationMixer, on hand-built weight
// tracks: linear keys, held ends, default weights where a track has none, the layers blended by
// weight with the defaults filling the rest, and no allocation per frame.
#include <gtest/gtest.h>

#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/animation_sampler.hpp"
#include "aem/morph.hpp"
#include "counting_new.hpp"
#include "model_factory.hpp"
#include "morph_payload.hpp"

namespace {

using Weights = std::vector<float>;

// The tiny model with a second animation (2 s), three targets in two groups (defaults 0.25, 0,
// 1), and weight keys: animation 0 moves group 0 (3 keys); animation 1 moves group 1 (2 keys).
struct WeightsFixture {
  static std::vector<std::byte> build() {
    aem::pipeline::ModelContent content = aem::test::tiny_model();
    content.animations.push_back(content.animations[0]);
    content.animations[1].name = "blink";
    content.animations[1].duration = 2;
    aem::test::MorphSpec spec;
    spec.groups = {{"face", 2}, {"eyes", 1}};
    spec.targets = {{"smile", 0.25f, 1, 0, 3, false, {}, Weights(9, 1.0f)},
                    {"frown", 0, 1, 0, 3, false, {}, Weights(9, -1.0f)},
                    {"blink", 1, 1, 0, 1, false, {}, Weights(3, 0.5f)}};
    spec.tracks = {{0, 0, 1, 0.5f, 1, 0, 1, 0.5f, 0.5f}, {}, {}, {0, 0, 2, 1}};
    return aem::test::with_morph_payload(content, aem::test::morph_payload(spec));
  }
  std::vector<std::byte> bytes = build();
  aem::Model model = aem::Model::open_memory(bytes);
};

Weights group_weights(aem::AnimationSampler& s, std::uint32_t animation, std::uint32_t group, float time,
                      aem::Playback playback = aem::Playback::clamp) {
  Weights w(group == 0 ? 2 : 1);
  s.sample_morph_weights(animation, group, time, playback, w);
  return w;
}

TEST(MorphWeights, TheSamplerInterpolatesKeysLinearly) {
  WeightsFixture f;
  aem::AnimationSampler s(f.model);
  ASSERT_EQ(s.morph_target_count(), 3u);
  EXPECT_EQ(group_weights(s, 0, 0, 0), (Weights{0, 1}));
  EXPECT_EQ(group_weights(s, 0, 0, 0.25f), (Weights{0.5f, 0.5f}));
  EXPECT_EQ(group_weights(s, 0, 0, 0.75f), (Weights{0.75f, 0.25f}));
  EXPECT_EQ(group_weights(s, 0, 0, 1), (Weights{0.5f, 0.5f}));
  EXPECT_EQ(group_weights(s, 0, 0, 0.1f), (Weights{0.2f, 0.8f})) << "a jump back searches again";
  EXPECT_EQ(group_weights(s, 0, 0, 1.25f, aem::Playback::loop), (Weights{0.5f, 0.5f}));
  EXPECT_EQ(group_weights(s, 0, 0, 7, aem::Playback::clamp), (Weights{0.5f, 0.5f})) << "the last key holds";
  EXPECT_EQ(group_weights(s, 1, 1, 0.5f), (Weights{0.25f}));
  EXPECT_EQ(group_weights(s, 1, 1, 1.5f), (Weights{0.75f}));
}

TEST(MorphWeights, ATrackWithoutKeysGivesTheDefaultWeights) {
  WeightsFixture f;
  aem::AnimationSampler s(f.model);
  EXPECT_EQ(group_weights(s, 0, 1, 0.5f), (Weights{1}));
  EXPECT_EQ(group_weights(s, 1, 0, 0.5f), (Weights{0.25f, 0}));
  Weights all(3);
  s.sample_morph_weights(0, 0.25f, aem::Playback::clamp, all);
  EXPECT_EQ(all, (Weights{0.5f, 0.5f, 1}));
  s.sample_morph_weights(1, 1.0f, aem::Playback::clamp, all);
  EXPECT_EQ(all, (Weights{0.25f, 0, 0.5f}));
}

TEST(MorphWeights, ForwardPlaybackMatchesFreshSamples) {
  WeightsFixture f;
  aem::AnimationSampler playing(f.model);
  for (int frame = 0; frame < 200; ++frame) {
    const float t = float(frame) / 60;
    aem::AnimationSampler fresh(f.model);
    EXPECT_EQ(group_weights(playing, 0, 0, t, aem::Playback::loop), group_weights(fresh, 0, 0, t, aem::Playback::loop)) << t;
  }
}

TEST(MorphWeights, WrongSizesAndIndicesThrow) {
  WeightsFixture f;
  aem::AnimationSampler s(f.model);
  Weights two(2), three(3);
  EXPECT_THROW(s.sample_morph_weights(0, 2, 0, aem::Playback::loop, two), std::out_of_range);
  EXPECT_THROW(s.sample_morph_weights(2, 0, 0, aem::Playback::loop, two), std::out_of_range);
  EXPECT_THROW(s.sample_morph_weights(0, 1, 0, aem::Playback::loop, two), std::invalid_argument);
  EXPECT_THROW(s.sample_morph_weights(0, 0, aem::Playback::loop, two), std::invalid_argument);
  aem::AnimationMixer mixer(f.model);
  EXPECT_THROW(mixer.evaluate_morph_weights(two), std::invalid_argument);
  // A model without the extension has no targets.
  const std::vector<std::byte> plain = aem::pipeline::serialize_model(aem::test::tiny_model());
  const aem::Model model = aem::Model::open_memory(plain);
  aem::AnimationSampler none(model);
  EXPECT_EQ(none.morph_target_count(), 0u);
  EXPECT_NO_THROW(none.sample_morph_weights(0, 0, aem::Playback::loop, {}));
  EXPECT_THROW(none.sample_morph_weights(0, 0, 0, aem::Playback::loop, {}), std::out_of_range);
}

TEST(MorphWeights, TheMixerBlendsLayersAndFillsWithTheDefaults) {
  WeightsFixture f;
  aem::AnimationMixer mixer(f.model);
  ASSERT_EQ(mixer.morph_target_count(), 3u);
  Weights w(3);
  mixer.evaluate_morph_weights(w);
  EXPECT_EQ(w, (Weights{0.25f, 0, 1})) << "nothing playing: the defaults";
  const aem::LayerId a = mixer.play({.animation = 0, .time = 0.25f, .playback = aem::Playback::clamp});
  mixer.evaluate_morph_weights(w);
  EXPECT_EQ(w, (Weights{0.5f, 0.5f, 1})) << "one whole layer: its samples";
  mixer.settings(a).weight = 0.5f;
  mixer.evaluate_morph_weights(w);
  EXPECT_EQ(w, (Weights{0.375f, 0.25f, 1})) << "half a layer, half the defaults";
  mixer.settings(a).weight = 1;
  mixer.play({.animation = 1, .time = 1.0f, .weight = 1, .playback = aem::Playback::clamp});
  mixer.evaluate_morph_weights(w);
  EXPECT_EQ(w, (Weights{(0.5f + 0.25f) / 2, 0.25f, (1 + 0.5f) / 2})) << "two whole layers: their mean";
}

TEST(MorphWeights, FramesDoNotAllocate) {
  if (!aem::test::kCountsRuntimeAllocations) {
    GTEST_SKIP() << "aem.dll's allocations do not reach this program's operator new (counting_new.hpp)";
  }
  WeightsFixture f;
  aem::AnimationMixer mixer(f.model);
  mixer.play({.animation = 0});
  mixer.play({.animation = 1, .weight = 0.3f});
  const std::optional<aem::MorphTargetsView> view = aem::morph_targets_of(f.model);
  Weights w(3);
  std::vector<aem::Vertex> morphed(f.model.vertices().size());
  mixer.evaluate_morph_weights(w);  // warm up
  const long before = aem::test::allocation_count();
  ASSERT_GT(before, 0) << "the allocation counter is not hooked in";
  for (int frame = 0; frame < 120; ++frame) {
    mixer.update(1.0f / 60);
    mixer.evaluate_morph_weights(w);
    aem::apply_morph_targets(*view, f.model.vertices(), w, morphed);
  }
  EXPECT_EQ(aem::test::allocation_count() - before, 0);
}

}  // namespace
