// The animation runtime on real models: CesiumMan, RiggedFigure and BoxAnimated baked by the
// pipeline, sampled at 200 times per animation (forward and at random) against the independent
// reference.
#include <gtest/gtest.h>

#include <random>

#include "aem/animation_mixer.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "corpus.hpp"
#include "reference_animation.hpp"

namespace {

struct BakedModel {
  std::vector<std::byte> bytes;
  aem::Model model;
  explicit BakedModel(const std::filesystem::path& path)
      : bytes(aem::pipeline::serialize_model(
            aem::pipeline::bake_model(path, {.textures = aem::pipeline::TextureEncoding::rgba,
                                            .max_texture_size = 16})
                .content)),
        model(aem::Model::open_memory(bytes)) {}
};

void expect_matches_reference(const aem::Model& model) {
  ASSERT_GT(model.header().animation_count, 0u);
  ASSERT_GT(model.header().joint_count, 0u);
  const aem::Skeleton skeleton(model);
  aem::AnimationSampler sampler(model);
  std::vector<aem::Transform> locals(skeleton.joint_count());
  std::vector<aem::Mat4> model_space(skeleton.joint_count());
  std::vector<float> skinning(16 * skeleton.joint_count());
  std::mt19937 rng(5);
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    const float duration = model.animations()[a].duration;
    for (int i = 0; i < 200; ++i) {
      // The first half plays forward through one loop, the rest jumps at random.
      const float time = i < 100 ? duration * float(i) / 99
                                 : std::uniform_real_distribution<float>(0, duration)(rng);
      sampler.sample(a, time, aem::Playback::clamp, locals);
      skeleton.local_to_model(locals, model_space);
      skeleton.skinning_matrices(model_space, skinning);
      const auto reference = aem::test::reference_skinning(model, a, aem::playback_time(time, duration, aem::Playback::clamp));
      ASSERT_LE(aem::test::skinning_error(skinning, reference), 1e-5) << "animation " << a << " time " << time;
    }
  }
}

// The mixer with one layer playing forward, as a game runs it, against the reference.
void expect_mixer_matches_reference(const aem::Model& model) {
  aem::AnimationMixer mixer(model);
  std::vector<float> skinning(16 * mixer.joint_count());
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    const float duration = model.animations()[a].duration;
    mixer.stop_all();
    const aem::LayerId layer = mixer.play({.animation = a});
    for (int frame = 0; frame < 200; ++frame) {
      mixer.evaluate(skinning);
      const float time = mixer.settings(layer).time;
      const auto reference = aem::test::reference_skinning(model, a, aem::playback_time(time, duration, aem::Playback::loop));
      ASSERT_LE(aem::test::skinning_error(skinning, reference), 1e-5) << "animation " << a << " frame " << frame;
      mixer.update(duration / 150);  // a loop and a third
    }
  }
}

class BakedCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(BakedCorpus, SamplingMatchesReference) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::string name = GetParam();
  const BakedModel baked(corpus / "khronos" / name / "glTF-Binary" / (name + ".glb"));
  expect_matches_reference(baked.model);
  expect_mixer_matches_reference(baked.model);
}

INSTANTIATE_TEST_SUITE_P(Khronos, BakedCorpus,
                         ::testing::Values("CesiumMan", "RiggedFigure", "BoxAnimated"));

}  // namespace
