// Picking the material under the cursor on the CPU: rays at known triangles of a corpus model
// with many materials (2CylinderEngine) and of a skin posed mid-animation (CesiumMan), which
// must hit what is there and not what the bind pose had there.
#include <cmath>
#include <filesystem>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "model/animation_player.hpp"
#include "model/model_source.hpp"
#include "picking/material_picking.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

struct Triangle {
  Vec3 a, b, c;
  Vec3 centroid() const { return (a + b + c) * (1.0f / 3); }
  Vec3 normal() const { return cross(b - a, c - a); }  // length: twice the area
};

Triangle posed_triangle(const Model& model, std::span<const float> skinning, std::uint32_t first_index) {
  const auto v = model.vertices();
  const auto i = model.indices();
  return {posed_position(v[i[first_index]], skinning), posed_position(v[i[first_index + 1]], skinning),
          posed_position(v[i[first_index + 2]], skinning)};
}

// For each material, its largest triangle: a ray from just in front of its centroid, straight at
// it, must pick that material; the same ray reversed (from behind) must not hit that triangle.
void expect_picks_each_material(const Model& model, std::span<const float> skinning, float radius) {
  const auto meshes = model.meshes();
  std::vector<float> best_area(model.materials().size(), 0);
  std::vector<std::uint32_t> best_first(model.materials().size(), 0);
  for (const Mesh& mesh : meshes) {
    for (std::uint32_t t = 0; t < mesh.index_count; t += 3) {
      const float area = length(posed_triangle(model, skinning, mesh.first_index + t).normal());
      if (area > best_area[mesh.material]) {
        best_area[mesh.material] = area;
        best_first[mesh.material] = mesh.first_index + t;
      }
    }
  }
  int tried = 0;
  for (std::size_t material = 0; material < best_area.size(); ++material) {
    if (best_area[material] <= 0) continue;
    const Triangle tri = posed_triangle(model, skinning, best_first[material]);
    const Vec3 n = normalize(tri.normal());
    const Vec3 from = tri.centroid() + n * (radius * 1e-3f);
    const auto hit = pick(model, skinning, {from, n * -1.0f});
    ASSERT_TRUE(hit) << "material " << material;
    EXPECT_EQ(hit->material, material);
    EXPECT_EQ(hit->triangle, best_first[material] / 3) << "material " << material;
    EXPECT_NEAR(hit->distance, radius * 1e-3f, radius * 1e-4f);
    // From behind, single-sided: this triangle cannot be the hit.
    const auto behind = pick(model, skinning, {tri.centroid() - n * (radius * 1e-3f), n});
    if (behind) {
      EXPECT_NE(behind->triangle, best_first[material] / 3);
    }
    ++tried;
  }
  EXPECT_EQ(tried, int(model.materials().size()));
}

float radius_of(const Model& model, std::span<const float> skinning) {
  Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
  for (const Vertex& v : model.vertices()) {
    const Vec3 p = posed_position(v, skinning);
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  return length(hi - lo) / 2;
}

TEST(ViewerUnit, PicksEveryMaterialOfAManyMaterialModel) {
  AEM_REQUIRE_CORPUS(corpus);
  const LoadedModel loaded = load_model(corpus / "khronos" / "2CylinderEngine" / "glTF-Binary" / "2CylinderEngine.glb");
  ASSERT_GE(loaded.model.materials().size(), 10u);
  expect_picks_each_material(loaded.model, {}, radius_of(loaded.model, {}));
}

TEST(ViewerUnit, PicksTheSkinAsPosedNotAsBound) {
  AEM_REQUIRE_CORPUS(corpus);
  const LoadedModel loaded = load_model(corpus / "khronos" / "CesiumMan" / "glTF-Binary" / "CesiumMan.glb");
  AnimationPlayer player(loaded.model);
  ASSERT_EQ(player.animation(), 0);
  player.set_time(1.0f);
  player.evaluate();
  const std::span<const float> skinning = player.skinning();
  const float radius = radius_of(loaded.model, skinning);
  expect_picks_each_material(loaded.model, skinning, radius);

  // A triangle that moved (its posed centroid is far from its bind one): a ray at where it is
  // now hits it; the bind pose would not have it there.
  std::uint32_t moved = 0;
  float farthest = 0;
  for (std::uint32_t i = 0; i + 2 < loaded.model.indices().size(); i += 3) {
    const float d = length(posed_triangle(loaded.model, skinning, i).centroid() -
                           posed_triangle(loaded.model, {}, i).centroid());
    if (d > farthest) farthest = d, moved = i;
  }
  ASSERT_GT(farthest, radius * 0.05f);
  const Triangle tri = posed_triangle(loaded.model, skinning, moved);
  const Vec3 n = normalize(tri.normal());
  const Ray ray{tri.centroid() + n * (radius * 1e-3f), n * -1.0f};
  const auto posed_hit = pick(loaded.model, skinning, ray);
  ASSERT_TRUE(posed_hit);
  EXPECT_EQ(posed_hit->triangle, moved / 3);
  const auto bind_hit = pick(loaded.model, {}, ray);
  if (bind_hit) {
    EXPECT_NE(bind_hit->triangle, moved / 3);
  }
}

TEST(ViewerUnit, PickSkipsWhatTheClipPlanesRemove) {
  AEM_REQUIRE_CORPUS(corpus);
  const LoadedModel loaded = load_model(corpus / "khronos" / "Box" / "glTF-Binary" / "Box.glb");
  // Straight down the Z axis into the unit box from z = 2: its front face is 1.5 away. Once a
  // near plane cuts that face away, the ray sees the far face from inside, from behind: nothing,
  // as in the render.
  const Ray ray{{0.01f, 0.02f, 2.0f}, {0, 0, -1}};
  const auto nearest = pick(loaded.model, {}, ray);
  ASSERT_TRUE(nearest);
  EXPECT_NEAR(nearest->distance, 1.5f, 1e-4f);
  EXPECT_TRUE(pick(loaded.model, {}, ray, 1.4f, 1.6f));
  EXPECT_FALSE(pick(loaded.model, {}, ray, 1.6f));
  EXPECT_FALSE(pick(loaded.model, {}, ray, 0, 1.4f));
}

TEST(ViewerUnit, PixelRayGoesThroughTheTargetAtTheCentre) {
  OrbitCamera camera;
  camera.frame({{-1, -1, -1}, {1, 1, 1}});
  const Ray ray = pixel_ray(camera, 50, 25, 100, 50);
  const Vec3 to_target = normalize(camera.target - camera.eye());
  EXPECT_NEAR(dot(normalize(ray.direction), to_target), 1.0f, 1e-6f);
  // Its length along the view axis is 1: a hit's distance is its view depth.
  EXPECT_NEAR(dot(ray.direction, to_target), 1.0f, 1e-6f);
  // A corner pixel's ray leaves at half the field of view vertically.
  const Ray top = pixel_ray(camera, 50, 0, 100, 50);
  EXPECT_NEAR(std::acos(dot(normalize(top.direction), to_target)), OrbitCamera::kFovY / 2, 1e-4f);
}

}  // namespace
}  // namespace aem::test::viewer
