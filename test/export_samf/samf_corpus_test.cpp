// Skinned corpus models baked, exported and read back: counts, parents, positions, weights,
// every frame's matrices against the runtime's sampler, and the skinning of samf-spec.md
// against the AEM runtime's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bake_test_support.hpp"
#include "samf_test_support.hpp"

namespace aem::test::samf {

class SamfCorpus : public ::testing::TestWithParam<const char*> {};

// Positions within half a 4.12 step of the AEM's (after the scale), weights within 1/255 of
// the AEM's and summing to 255, faces the meshes' indices in order.
inline void expect_mesh_matches(const Model& model, const File& f, double scale) {
  const auto vertices = model.vertices();
  ASSERT_EQ(f.vertex_count, vertices.size());
  double worst = 0;
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const std::int16_t stored[3] = {f.positions[v].x, f.positions[v].y, f.positions[v].z};
    for (int k = 0; k < 3; ++k) worst = std::max(worst, std::fabs(stored[k] * kStep - vertices[v].position[k] * scale));
    const Skin& skin = f.skins[v];
    EXPECT_EQ(skin.weights[0] + skin.weights[1] + skin.weights[2] + skin.weights[3], 255) << "vertex " << v;
    double sum = 0;
    for (float w : vertices[v].weights) sum += w > 0 ? w : 0;
    for (int k = 0; k < 4; ++k) {
      if (!(vertices[v].weights[k] > 0) || vertices[v].joints[k] < 0) continue;
      // Bones keep the AEM's order in these models (parents first already).
      const auto slot = std::find(skin.bones, skin.bones + 4, std::uint8_t(vertices[v].joints[k])) - skin.bones;
      ASSERT_LT(slot, 4) << "vertex " << v;
      EXPECT_LE(std::fabs(skin.weights[slot] / 255.0 - vertices[v].weights[k] / sum), 1.0 / 255) << "vertex " << v;
    }
  }
  EXPECT_LE(worst, 0.5 * kStep + 1e-12);
  std::vector<std::uint32_t> indices;
  for (const auto& face : f.faces) indices.insert(indices.end(), face.begin(), face.end());
  EXPECT_EQ(indices, std::vector<std::uint32_t>(model.indices().begin(), model.indices().end()));
}

// Every keyframe matrix within half a step (plus float rounding) of the runtime sampler's local.
inline void expect_keyframes_match(const Model& model, const File& f, double scale, double fps) {
  AnimationSampler sampler(model);
  std::vector<Transform> locals(model.joints().size());
  double worst = 0;
  for (std::size_t a = 0; a < f.animations.size(); ++a) {
    const Animation& anim = f.animations[a];
    for (std::uint32_t frame = 0; frame < anim.keyframe_count; ++frame) {
      const double time = std::min(frame / fps, double(model.animations()[a].duration));
      sampler.sample(std::uint32_t(a), float(time), Playback::clamp, locals);
      for (std::size_t b = 0; b < model.joints().size(); ++b) {
        const Mat4 expected = to_matrix(locals[b]);
        const Mat stored = to_mat(anim.keyframes[frame + b * anim.keyframe_count]);
        for (int i = 0; i < 15; ++i)
          worst = std::max(worst, std::fabs(stored[std::size_t(i)] - expected.m[i] * (i >= 12 ? scale : 1.0)));
      }
    }
  }
  EXPECT_LE(worst, 0.5 * kStep + 1e-5);  // to_matrix's float products differ from the exporter's doubles
}

TEST_P(SamfCorpus, ExportsAndReadsBack) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::filesystem::path path = khronos_model(corpus, GetParam());
  if (path.empty()) GTEST_SKIP() << GetParam() << " is not in the corpus";
  const BakedModel& baked_model = baked(path);
  const Model& model = *baked_model.model;
  // The automatic scale, then half of it given: positions and translations halve, nothing else
  // moves (1 and 0.5 for the metre-sized models; Fox, in centimetres, fits at 1/16).
  const double automatic = pipeline::export_samf(model, GetParam(), {.fps = 30.0, .scale = {}}).scale;
  // The largest power of two that fits: Fox reaches 88.1 cm (5.5 at 1/16, 11 at 1/8).
  EXPECT_EQ(automatic, std::string(GetParam()) == "Fox" ? 0.0625 : 1.0);
  for (const std::optional<double> scale : {std::optional<double>{}, std::optional<double>{automatic / 2}}) {
    SCOPED_TRACE(scale ? "half the automatic scale" : "automatic scale");
    const auto result = pipeline::export_samf(model, GetParam(), {.fps = 30.0, .scale = scale});
    if (!scale)
      for (const std::string& w : result.warnings) std::printf("warning: %s\n", w.c_str());
    const File f = read(result.bytes);
    ASSERT_FALSE(model.joints().empty());
    EXPECT_EQ(f.magic, 0x464D4153u);
    EXPECT_EQ(f.version, 2);
    EXPECT_EQ(f.anim_count, model.animations().size());
    EXPECT_EQ(f.face_count, model.indices().size() / 3);
    ASSERT_EQ(f.bone_count, model.joints().size());  // no static vertices in these
    for (std::size_t b = 0; b < f.bone_count; ++b) {
      const std::int32_t parent = model.joints()[b].parent;
      EXPECT_EQ(f.parents[b][0], b);
      EXPECT_EQ(f.parents[b][1], parent < 0 ? b : std::size_t(parent));
    }
    expect_mesh_matches(model, f, result.scale);
    expect_keyframes_match(model, f, result.scale, 30.0);
    // Fox fills the range (5.5 of 8 at 1/16) down chains of its 24 joints, and a matrix entry's
    // rounding moves a point in proportion to its distance: measured 13.2 steps, 7.0 at 1/32.
    expect_skinning_matches(model, f, result.scale, 30.0, std::string(GetParam()) == "Fox" ? 16 : 8);
  }
}

INSTANTIATE_TEST_SUITE_P(Khronos, SamfCorpus, ::testing::Values("CesiumMan", "Fox", "RiggedSimple", "RiggedFigure"));

}  // namespace aem::test::samf
