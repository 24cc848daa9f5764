// The C mixer's per-frame calls never allocate: this program counts every allocation with
// counting_new (its own executable, so no other test runs with the replacement). Nor do the
// level and meshlet calls a renderer makes every frame.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "aem/aem.h"
#include "aem/pipeline/model_writer.hpp"
#include "counting_new.hpp"
#include "model_factory.hpp"
#include "morph_payload.hpp"

namespace {

TEST(CApiAllocation, FramesOfPlayingFadingAndEvaluatingAllocateNothing) {
  if (!aem::test::kCountsRuntimeAllocations) {
    GTEST_SKIP() << "aem.dll's allocations do not reach this program's operator new (counting_new.hpp)";
  }
  // With one morph target, whose weight is animated, so that the morph calls are counted too.
  aem::test::MorphSpec morphs;
  morphs.groups = {{"g", 1}};
  morphs.targets = {{"t", 0.5f, 7, 0, 3, false, {}, std::vector<float>(27, 0.25f)}};
  morphs.tracks = {{0, 0, 1, 1}};
  const std::vector<std::byte> bytes = aem::test::with_morph_payload(aem::test::tiny_model(), aem::test::morph_payload(morphs));
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_OK);
  aem_mixer* mixer = nullptr;
  const long at_create = aem::test::allocation_count();
  ASSERT_EQ(aem_mixer_create(model, 3, &mixer), AEM_OK);
  ASSERT_GT(aem::test::allocation_count(), at_create) << "the counting operator new is not in use";
  float skinning[16];
  float weights[1];
  aem_vertex morphed[3];
  const float mask[1] = {0.5f};
  aem_layer_settings wave;
  aem_layer_settings_init(&wave, 0);

  const long before = aem::test::allocation_count();
  aem_layer layer = AEM_NO_LAYER, next = AEM_NO_LAYER, extra = AEM_NO_LAYER;
  int failures = 0;
  failures += aem_mixer_play(mixer, &wave, &layer) != AEM_OK;
  for (int frame = 0; frame < 200; ++frame) {
    if (frame % 50 == 10) {
      failures += aem_mixer_cross_fade(mixer, layer, &wave, 0.2f, AEM_FADE_SMOOTH, &next) != AEM_OK;
      layer = next;
    }
    if (frame % 50 == 20) {
      failures += aem_mixer_play(mixer, &wave, &extra) != AEM_OK;
      failures += aem_mixer_set_mask(mixer, extra, mask, 1) != AEM_OK;
      failures += aem_mixer_fade(mixer, extra, 0.3f, 0.1f, AEM_FADE_LINEAR) != AEM_OK;
    }
    if (frame % 50 == 40) {
      failures += aem_mixer_stop(mixer, extra) != AEM_OK;
      // Refusals record their message without allocating either.
      failures += aem_mixer_stop(mixer, extra) != AEM_ERROR_STALE_LAYER;
    }
    failures += aem_mixer_update(mixer, 1.0f / 60) != AEM_OK;
    failures += aem_mixer_evaluate(mixer, skinning, 16) != AEM_OK;
    failures += aem_mixer_evaluate_morph_weights(mixer, weights, 1) != AEM_OK;
    failures += aem_morph_apply(model, weights, 1, morphed, 3) != AEM_OK;
    failures += aem_morph_apply(model, weights, 1, morphed, 2) != AEM_ERROR_INVALID_ARGUMENT;
    // Choosing a level and culling meshlets, as a renderer does every frame.
    std::uint32_t level = 0, meshlet_count = 0;
    aem_lod lod;
    const aem_meshlet* meshlets = nullptr;
    const float eye[3] = {0, 0, float(frame)};
    failures += aem_lod_for(model, 0, aem_allowed_object_error(1.0f, float(frame), 1.0f, 1080.0f), &level) != AEM_OK;
    failures += aem_mesh_lod(model, 0, level, &lod) != AEM_OK;
    failures += aem_mesh_lod(model, 0, 5, &lod) != AEM_ERROR_OUT_OF_RANGE;
    failures += aem_mesh_meshlets(model, 0, level, &meshlets, &meshlet_count) != AEM_OK;
    failures += meshlets != nullptr && aem_meshlet_faces_away(meshlets, eye) < 0;
  }
  const long during = aem::test::allocation_count() - before;

  EXPECT_EQ(failures, 0);
  EXPECT_EQ(during, 0) << "allocations during 200 frames";
  aem_mixer_destroy(mixer);
  aem_close(model);
}

}  // namespace
