// Bones parents-first with vertex indices remapped, static vertices and joint-less models on
// the added bone 'static', and weights rounded to sum to exactly 255.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "samf_test_support.hpp"

namespace aem::test::samf {

using pipeline::AnimationDesc;
using pipeline::JointDesc;
using pipeline::JointKeys;
using pipeline::ModelContent;

inline Vertex weighted(float x, std::array<std::int32_t, 4> joints, std::array<float, 4> weights) {
  Vertex v{{x, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0}, {}, {}};
  for (int k = 0; k < 4; ++k) v.joints[k] = joints[std::size_t(k)], v.weights[k] = weights[std::size_t(k)];
  return v;
}

inline JointDesc joint_at(const std::string& name, float x, std::int32_t parent) {
  return JointDesc{name, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, 0, 0, 1}, parent};  // global bind: x along x
}

TEST(SamfExportSkeleton, ChildrenFirstJointsAreReorderedAndIndicesRemapped) {
  ModelContent m;
  // AEM joints: 0 'hand' (child of 1), 1 'arm' (child of 2), 2 'body' (root).
  m.joints = {joint_at("hand", 3, 1), joint_at("arm", 2, 2), joint_at("body", 1, -1)};
  m.vertices = {weighted(3, {0, -1, -1, -1}, {1, 0, 0, 0}), weighted(1, {2, 1, -1, -1}, {0.5f, 0.5f, 0, 0})};
  JointKeys rest;
  rest.translations = {{0, {0, 0, 0, 0}}};
  m.animations = {AnimationDesc{"idle", 0, {rest, rest, rest}}};
  const auto result = pipeline::export_samf(*open_content(m).model, "arm");
  const File f = read(result.bytes);
  ASSERT_EQ(f.bone_count, 3);
  // Bones: 0 body (joint 2), 1 arm (joint 1), 2 hand (joint 0); a root is its own parent.
  EXPECT_EQ(f.parents, (std::vector<std::array<std::uint16_t, 2>>{{0, 0}, {1, 0}, {2, 1}}));
  EXPECT_EQ(f.bind_pose[0].t[0], 4096);  // body at x = 1
  EXPECT_EQ(f.bind_pose[1].t[0], 4096);  // arm one further, relative to the body
  EXPECT_EQ(f.bind_pose[2].t[0], 4096);
  EXPECT_EQ(f.skins[0].bones[0], 2);     // hand
  EXPECT_EQ(f.skins[0].weights[0], 255);
  EXPECT_EQ(f.skins[1].bones[0], 0);     // body, then arm
  EXPECT_EQ(f.skins[1].bones[1], 1);
  EXPECT_EQ(f.skins[1].weights[0] + f.skins[1].weights[1], 255);
  // The rest pose of every joint is (0, 0, 0): the frame's local matrices are identities.
  for (const Matrix& k : f.animations[0].keyframes) EXPECT_EQ(k.t[0], 0);
}

TEST(SamfExportSkeleton, StaticVerticesWeighOnAnAddedStaticBone) {
  ModelContent m;
  m.joints = {joint_at("root", 0, -1)};
  m.vertices = {weighted(1, {0, -1, -1, -1}, {1, 0, 0, 0}), weighted(2, {-1, -1, -1, -1}, {0, 0, 0, 0}),
                weighted(3, {0, -1, -1, -1}, {0, 0, 0, 0})};
  JointKeys turn;
  turn.rotations = {{0, {0, 0, 0.70710677f, 0.70710677f}}};
  m.animations = {AnimationDesc{"turn", 0, {turn}}};
  const auto result = pipeline::export_samf(*open_content(m).model, "prop");
  EXPECT_EQ(result.warnings[0],
            "prop: 2 vertices weigh on no joint (static): they weigh 255 on an added root bone 'static' at identity, "
            "bone 1");
  const File f = read(result.bytes);
  ASSERT_EQ(f.bone_count, 2);
  EXPECT_EQ(f.parents[1], (std::array<std::uint16_t, 2>{1, 1}));
  for (std::size_t v : {1u, 2u}) {
    EXPECT_EQ(f.skins[v].bones[0], 1);
    EXPECT_EQ(f.skins[v].weights[0], 255);
  }
  // Static vertices stay put in every frame; the others turn with the root.
  const auto skinning = samf_skinning(f, 0, 0);
  EXPECT_NEAR(samf_skin_vertex(f, skinning, 1)[0], 2.0, 1e-9);
  EXPECT_NEAR(samf_skin_vertex(f, skinning, 0)[1], 1.0, 1e-3);
}

TEST(SamfExportSkeleton, ModelWithoutJointsGetsOneStaticRoot) {
  ModelContent m;
  m.vertices = {weighted(1, {-1, -1, -1, -1}, {0, 0, 0, 0})};
  m.animations = {AnimationDesc{"none", 0.1f, {}}};
  const auto result = pipeline::export_samf(*open_content(m).model, "rock");
  EXPECT_EQ(result.warnings[0], "rock: no joints: every vertex weighs 255 on an added root bone 'static' at identity");
  const File f = read(result.bytes);
  ASSERT_EQ(f.bone_count, 1);
  EXPECT_EQ(f.skins[0].bones[0], 0);
  EXPECT_EQ(f.skins[0].weights[0], 255);
  ASSERT_EQ(f.animations[0].keyframe_count, 4u);  // round(0.1 x 30) + 1
  for (const Matrix& k : f.animations[0].keyframes) EXPECT_EQ(k.m[0][0], 4096);
}

TEST(SamfExportSkeleton, WeightsSumTo255ByLargestRemainder) {
  ModelContent m;
  m.joints = {joint_at("a", 0, -1), joint_at("b", 0, 0), joint_at("c", 0, 1), joint_at("d", 0, 2)};
  m.vertices = {weighted(0, {0, 1, 2, 3}, {0.25f, 0.25f, 0.25f, 0.25f}),    // 63.75 each: 64, 64, 64, 63
                weighted(0, {3, -1, 1, -1}, {0.6f, 0, 0.4f, 0}),             // 153, 102
                weighted(0, {0, 1, 2, -1}, {1.0f / 3, 1.0f / 3, 1.0f / 3, 0}),  // 85 each
                weighted(0, {2, 1, 0, 3}, {0.5f, 0.3f, 0.1f, 0.1f})};        // 127.5, 76.5, 25.5, 25.5
  const File f = read(pipeline::export_samf(*open_content(m).model, "mix").bytes);
  const auto weights = [&](std::size_t v) {
    return std::vector<int>(f.skins[v].weights, f.skins[v].weights + 4);
  };
  EXPECT_EQ(weights(0), (std::vector<int>{64, 64, 64, 63}));
  EXPECT_EQ(weights(1), (std::vector<int>{153, 102, 0, 0}));
  EXPECT_EQ(std::vector<int>(f.skins[1].bones, f.skins[1].bones + 4), (std::vector<int>{3, 1, 0, 0}));
  EXPECT_EQ(weights(2), (std::vector<int>{85, 85, 85, 0}));
  const std::vector<int> last = weights(3);
  EXPECT_EQ(last[0] + last[1] + last[2] + last[3], 255);
}

// A children-first arm 20 units out, animated: the automatic fit (0.25) and the reordering keep
// the file's skinning (specs/samf-export.md) where the runtime's is, times the scale.
TEST(SamfExportSkeleton, SkinningSurvivesReorderingAndTheAutomaticFit) {
  ModelContent m;
  m.joints = {joint_at("hand", 24, 1), joint_at("arm", 20, 2), joint_at("body", 10, -1)};
  m.vertices = {weighted(10, {2, -1, -1, -1}, {1, 0, 0, 0}), weighted(21, {1, 0, -1, -1}, {0.7f, 0.3f, 0, 0}),
                weighted(25, {0, 1, 2, -1}, {0.5f, 0.3f, 0.2f, 0}), weighted(5, {-1, -1, -1, -1}, {0, 0, 0, 0})};
  JointKeys body, arm, hand;
  body.translations = {{0, {10, 0, 0, 0}}, {1, {10, 2, 0, 0}}};
  arm.translations = {{0, {10, 0, 0, 0}}};
  arm.rotations = {{0, {0, 0, 0, 1}}, {1, {0, 0, 0.38268343f, 0.92387953f}}};  // 45 degrees about z
  hand.translations = {{0, {4, 0, 0, 0}}};
  hand.rotations = {{0, {0, 0, 0, 1}}, {0.5f, {0.38268343f, 0, 0, 0.92387953f}}, {1, {0, 0, 0, 1}}};
  m.animations = {AnimationDesc{"reach", 1, {hand, arm, body}}};
  const OpenedModel opened = open_content(m);
  const auto result = pipeline::export_samf(*opened.model, "reach");
  EXPECT_EQ(result.scale, 0.25);
  expect_skinning_matches(*opened.model, read(result.bytes), result.scale, 30.0);
}

}  // namespace aem::test::samf
