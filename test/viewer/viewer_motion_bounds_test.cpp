// motion_bounds: the bounds the camera frames hold the model in every pose of the animation,
// both the exact way (CPU skinning at every sample) and the conservative way for big models
// (per-joint boxes), checked against poses between the samples.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "aem/animation_mixer.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model/motion_bounds.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;
using pipeline::AnimationDesc;
using pipeline::JointDesc;
using pipeline::JointKeys;
using pipeline::ModelContent;

Vertex vertex_at(float x, float y, float z, std::int32_t j0, float w0, std::int32_t j1 = -1, float w1 = 0) {
  return Vertex{{x, y, z}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0}, {j0, j1, -1, -1}, {w0, w1, 0, 0}};
}

// A root that rises 5 m and comes back over 2 s carrying a cube; a child 2 m to its side that
// turns half a circle around z carrying another cube; vertices blended between the two; one
// static vertex. Only positions and skinning matter here.
ModelContent swinging_model() {
  ModelContent m;
  for (int corner = 0; corner < 8; ++corner) {
    const float x = corner & 1 ? 0.5f : -0.5f, y = corner & 2 ? 0.5f : -0.5f, z = corner & 4 ? 0.5f : -0.5f;
    m.vertices.push_back(vertex_at(x, y, z, 0, 1));
    m.vertices.push_back(vertex_at(2 + x * 0.5f, y * 0.5f, z * 3, 1, 1));
    m.vertices.push_back(vertex_at(1 + x, y, z, 0, 0.25f, 1, 0.75f));
  }
  m.vertices.push_back(vertex_at(-3, 0, 0, -1, 0));
  for (std::uint32_t i = 0; i + 2 < m.vertices.size(); ++i) {
    m.indices.insert(m.indices.end(), {i, i + 1, i + 2});
  }
  pipeline::TextureImage white;
  white.width = white.height = 1;
  white.mips = {std::byte{255}, std::byte{255}, std::byte{255}, std::byte{255}};
  m.textures = {white, white, white};
  m.meshes = {{0, std::uint32_t(m.indices.size()), 0}};
  m.materials = {{0, 1, 2, std::uint32_t(MaterialType::opaque)}};
  m.joints = {JointDesc{"root", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, -1},
              JointDesc{"arm", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -2, 0, 0, 1}, 0}};
  JointKeys root, arm;
  root.translations = {{0, {0, 0, 0, 0}}, {1, {0, 5, 0, 0}}, {2, {0, 0, 0, 0}}};
  root.rotations = {{0, {0, 0, 0, 1}}};
  root.scales = {{0, {1, 1, 1, 0}}};
  arm.translations = {{0, {2, 0, 0, 0}}};
  const float s = std::sqrt(0.5f);
  arm.rotations = {{0, {0, 0, 0, 1}}, {1, {0, 0, s, s}}, {2, {0, 0, 1, 0}}};
  arm.scales = {{0, {1, 1, 1, 0}}};
  m.animations = {AnimationDesc{"swing", 2.0f, {root, arm}}};
  return m;
}

// Every vertex of the model posed at `time` (as the renderer skins it).
std::vector<Vec3> posed_vertices(const Model& model, float time) {
  AnimationMixer mixer(model, 1);
  mixer.play({.animation = 0, .time = time, .speed = 0, .playback = Playback::clamp});
  std::vector<float> skinning(16 * mixer.joint_count());
  mixer.evaluate(skinning);
  std::vector<Vec3> out;
  for (const Vertex& v : model.vertices()) {
    const Vec3 p{v.position[0], v.position[1], v.position[2]};
    Vec3 sum;
    float total = 0;
    for (int i = 0; i < 4; ++i) {
      if (v.joints[i] < 0 || v.weights[i] <= 0) continue;
      Mat4 m;
      std::copy_n(&skinning[std::size_t(v.joints[i]) * 16], 16, m.m);
      sum = sum + transform_point(m, p) * v.weights[i];
      total += v.weights[i];
    }
    out.push_back(total > 0 ? sum : p);
  }
  return out;
}

void expect_holds_every_pose(const Model& model, const Bounds& b, const char* how) {
  constexpr float kSlack = 0.01f;  // what a part can move between two samples 1/30 s apart
  for (float time = 0; time <= 2.0f; time += 0.0173f) {
    for (const Vec3& p : posed_vertices(model, time)) {
      EXPECT_TRUE(p.x >= b.min.x - kSlack && p.y >= b.min.y - kSlack && p.z >= b.min.z - kSlack &&
                  p.x <= b.max.x + kSlack && p.y <= b.max.y + kSlack && p.z <= b.max.z + kSlack)
          << how << ": vertex (" << p.x << ", " << p.y << ", " << p.z << ") at " << time << " s is outside";
    }
  }
}

TEST(ViewerUnit, MotionBoundsHoldEveryPoseOfTheAnimation) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(swinging_model());
  const Model model = Model::open_memory(bytes);

  const Bounds exact = motion_bounds(model);
  expect_holds_every_pose(model, exact, "exact");
  // The rise of the root is in the bounds, not only the first pose: the cube's top reaches 5.5.
  EXPECT_NEAR(exact.max.y, 5.5f, 0.01f);
  EXPECT_NEAR(exact.min.x, -3.0f, 1e-5f);  // the static vertex

  // Per-joint boxes (as for a model too big to skin at every sample): conservative, and not much
  // larger (the blended vertices' boxes are what it adds).
  const Bounds boxes = motion_bounds(model, {.exact_budget = 0});
  expect_holds_every_pose(model, boxes, "joint boxes");
  for (int axis = 0; axis < 3; ++axis) {
    const float lo[3] = {boxes.min.x, boxes.min.y, boxes.min.z}, hi[3] = {boxes.max.x, boxes.max.y, boxes.max.z};
    const float elo[3] = {exact.min.x, exact.min.y, exact.min.z}, ehi[3] = {exact.max.x, exact.max.y, exact.max.z};
    EXPECT_LE(lo[axis], elo[axis] + 1e-4f) << axis;
    EXPECT_GE(hi[axis], ehi[axis] - 1e-4f) << axis;
    EXPECT_LT(hi[axis] - lo[axis], 1.5f * (ehi[axis] - elo[axis])) << axis;
  }

  // Sampled coarsely (one interval: the first and last poses, which are alike) the rise is lost:
  // the samples are what finds it.
  const Bounds coarse = motion_bounds(model, {.max_samples = 1});
  EXPECT_LT(coarse.max.y, 2.0f);
  // The bind pose counts when asked for: here it lies inside the motion.
  const Bounds with_bind = motion_bounds(model, {.with_bind_pose = true});
  EXPECT_FLOAT_EQ(with_bind.max.y, exact.max.y);
  EXPECT_FLOAT_EQ(with_bind.min.x, exact.min.x);
}

TEST(ViewerUnit, MotionBoundsOfAModelWithoutAnimationsAreItsBindPose) {
  ModelContent content = swinging_model();
  content.animations.clear();
  const std::vector<std::byte> bytes = pipeline::serialize_model(content);
  const Bounds bind = motion_bounds(Model::open_memory(bytes));
  EXPECT_FLOAT_EQ(bind.min.x, -3.0f);
  EXPECT_FLOAT_EQ(bind.max.x, 2.25f);
  EXPECT_FLOAT_EQ(bind.max.y, 0.5f);
  EXPECT_FLOAT_EQ(bind.max.z, 1.5f);
}

}  // namespace
}  // namespace aem::test::viewer
