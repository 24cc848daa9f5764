// aem::bind_pose_bounds, mesh_bind_pose_bounds and animation_bounds (model_bounds.hpp): exact
// boxes of models built here, whose every sampled pose is known.
#include <vector>

#include <gtest/gtest.h>

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "aem/model_bounds.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace aem::test {
namespace {

using pipeline::AnimationDesc;
using pipeline::JointDesc;
using pipeline::JointKeys;
using pipeline::ModelContent;
using Point = std::array<float, 3>;

Vertex vertex_at(float x, float y, float z, std::int32_t joint = -1) {
  return Vertex{{x, y, z}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0}, {joint, -1, -1, -1}, {joint < 0 ? 0.f : 1.f, 0, 0, 0}};
}

// One triangle per mesh over `vertices`, three at a time; one white texture, one material.
ModelContent triangles(std::vector<Vertex> vertices) {
  ModelContent m;
  m.vertices = std::move(vertices);
  for (std::uint32_t i = 0; i < m.vertices.size(); i += 3) {
    m.indices.insert(m.indices.end(), {i, i + 1, i + 2});
    m.meshes.push_back({i, 3, 0});
  }
  pipeline::TextureImage white;
  white.width = white.height = 1;
  white.mips = {std::byte{255}, std::byte{255}, std::byte{255}, std::byte{255}};
  m.textures = {white, white, white};
  m.materials = {{0, 1, 2, std::uint32_t(MaterialType::opaque)}};
  return m;
}

void expect_box(const BoundingBox& box, Point min, Point max) {
  EXPECT_EQ(box.min, min);
  EXPECT_EQ(box.max, max);
}

TEST(ModelBounds, StaticMeshesHaveTheBoxesOfTheirOwnVertices) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(triangles(
      {vertex_at(0, 0, 0), vertex_at(1, 2, 3), vertex_at(-1, 0.5f, 2),
       vertex_at(10, 10, 10), vertex_at(11, 12, 13), vertex_at(10.5f, 9, 10)}));
  const Model model = Model::open_memory(bytes);
  ASSERT_EQ(model.meshes().size(), 2u);
  expect_box(mesh_bind_pose_bounds(model, model.meshes()[0]), {-1, 0, 0}, {1, 2, 3});
  expect_box(mesh_bind_pose_bounds(model, model.meshes()[1]), {10, 9, 10}, {11, 12, 13});
  expect_box(bind_pose_bounds(model), {-1, 0, 0}, {11, 12, 13});
  const AnimationBounds motion = animation_bounds(model);  // nothing moves without joints
  expect_box(motion.box, {-1, 0, 0}, {11, 12, 13});
  EXPECT_EQ(motion.poses, 0u);
}

// A unit cube on a joint that rises 5 m over 1 s and comes back over the next; a static vertex
// at x = -3. The highest pose (t = 1 s) is a sample at 30 per second, so the box is exact.
ModelContent rising_cube() {
  std::vector<Vertex> vertices;
  for (int corner = 0; corner < 8; ++corner)
    vertices.push_back(vertex_at(corner & 1 ? 1.f : 0.f, corner & 2 ? 1.f : 0.f, corner & 4 ? 1.f : 0.f, 0));
  vertices.push_back(vertex_at(-3, 0, 0));
  while (vertices.size() % 3 != 0) vertices.push_back(vertex_at(0, 0, 0, 0));
  ModelContent m = triangles(std::move(vertices));
  m.joints = {JointDesc{"lift", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, -1}};
  JointKeys lift;
  lift.translations = {{0, {0, 0, 0, 0}}, {1, {0, 5, 0, 0}}, {2, {0, 0, 0, 0}}};
  lift.rotations = {{0, {0, 0, 0, 1}}};
  lift.scales = {{0, {1, 1, 1, 0}}};
  m.animations = {AnimationDesc{"rise", 2.0f, {lift}}};
  return m;
}

TEST(ModelBounds, TheMotionBoxHoldsEveryPoseAndTheBindBoxNone) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(rising_cube());
  const Model model = Model::open_memory(bytes);
  expect_box(bind_pose_bounds(model), {-3, 0, 0}, {1, 1, 1});
  const AnimationBounds per_vertex = animation_bounds(model);
  EXPECT_TRUE(per_vertex.per_vertex);
  EXPECT_EQ(per_vertex.poses, 61u);  // 2 s at 30 per second, both ends
  expect_box(per_vertex.box, {-3, 0, 0}, {1, 6, 1});
  // The joint's box through its posed matrix: the cube is rigid on it, so the same box.
  const AnimationBounds joint_boxes = animation_bounds(model, {.exact_budget = 0});
  EXPECT_FALSE(joint_boxes.per_vertex);
  expect_box(joint_boxes.box, {-3, 0, 0}, {1, 6, 1});
  // Sampled at 1 per second: t = 0, 1, 2 still meet the top.
  expect_box(animation_bounds(model, {.rate = 1}).box, {-3, 0, 0}, {1, 6, 1});
}

// A triangle without joints whose vertex 1 a morph target moves by (4, 0, 0): weight 0.25 by
// default, animated 0 -> 1 -> 0.5 over 2 s (the weight 1 at t = 1 s is a sample).
ModelContent morphing_triangle(bool animated) {
  ModelContent m = triangles({vertex_at(0, 0, 0), vertex_at(1, 0, 0), vertex_at(0, 1, 0)});
  auto& morphs = m.extensions.morph_targets;
  morphs.groups = {{"grow", 1}};
  morphs.targets = {{"stretch", 0.25f, kMorphPosition, 0, 3, true, {}, {0, 0, 0, 4, 0, 0, 0, 0, 0}}};
  if (animated) {
    m.animations = {AnimationDesc{"stretch", 2.0f, {}}};
    morphs.weight_tracks = {{0, 0, 1, 1, 2, 0.5f}};
  }
  return m;
}

TEST(ModelBounds, MorphTargetsMoveTheMotionBox) {
  const std::vector<std::byte> animated = pipeline::serialize_model(morphing_triangle(true));
  const Model model = Model::open_memory(animated);
  expect_box(bind_pose_bounds(model), {0, 0, 0}, {1, 1, 0});
  const AnimationBounds per_vertex = animation_bounds(model);
  EXPECT_TRUE(per_vertex.per_vertex);
  EXPECT_EQ(per_vertex.poses, 61u);
  expect_box(per_vertex.box, {0, 0, 0}, {5, 1, 0});
  // Conservative: the moved vertices' rest box grown by |w| x 4 (the target's largest delta).
  const AnimationBounds grown = animation_bounds(model, {.exact_budget = 0});
  EXPECT_FALSE(grown.per_vertex);
  expect_box(grown.box, {-4, -4, -4}, {5, 5, 4});
  // Without animations: the default weight.
  const std::vector<std::byte> still = pipeline::serialize_model(morphing_triangle(false));
  const AnimationBounds rest = animation_bounds(Model::open_memory(still));
  expect_box(rest.box, {0, 0, 0}, {2, 1, 0});
  EXPECT_EQ(rest.poses, 1u);
}

TEST(ModelBounds, AModelWithoutVerticesHasEmptyBoxes) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(triangles({}));
  const Model model = Model::open_memory(bytes);
  EXPECT_TRUE(bind_pose_bounds(model).empty());
  EXPECT_TRUE(animation_bounds(model).box.empty());
}

}  // namespace
}  // namespace aem::test
