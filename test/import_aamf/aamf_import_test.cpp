// The AAMF producer (specs/aamf-import.md): SAMF v2 and legacy files built byte by byte, baked and
// read back; SAMF -> AEM -> SAMF byte identity on CesiumMan; hostile files.
//
// The game's own map.aamf (kiwanowski/UnnamedHB1, tools/map.aamf = assets/models/map.aamf, 76,084
// bytes) is not vendored. As this reader sees it (run by hand, see specs/aamf-import.md §6): legacy
// layout, 8 bones, 3 animations; the polygon kinds and counts are listed in the spec.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "aamf_test_files.hpp"
#include "aem/animation_sampler.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/samf_export.hpp"
#include "bake_test_support.hpp"

namespace aem::test {
namespace {

constexpr double kStep = 1.0 / 4096;

std::filesystem::path write_temp(const std::string& name, const std::vector<unsigned char>& bytes) {
  const auto path = std::filesystem::temp_directory_path() / ("aamf_test_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  return path;
}

struct Baked {
  std::vector<std::byte> bytes;
  std::unique_ptr<Model> model;
  pipeline::BakeReport report;
};
Baked bake(const std::filesystem::path& path) {
  auto result = pipeline::bake_model(path, test_options());
  Baked b;
  b.bytes = pipeline::serialize_model(result.content);
  b.report = result.report;
  b.model = std::make_unique<Model>(Model::open_memory(b.bytes));
  return b;
}

std::string bake_error(const std::vector<unsigned char>& bytes, const std::string& name = "hostile.aamf") {
  const auto path = write_temp(name, bytes);
  try {
    (void)pipeline::bake_model(path, test_options());
  } catch (const pipeline::BakeError& e) {
    std::filesystem::remove(path);
    return e.what();
  }
  std::filesystem::remove(path);
  return "no error";
}

std::int32_t joint_named(const Model& m, const std::string& name) {
  for (std::size_t j = 0; j < m.joints().size(); ++j)
    if (name == m.joints()[j].name) return std::int32_t(j);
  return -1;
}

const Vertex* vertex_at(const Model& m, double x, double y, double z) {
  for (const Vertex& v : m.vertices())
    if (std::abs(v.position[0] - x) < kStep && std::abs(v.position[1] - y) < kStep && std::abs(v.position[2] - z) < kStep) return &v;
  return nullptr;
}

double weight_on(const Vertex& v, std::int32_t joint) {
  double w = 0;
  for (int i = 0; i < 4; ++i) if (v.joints[i] == joint) w += v.weights[i];
  return w;
}

TEST(AamfImport, SamfBakesPositionsNormalsWeightsJointsAndSamples) {
  const auto path = write_temp("two_bones.aamf", aamf::samf_file());
  const Baked b = bake(path);
  std::filesystem::remove(path);
  const Model& m = *b.model;
  ASSERT_EQ(m.joints().size(), 2u);
  const std::int32_t j0 = joint_named(m, "bone_0"), j1 = joint_named(m, "bone_1");
  ASSERT_GE(j0, 0);
  ASSERT_GE(j1, 0);
  EXPECT_EQ(m.joints()[std::size_t(j0)].parent, -1);
  EXPECT_EQ(m.joints()[std::size_t(j1)].parent, j0);
  // Inverse binds: bone 0's global bind is a translation by (0, 1, 0), bone 1's by (1, 1, 0).
  const float* ib0 = m.joints()[std::size_t(j0)].inverse_bind;
  const float* ib1 = m.joints()[std::size_t(j1)].inverse_bind;
  for (int i = 0; i < 12; ++i) {
    EXPECT_NEAR(ib0[i], (i % 5 == 0) ? 1.0 : 0.0, kStep);
    EXPECT_NEAR(ib1[i], (i % 5 == 0) ? 1.0 : 0.0, kStep);
  }
  EXPECT_NEAR(ib0[12], 0, kStep); EXPECT_NEAR(ib0[13], -1, kStep);
  EXPECT_NEAR(ib1[12], -1, kStep); EXPECT_NEAR(ib1[13], -1, kStep);
  ASSERT_EQ(m.vertices().size(), 6u);
  const double expected[6][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {1, 2, 0}};
  for (int v = 0; v < 6; ++v) {
    const Vertex* found = vertex_at(m, expected[v][0], expected[v][1], expected[v][2]);
    ASSERT_NE(found, nullptr) << "vertex " << v;
    EXPECT_NEAR(found->normal[2], 1, kStep);
    EXPECT_NEAR(weight_on(*found, j0), v < 3 ? 1.0 : 55.0 / 255, kStep);
    EXPECT_NEAR(weight_on(*found, j1), v < 3 ? 0.0 : 200.0 / 255, kStep);
  }
  ASSERT_EQ(m.animations().size(), 1u);
  EXPECT_STREQ(m.animations()[0].name, "wave");
  EXPECT_NEAR(m.animations()[0].duration, 2.0 / 30, 1e-6);
  AnimationSampler sampler(m);
  std::vector<Transform> locals(2);
  for (int k = 0; k < 3; ++k) {
    sampler.sample(0, float(k / 30.0), Playback::clamp, locals);
    const Mat4 l0 = to_matrix(locals[std::size_t(j0)]), l1 = to_matrix(locals[std::size_t(j1)]);
    EXPECT_NEAR(l0.m[13], aamf::bone0_translation(k)[1] / 4096.0, kStep) << "frame " << k;
    const auto r = aamf::rotation_z(k);
    for (int row = 0; row < 3; ++row)
      for (int col = 0; col < 3; ++col) EXPECT_NEAR(l1.m[4 * col + row], r[std::size_t(3 * row + col)] / 4096.0, kStep) << "frame " << k;
    EXPECT_NEAR(l1.m[12], 1, kStep);
  }
}

TEST(AamfImport, AamfMagicIsReadAsSamf) {
  const auto path = write_temp("aamf_magic.aamf", aamf::samf_file("AAMF"));
  const Baked b = bake(path);
  std::filesystem::remove(path);
  EXPECT_EQ(b.model->vertices().size(), 6u);
}

TEST(AamfImport, LegacyMeshesAreRigidlyBoundToTheirBones) {
  const auto path = write_temp("legacy.aamf", aamf::legacy_file());
  const Baked b = bake(path);
  std::filesystem::remove(path);
  const Model& m = *b.model;
  const std::int32_t j0 = joint_named(m, "bone_0"), j1 = joint_named(m, "bone_1");
  ASSERT_GE(j0, 0);
  ASSERT_GE(j1, 0);
  EXPECT_EQ(m.joints()[std::size_t(j1)].parent, j0);
  // Bone 0's F3 at rest (identity); bone 1's G4 moved up by 2 (its first keyframe).
  EXPECT_EQ(m.indices().size(), 9u);
  const double f3[3][3] = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}};
  for (const auto& p : f3) {
    const Vertex* v = vertex_at(m, p[0], p[1], p[2]);
    ASSERT_NE(v, nullptr);
    EXPECT_NEAR(weight_on(*v, j0), 1, 1e-6);
  }
  const double g4[4][3] = {{0, 2, 0}, {1, 2, 0}, {0, 3, 0}, {1, 3, 0}};
  for (const auto& p : g4) {
    const Vertex* v = vertex_at(m, p[0], p[1], p[2]);
    ASSERT_NE(v, nullptr) << p[1];
    EXPECT_NEAR(weight_on(*v, j1), 1, 1e-6);
  }
  bool textures_warned = false;
  for (const std::string& w : b.report.warnings) textures_warned |= w.find("vertex colours") != std::string::npos;
  EXPECT_TRUE(textures_warned) << "the dropped vertex colours are reported";
}

TEST(AamfImport, SamfToAemToSamfIsByteIdentical) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto cesium = khronos_model(corpus, "CesiumMan");
  if (cesium.empty()) GTEST_SKIP() << "CesiumMan is not in the corpus";
  const BakedModel& original = baked(cesium);
  const pipeline::SamfExport first = pipeline::export_samf(*original.model, "CesiumMan");
  std::vector<unsigned char> first_bytes(first.bytes.size());
  std::memcpy(first_bytes.data(), first.bytes.data(), first.bytes.size());
  const auto path = write_temp("cesium.aamf", first_bytes);
  const Baked again = bake(path);
  std::filesystem::remove(path);
  const pipeline::SamfExport second = pipeline::export_samf(*again.model, "CesiumMan");
  ASSERT_EQ(first.bytes.size(), second.bytes.size());
  std::size_t differ = 0, first_at = 0;
  for (std::size_t i = 0; i < first.bytes.size(); ++i)
    if (first.bytes[i] != second.bytes[i] && differ++ == 0) first_at = i;
  EXPECT_EQ(differ, 0u) << "first difference at byte " << first_at;
}

TEST(AamfImport, TruncationsAreClearErrors) {
  for (const auto& file : {aamf::samf_file(), aamf::legacy_file()}) {
    for (std::size_t size = 0; size < file.size(); size += 7) {
      const std::string error = bake_error(std::vector<unsigned char>(file.begin(), file.begin() + std::ptrdiff_t(size)));
      EXPECT_NE(error, "no error") << size;
      EXPECT_NE(error.find("hostile.aamf"), std::string::npos) << error;
      EXPECT_NE(error.find("offset"), std::string::npos) << error;
    }
  }
}

TEST(AamfImport, CountsTooLargeAreRefusedBeforeAllocating) {
  auto samf = aamf::samf_file();
  samf[10] = samf[11] = samf[12] = 0xff; samf[13] = 0x7f;  // vertex_count near 2^31
  EXPECT_NE(bake_error(samf).find("SAMF vertices"), std::string::npos) << bake_error(samf);
  auto legacy = aamf::legacy_file();
  legacy[0] = 0xff; legacy[1] = 0xff;  // 65535 bones
  EXPECT_NE(bake_error(legacy).find("parent table"), std::string::npos) << bake_error(legacy);
  auto frames = aamf::samf_file();
  const std::size_t anim = frames.size() - (20 + 32 * 2 * 3);
  frames[anim + 12] = 0xff; frames[anim + 13] = 0xff; frames[anim + 14] = 0xff;  // keyframe_count
  EXPECT_NE(bake_error(frames).find("block_size"), std::string::npos) << bake_error(frames);
}

TEST(AamfImport, BadParentOrderIsRefused) {
  auto samf = aamf::samf_file();
  samf[16 + 2] = 1;  // bone 0's parent is bone 1: after it
  EXPECT_NE(bake_error(samf).find("parent_idx 1 comes after the bone"), std::string::npos) << bake_error(samf);
  auto legacy = aamf::legacy_file();
  legacy[8] = 5;  // bone 1's bone_idx
  EXPECT_NE(bake_error(legacy).find("bone_idx 5"), std::string::npos) << bake_error(legacy);
}

}  // namespace
}  // namespace aem::test
