// aem-viewer morphs on the GPU (the morph_targets extension): AnimatedMorphCube (sparse targets)
// and SimpleMorph (dense) animate, and at each time the rendered silhouette is the one of the
// CPU path (aem::apply_morph_targets through the viewer's player) projected with the viewer's
// camera; weights of 0 draw the rest pose pixel for pixel; 300 weighted targets all apply (no
// cap); normal deltas turn the normal and rebuild the bitangent; targets over the buffer-texture
// limit are a warning and the rest pose; the player's weights and picking follow the morph.
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/pipeline/model_writer.hpp"
#include "corpus.hpp"
#include "model/animation_player.hpp"
#include "model/model_source.hpp"
#include "model/motion_bounds.hpp"
#include "model_factory.hpp"
#include "picking/material_picking.hpp"
#include "picking/posed_vertex.hpp"
#include "view/camera.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

constexpr int kSize = 256;
constexpr float kDegrees = 3.14159265f / 180;

// Pixel centres of a kSize² frame inside the front-facing (counter-clockwise) triangles of the
// model posed by `player` (morphed by its weights, skinned), seen as aem-viewer sees it from
// `yaw` and `pitch` degrees: the camera framed on the same motion bounds.
std::vector<bool> cpu_silhouette(const Model& model, AnimationPlayer& player, float yaw, float pitch) {
  player.evaluate();
  const std::vector<Vec3> posed = posed_positions(model, player.skinning(), player.morph_weights());
  OrbitCamera camera;
  camera.yaw = yaw * kDegrees;
  camera.pitch = pitch * kDegrees;
  camera.frame(motion_bounds(model, {.with_bind_pose = player.animation() < 0}), 1.0f);
  const Mat4 m = camera.projection(1.0f) * camera.view();
  std::vector<float> sx(posed.size()), sy(posed.size());
  for (std::size_t i = 0; i < posed.size(); ++i) {
    const Vec3 p = posed[i];
    const float w = m.m[3] * p.x + m.m[7] * p.y + m.m[11] * p.z + m.m[15];
    sx[i] = ((m.m[0] * p.x + m.m[4] * p.y + m.m[8] * p.z + m.m[12]) / w * 0.5f + 0.5f) * kSize;
    sy[i] = (0.5f - (m.m[1] * p.x + m.m[5] * p.y + m.m[9] * p.z + m.m[13]) / w * 0.5f) * kSize;  // rows top down
  }
  std::vector<bool> mask(std::size_t(kSize) * kSize, false);
  const auto indices = model.indices();
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    const std::uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const auto edge = [&](std::uint32_t i, std::uint32_t j, float x, float y) {
      return (sx[j] - sx[i]) * (y - sy[i]) - (sy[j] - sy[i]) * (x - sx[i]);
    };
    for (int y = 0; y < kSize; ++y) {
      for (int x = 0; x < kSize; ++x) {
        const float px = float(x) + 0.5f, py = float(y) + 0.5f;
        // Counter-clockwise on screen with rows going down: every edge function negative.
        if (edge(a, b, px, py) < 0 && edge(b, c, px, py) < 0 && edge(c, a, px, py) < 0) mask[std::size_t(y) * kSize + x] = true;
      }
    }
  }
  return mask;
}

// Pixels of `image` that are not the background (its corner), as coverage() counts them.
std::vector<bool> rendered_silhouette(const Image& image) {
  std::vector<bool> mask(std::size_t(image.width) * image.height, false);
  const std::uint8_t* background = image.at(0, 0);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      int d = 0;
      for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(image.at(x, y)[c]) - int(background[c])));
      mask[std::size_t(y) * image.width + x] = d > 12;
    }
  }
  return mask;
}

// The tolerance: the two silhouettes may disagree within one pixel of the CPU one's edge (pixel
// centres against multisampled, rasterised edges), and at kStrayPixels more (the tip of a
// sliver, SimpleMorph's apex). Returns the pixels that disagree farther in, and counts the
// covered ones.
constexpr int kStrayPixels = 2;
int silhouette_mismatches(const Image& image, const std::vector<bool>& cpu, int& covered) {
  if (image.width != kSize || image.height != kSize) return kSize * kSize;  // no image: all wrong
  const std::vector<bool> gpu = rendered_silhouette(image);
  int bad = 0;
  covered = 0;
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      const bool in = cpu[std::size_t(y) * kSize + x];
      covered += in ? 1 : 0;
      if (gpu[std::size_t(y) * kSize + x] == in) continue;
      bool near_edge = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = std::clamp(x + dx, 0, kSize - 1), ny = std::clamp(y + dy, 0, kSize - 1);
          near_edge = near_edge || cpu[std::size_t(ny) * kSize + nx] != in;
        }
      bad += near_edge ? 0 : 1;
    }
  }
  return bad;
}

// Renders `model` at `time` (or the bind pose when time < 0) and checks its silhouette against
// the CPU path's; returns the image.
Image expect_silhouette_of_cpu_path(const std::filesystem::path& model, const std::filesystem::path& png, float time,
                                    float yaw, float pitch, const std::string& environment = "") {
  const std::string when = time < 0 ? " --animation none" : " --time " + std::to_string(time);
  const std::string view = "--size 256x256 --no-grid --no-ibl --yaw " + std::to_string(yaw) + " --pitch " + std::to_string(pitch);
  const Image image = screenshot(model, png, view + when, environment);
  const LoadedModel loaded = load_model(model);
  AnimationPlayer player(loaded.model);
  if (time < 0) {
    player.select(-1);
  } else {
    player.set_time(time);
  }
  int covered = 0;
  EXPECT_LE(silhouette_mismatches(image, cpu_silhouette(loaded.model, player, yaw, pitch), covered), kStrayPixels)
      << png << ": the render's silhouette is not the CPU morph's";
  EXPECT_GT(covered, 200) << png;
  return image;
}

TEST(ViewerCorpus, MorphTargetsAnimateAsTheCpuPathMovesThem) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_morph");
  // AnimatedMorphCube: two sparse targets, weights animated over 4.2 s.
  const auto cube = bake_khronos_glb(corpus, "AnimatedMorphCube", dir);
  const Image cube_0 = expect_silhouette_of_cpu_path(cube, dir / "cube_0.png", 0.0f, 30, 15);
  const Image cube_1 = expect_silhouette_of_cpu_path(cube, dir / "cube_1.png", 1.0f, 30, 15);
  EXPECT_GT(difference(cube_0, cube_1).outliers, 0.02) << "the cube does not move between 0 s and 1 s";
  // SimpleMorph: one triangle, two dense targets; its apex rises by 2 at 2 s.
  const auto simple = bake_file(corpus / "khronos" / "SimpleMorph" / "glTF" / "SimpleMorph.gltf", dir / "SimpleMorph.aem");
  const Image simple_0 = expect_silhouette_of_cpu_path(simple, dir / "simple_0.png", 0.0f, 0, 0);
  const Image simple_2 = expect_silhouette_of_cpu_path(simple, dir / "simple_2.png", 2.0f, 0, 0);
  EXPECT_GT(coverage(simple_2), 2 * coverage(simple_0));
}

// tiny_model()'s triangle with `count` targets that each move its vertex 0 by (-d, -d, 0), at
// `weight` each by default: even ones dense over the three vertices (positions), odd ones sparse
// on vertex 0 (positions and normals, the normal deltas 0).
pipeline::ModelContent many_targets(std::uint32_t count, float weight, float d) {
  pipeline::ModelContent content = tiny_model();
  auto& morphs = content.extensions.morph_targets;
  morphs.groups = {{"Many", count}};
  for (std::uint32_t t = 0; t < count; ++t) {
    pipeline::MorphTargetContent target;
    target.name = "t" + std::to_string(t);
    target.default_weight = weight;
    target.vertex_span = 3;
    if (t % 2 == 0) {
      target.attributes = kMorphPosition;
      target.deltas = {-d, -d, 0, 0, 0, 0, 0, 0, 0};
    } else {
      target.attributes = kMorphPosition | kMorphNormal;
      target.dense = false;
      target.sparse_indices = {0};
      target.deltas = {-d, -d, 0, 0, 0, 0};
    }
    morphs.targets.push_back(target);
  }
  morphs.weight_tracks.resize(content.animations.size());
  return content;
}

TEST(ViewerRender, MorphTargetsHaveNoCapAndZeroWeightsDrawTheRestPose) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("morph_many");
  // 300 targets of weight 1: vertex 0 goes to (-1.5, -1.5); 256 of them would leave it at -1.28.
  const auto many = dir / "many.aem";
  pipeline::write_model_file(many, many_targets(300, 1.0f, 0.005f));
  const Image moved = expect_silhouette_of_cpu_path(many, dir / "many.png", -1, 0, 0);

  // Weights of 0: exactly the model without the extension.
  const auto zero = dir / "zero.aem", plain = dir / "plain.aem";
  pipeline::write_model_file(zero, many_targets(300, 0.0f, 0.005f));
  pipeline::write_model_file(plain, tiny_model());
  const std::string view = "--size 256x256 --no-grid --no-ibl --yaw 0 --pitch 0 --animation none";
  const Image rest = screenshot(zero, dir / "zero.png", view);
  const Image before = screenshot(plain, dir / "plain.png", view);
  EXPECT_EQ(difference(rest, before).mean, 0.0) << "weights of 0 changed the rest pose";
  EXPECT_GT(difference(rest, moved).outliers, 0.05);

  // Over the buffer-texture limit: a warning naming the model, and the rest pose.
  const CommandResult refused = run_viewer(shell_quote(many.string()) + " --screenshot " +
                                               shell_quote((dir / "refused.png").string()) + " " + view,
                                           "AEM_VIEWER_MAX_TEXTURE_BUFFER=64");
  EXPECT_EQ(refused.exit_code, 0) << refused.output;
  EXPECT_NE(refused.output.find("warning: " + many.string() + ": morph targets not drawn"), std::string::npos)
      << refused.output;
  // Framed on the motion the file describes, drawn at rest: the CPU path with weights held at 0.
  const LoadedModel loaded = load_model(many);
  AnimationPlayer player(loaded.model);
  player.select(-1);
  for (std::size_t t = 0; t < 300; ++t) player.hold_morph_weight(t, 0.0f);
  int covered = 0;
  EXPECT_LE(silhouette_mismatches(read_png(dir / "refused.png"), cpu_silhouette(loaded.model, player, 0, 0), covered),
            kStrayPixels);
  EXPECT_GT(covered, 200);
}

// The colour of a pixel well inside the CPU path's silhouette (5x5 pixels of it around).
const std::uint8_t* inner_pixel(const Image& image, const std::vector<bool>& cpu) {
  for (int y = 2; y + 2 < kSize; ++y) {
    for (int x = 2; x + 2 < kSize; ++x) {
      bool inside = true;
      for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) inside = inside && cpu[std::size_t(y + dy) * kSize + x + dx];
      if (inside && image.width == kSize && image.height == kSize) return image.at(x, y);
    }
  }
  return nullptr;
}

// A normal target of weight 1 turns tiny_model()'s normal (0, 0, 1) to normalize(0, -1, 1): the
// normals mode shows it, and the bitangent is rebuilt as cross(normal, tangent) with the core
// handedness, normalize(0, 1, 1) (the core's (0, 1, 0) if it were not).
TEST(ViewerRender, MorphedNormalsTurnTheBitangent) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("morph_normals");
  pipeline::ModelContent content = tiny_model();
  content.extensions.morph_targets.groups = {{"Tilt", 1}};
  content.extensions.morph_targets.targets = {{"tilt", 1.0f, kMorphNormal, 0, 3, true, {}, {0, -1, 0, 0, -1, 0, 0, -1, 0}}};
  content.extensions.morph_targets.weight_tracks.resize(content.animations.size());
  const auto model = dir / "tilt.aem";
  pipeline::write_model_file(model, content);
  const std::string view = "--size 256x256 --no-grid --no-ibl --yaw 0 --pitch 0 --animation none --mode ";
  const Image normals = screenshot(model, dir / "normals.png", view + "normals");
  const Image bitangents = screenshot(model, dir / "bitangents.png", view + "bitangents");
  const LoadedModel loaded = load_model(model);
  AnimationPlayer player(loaded.model);
  player.select(-1);
  const std::vector<bool> cpu = cpu_silhouette(loaded.model, player, 0, 0);
  const std::uint8_t* n = inner_pixel(normals, cpu);
  const std::uint8_t* b = inner_pixel(bitangents, cpu);
  ASSERT_TRUE(n != nullptr && b != nullptr);
  // Shown as v * 0.5 + 0.5, 8 bits: (0, -0.707, 0.707) is (128, 37, 218); (0, 0.707, 0.707) (128, 218, 218).
  EXPECT_NEAR(n[0], 128, 2);
  EXPECT_NEAR(n[1], 37, 2);
  EXPECT_NEAR(n[2], 218, 2);
  EXPECT_NEAR(b[0], 128, 2);
  EXPECT_NEAR(b[1], 218, 2);
  EXPECT_NEAR(b[2], 218, 2);
}

// Two targets on tiny_model()'s triangle (vertex 0 moved by (-0.5, -0.5) each, default weight
// 0.25), animated from (0, 0) at 0 s to (1, 0.5) at 1 s.
pipeline::ModelContent two_animated_targets() {
  pipeline::ModelContent content = many_targets(2, 0.25f, 0.5f);
  content.extensions.morph_targets.weight_tracks = {{0, 0, 0, 1, 1, 0.5f}};
  return content;
}

TEST(ViewerUnit, MorphWeightsFollowTheAnimationUntilHeld) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(two_animated_targets());
  const Model model = Model::open_memory(bytes);
  AnimationPlayer player(model);
  ASSERT_EQ(player.morph_weights().size(), 2u);
  player.set_time(1.0f);
  player.evaluate();
  EXPECT_EQ(player.morph_weights()[0], 1.0f);
  EXPECT_EQ(player.morph_weights()[1], 0.5f);
  player.select(-1);  // the bind pose: the default weights
  player.evaluate();
  EXPECT_EQ(player.morph_weights()[0], 0.25f);
  player.hold_morph_weight(1, 0.75f);
  player.select(0);
  player.evaluate();
  EXPECT_EQ(player.morph_weights()[0], 1.0f);
  EXPECT_EQ(player.morph_weights()[1], 0.75f) << "a held weight overrides the animation";
  EXPECT_TRUE(player.morph_weight_held(1));
  player.release_morph_weights();
  player.evaluate();
  EXPECT_EQ(player.morph_weights()[1], 0.5f);
  EXPECT_FALSE(player.any_morph_weight_held());
}

TEST(ViewerUnit, PicksTheMorphAsDrawn) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(many_targets(2, 1.0f, 0.5f));
  const Model model = Model::open_memory(bytes);
  // Vertex 0 morphs from (0, 0) to (-1, -1): (-0.5, -0.4) is inside the morphed triangle only.
  const Ray ray{{-0.5f, -0.4f, 1}, {0, 0, -1}};
  const std::vector<float> weights = {1.0f, 1.0f};
  EXPECT_TRUE(pick(model, {}, ray, 0, 10, weights));
  EXPECT_FALSE(pick(model, {}, ray, 0, 10));
}

}  // namespace
}  // namespace aem::test::viewer
