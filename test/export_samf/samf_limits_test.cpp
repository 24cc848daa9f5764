// Every limit of SAMF is an error with an exact message naming the model, the element and the limit.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "samf_test_support.hpp"

namespace aem::test::samf {

using pipeline::AnimationDesc;
using pipeline::JointDesc;
using pipeline::ModelContent;

// One vertex-less skeleton of `joints` roots.
inline ModelContent roots(std::size_t joints) {
  ModelContent m;
  for (std::size_t j = 0; j < joints; ++j) m.joints.push_back(JointDesc{"j" + std::to_string(j), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, -1});
  return m;
}

inline Vertex vertex_at(float x, float y, float z, std::int32_t joint = 0) {
  return Vertex{{x, y, z}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0}, {joint, -1, -1, -1}, {joint < 0 ? 0.0f : 1.0f, 0, 0, 0}};
}

TEST(SamfExportLimits, MoreThan65535Faces) {
  ModelContent m = roots(1);
  m.vertices = {vertex_at(0, 0, 0), vertex_at(1, 0, 0), vertex_at(0, 1, 0)};
  for (int i = 0; i < 65536; ++i) m.indices.insert(m.indices.end(), {0, 1, 2});
  m.meshes = {{0, std::uint32_t(m.indices.size()), 0}};
  m.materials = {{0, 0, 0, 0}};
  m.textures.resize(1);
  m.textures[0].width = m.textures[0].height = 1;
  m.textures[0].mips.resize(4);
  const OpenedModel model = open_content(m);
  EXPECT_EQ(export_error(*model.model, "big"), "big: 65536 faces exceed SAMF's limit of 65535 (the header's u16 face_count)");
  m.indices.resize(3 * 65535);
  m.meshes[0].index_count = std::uint32_t(m.indices.size());
  EXPECT_EQ(export_error(*open_content(m).model, "big"), "no error");
}

TEST(SamfExportLimits, MoreThan65536Vertices) {
  ModelContent m = roots(1);
  m.vertices.assign(65537, vertex_at(0, 0, 0));
  EXPECT_EQ(export_error(*open_content(m).model, "dense"),
            "dense: 65537 vertices exceed SAMF's limit of 65536 (faces index vertices with a u16)");
  m.vertices.resize(65536);  // the last one is index 65535: a u16 still
  EXPECT_EQ(export_error(*open_content(m).model, "dense"), "no error");
}

TEST(SamfExportLimits, MoreThan256Bones) {
  EXPECT_EQ(export_error(*open_content(roots(257)).model, "crowd"),
            "crowd: 257 bones exceed SAMF's limit of 256 (skin weights name bones with a u8)");
  EXPECT_EQ(export_error(*open_content(roots(256)).model, "crowd"), "no error");
  ModelContent with_static = roots(256);
  with_static.vertices = {vertex_at(0, 0, 0, -1)};
  EXPECT_EQ(export_error(*open_content(with_static).model, "crowd"),
            "crowd: 257 bones (the added bone 'static' included) exceed SAMF's limit of 256 (skin weights name "
            "bones with a u8)");
}

TEST(SamfExportLimits, MoreThan65535Animations) {
  ModelContent m = roots(0);
  m.animations.resize(65536);
  for (std::size_t a = 0; a < m.animations.size(); ++a) m.animations[a].name = std::to_string(a);
  EXPECT_EQ(export_error(*open_content(m).model, "busy"),
            "busy: 65536 animations exceed SAMF's limit of 65535 (the header's u16 anim_count)");
  m.animations.resize(65535);
  EXPECT_EQ(export_error(*open_content(m).model, "busy"), "no error");
}

TEST(SamfExportLimits, LongNamesAreCutWithAWarningAndCollisionsAreErrors) {
  ModelContent m = roots(1);
  m.animations = {AnimationDesc{"Walking_Long", 0, {{}}}, AnimationDesc{"run", 0, {{}}}, AnimationDesc{"abcdefgÄrger", 0, {{}}}};
  const auto result = pipeline::export_samf(*open_content(m).model, "hero");
  EXPECT_EQ(result.warnings, (std::vector<std::string>{
      "hero: animation 'Walking_Long' is named 'Walking_' (SAMF names are 8 bytes)",
      "hero: animation 'abcdefgÄrger' is named 'abcdefg' (SAMF names are 8 bytes)"}));  // not inside 'Ä'
  const File f = read(result.bytes);
  EXPECT_EQ(f.animations[0].name, "Walking_");
  EXPECT_EQ(f.animations[2].name, "abcdefg");
  m.animations.push_back(AnimationDesc{"Walking_Short", 0, {{}}});
  EXPECT_EQ(export_error(*open_content(m).model, "hero"),
            "hero: animations 'Walking_Long' and 'Walking_Short' are both named 'Walking_' in SAMF's 8-byte names");
}

// A high frame rate is refused before anything is sampled or allocated: the blocks together
// are bounded, not each by its u32 alone.
TEST(SamfExportLimits, AnimationBytesAreBounded) {
  ModelContent m = roots(1);
  m.animations = {AnimationDesc{"forever", 1e7f, {{}}}};
  EXPECT_EQ(export_error(*open_content(m).model, "slow"),
            "slow: at 30 fps, animation 'forever' (300000001 frames of 1 bones) brings the animation blocks to "
            "9600000052 bytes, past the exporter's limit of 67108864 (64 MiB): lower the frame rate");
  m.animations = {AnimationDesc{"walk", 2.0f, {{}}}, AnimationDesc{"run", 2.0f, {{}}}};
  EXPECT_EQ(export_error(*open_content(m).model, "fast", {.fps = 1e6, .scale = {}}),
            "fast: at 1000000 fps, animation 'run' (2000001 frames of 1 bones) brings the animation blocks to "
            "128000104 bytes, past the exporter's limit of 67108864 (64 MiB): lower the frame rate");
  m.animations = {AnimationDesc{"forever", 1e30f, {{}}}};
  EXPECT_EQ(export_error(*open_content(m).model, "slow"),
            "slow: animation 'forever' lasts 1.0000000150474662e+30 s: at 30 fps its frame count exceeds SAMF's u32");
}

TEST(SamfExportLimits, CoordinatesOutsideTheRangeWithAGivenScale) {
  ModelContent m = roots(1);
  m.vertices = {vertex_at(0, 0, 0), vertex_at(12.5f, 0, 0), vertex_at(0, -9, 0)};
  const OpenedModel model = open_content(m);
  EXPECT_EQ(export_error(*model.model, "tall", {.scale = 1.0}),
            "tall: with scale 1, coordinate 12.5 (vertex 1 position x) leaves 4.12's range [-8, 7.999755859375]; "
            "a scale of at most 0.63998046875000003 fits (the automatic fit would use 0.5)");
  EXPECT_EQ(export_error(*model.model, "tall", {.scale = 0.0}), "tall: scale 0 is not a finite number > 0");
  EXPECT_EQ(export_error(*model.model, "tall", {.fps = -1, .scale = {}}), "tall: fps -1 is not a finite number > 0");
  const auto fitted = pipeline::export_samf(*model.model, "tall", {.scale = 0.6});
  EXPECT_EQ(fitted.scale, 0.6);
  EXPECT_EQ(read(fitted.bytes).positions[1].x, 30720);  // 12.5 x 0.6 x 4096
}

TEST(SamfExportLimits, AutomaticFitIsAPowerOfTwoWithAWarning) {
  ModelContent m = roots(1);
  m.joints[0].inverse_bind[12] = -20;  // the bone's bind translation: +20 in x
  m.vertices = {vertex_at(0, 0, 0), vertex_at(12.5f, 0, 0)};
  const auto result = pipeline::export_samf(*open_content(m).model, "far");
  EXPECT_EQ(result.scale, 0.25);
  ASSERT_FALSE(result.warnings.empty());
  EXPECT_EQ(result.warnings[0],
            "far: coordinate 20 (bone 'j0' bind pose translation x) is outside 4.12's range [-8, 7.999755859375]: "
            "positions and translations scaled by 0.25");
  const File f = read(result.bytes);
  EXPECT_EQ(f.bind_pose[0].t[0], 20480);       // 20 x 0.25 x 4096
  EXPECT_EQ(f.positions[1].x, 12800);          // 12.5 x 0.25 x 4096
}

TEST(SamfExportLimits, MatrixEntriesOutsideTheRange) {
  ModelContent m = roots(1);
  m.joints[0].inverse_bind = {0.1f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // a bind scale of 10 in x
  EXPECT_EQ(export_error(*open_content(m).model, "wide"),
            "wide: bone 'j0' bind pose: matrix entry m[0][0] = 9.9999998509883898 is outside 4.12's range [-8, "
            "7.999755859375] (SAMF's int16 rotation and scale entries)");
  ModelContent animated = roots(1);
  pipeline::JointKeys keys;
  keys.scales = {{0, {1, 9, 1, 0}}};
  animated.animations = {AnimationDesc{"grow", 1, {keys}}};
  EXPECT_EQ(export_error(*open_content(animated).model, "wide"),
            "wide: animation 'grow' frame 0 bone 'j0': matrix entry m[1][1] = 9 is outside 4.12's range [-8, "
            "7.999755859375] (SAMF's int16 rotation and scale entries)");
}

TEST(SamfExportLimits, InverseBindsThatAreNotAffineOrSingular) {
  ModelContent m = roots(1);
  m.joints[0].inverse_bind[3] = 0.5f;
  EXPECT_EQ(export_error(*open_content(m).model, "odd"),
            "odd: joint 'j0': inverse bind matrix is not affine (bottom row not 0, 0, 0, 1): SAMF matrices are 3x4");
  m.joints[0].inverse_bind = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_EQ(export_error(*open_content(m).model, "odd"), "odd: joint 'j0': inverse bind matrix is singular");
}

}  // namespace aem::test::samf
