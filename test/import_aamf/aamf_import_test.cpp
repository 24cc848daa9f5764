// The AAMF producer (specs/aamf-import.md): SAMF v2 and legacy files built byte by byte, baked and
// read back; SAMF -> AEM -> SAMF byte identity on CesiumMan; hostile files.
//
// The game's own map.aamf (kiwanowski/UnnamedHB1, tools/map.aamf = assets/models/map.aamf, 76,084
// bytes) is not vendored. As this reader sees it (`aem info map.aamf`, specs/aamf-import.md §6):
// legacy layout, 8 bones (1 root), one chunk per bone, 71 polygons: 1 G4 and 70 GT4 (142
// triangles, 284 corners) naming the textures 'wall____', 'cameye__' and 'testtran'; animations
// 'Move----' (128 keyframes), 'TurnRigh' and 'TurnLeft' (64 each). It bakes to 100 vertices,
// 142 triangles, 8 joints and 3 animations.
#include <algorithm>
#include <array>
#include <cstring>
#include <cmath>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "aamf_test_files.hpp"
#include "aem/animation_sampler.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/aamf_summary.hpp"
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
Baked bake(const std::filesystem::path& path, pipeline::BakeOptions options = test_options()) {
  auto result = pipeline::bake_model(path, options);
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

// AAMF stores no frame rate: the bake's aamf_fps (aem bake --fps, manifest "fps") sets it, and the
// keys land at frame / fps.
TEST(AamfImport, TheFrameRateIsTheBakesOption) {
  const auto path = write_temp("fps.aamf", aamf::samf_file());
  pipeline::BakeOptions options = test_options();
  options.aamf_fps = 12.5;
  const Baked b = bake(path, options);
  ASSERT_EQ(b.model->animations().size(), 1u);
  EXPECT_NEAR(b.model->animations()[0].duration, 2.0 / 12.5, 1e-6);
  float last = 0;
  for (const Keyframe& k : b.model->keyframes()) last = std::max(last, k.time);
  EXPECT_NEAR(last, 2.0 / 12.5, 1e-6) << "the third frame";
  options.aamf_fps = 0;
  EXPECT_THROW(
      {
        try {
          (void)pipeline::bake_model(path, options);
        } catch (const pipeline::BakeError& e) {
          EXPECT_EQ(std::string(e.what()), path.string() + ": the AAMF frame rate 0 is not a finite number > 0");
          throw;
        }
      },
      pipeline::BakeError);
  std::filesystem::remove(path);
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
  for (const std::string& w : b.report.warnings) EXPECT_EQ(w.find("vertex colours"), std::string::npos) << w;
}

// The polygons' Gouraud colours are the vertex colours (RGBA8, alpha 255): F3's one colour on its
// three corners, G4's per-corner colours; a version-1 bake drops them with a warning.
TEST(AamfImport, LegacyPolygonColoursBecomeVertexColours) {
  const auto path = write_temp("legacy_colours.aamf", aamf::legacy_file());
  const Baked b = bake(path);
  pipeline::BakeOptions v1 = test_options();
  v1.version_1_only = true;
  const auto plain = pipeline::bake_model(path, v1);
  std::filesystem::remove(path);
  const Model& m = *b.model;
  const std::optional<VertexColoursView> colours = vertex_colours_of(m);
  ASSERT_TRUE(colours.has_value());
  EXPECT_EQ(colours->encoding(), VertexColourEncoding::rgba8);
  const auto expect_colour = [&](const std::array<double, 3>& p, std::array<int, 3> rgb) {
    const Vertex* v = vertex_at(m, p[0], p[1], p[2]);
    ASSERT_NE(v, nullptr);
    const auto index = std::size_t(v - m.vertices().data());
    for (std::size_t c = 0; c < 3; ++c) EXPECT_EQ(int(colours->rgba8[index * 4 + c]), rgb[c]) << p[1] << " channel " << c;
    EXPECT_EQ(int(colours->rgba8[index * 4 + 3]), 255);
  };
  for (const auto& p : {std::array{0.0, 0.0, 0.0}, std::array{0.0, 1.0, 0.0}, std::array{1.0, 0.0, 0.0}})
    expect_colour(p, {10, 20, 30});
  for (const auto& p : {std::array{0.0, 2.0, 0.0}, std::array{1.0, 3.0, 0.0}}) expect_colour(p, {200, 100, 50});
  bool warned = false;
  for (const std::string& w : plain.report.warnings) warned |= w.find("vertex colours (COLOR_0) dropped") != std::string::npos;
  EXPECT_TRUE(warned) << "a version-1 bake reports the dropped colours";
  EXPECT_TRUE(plain.content.extensions.empty());
}

// A triangle's corner positions, turned to start at the corner of least (x, y, z): the bake may
// rotate a triangle's corners, never reverse them.
using Triangle = std::array<std::array<double, 3>, 3>;
Triangle turned_to_least(Triangle t) {
  std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  return t;
}

std::array<double, 3> transformed(const Mat4& m, const std::array<double, 3>& p) {
  std::array<double, 3> out;
  for (int r = 0; r < 3; ++r) out[std::size_t(r)] = m.m[12 + r] + m.m[r] * p[0] + m.m[4 + r] * p[1] + m.m[8 + r] * p[2];
  return out;
}

// aamf::kEveryKindKeys[bone][frame] applied to p (file units / 4096).
std::array<double, 3> keyed(int bone, int frame, const std::array<double, 3>& p) {
  const aamf::Key& key = aamf::kEveryKindKeys[bone][frame];
  std::array<double, 3> out;
  for (std::size_t r = 0; r < 3; ++r)
    out[r] = (key.t[r] + key.m[3 * r] * p[0] + key.m[3 * r + 1] * p[1] + key.m[3 * r + 2] * p[2]) / 4096.0;
  return out;
}

// Every polygon kind: corners where the file puts them (bone 1's, moved by its rest pose), each
// quad split into (v0, v2, v1) and (v1, v2, v3), each triangle wound (v0, v2, v1), flat kinds with
// one normal and Gouraud kinds with one per corner, textured kinds counted.
TEST(AamfImport, LegacyPolygonsOfEveryKindBakeToTheirTriangles) {
  const auto path = write_temp("every_kind.aamf", aamf::every_polygon_kind_file());
  const Baked b = bake(path);
  const std::string summary = pipeline::describe_aamf(pipeline::summarize_aamf(path), 30);
  std::filesystem::remove(path);
  EXPECT_NE(summary.find("vertices: 28 (polygon corners), triangles: 12\npolygons: F4 1 G4 1 FT4 1 GT4 1 F3 1 G3 1 FT3 1 GT3 1\n"),
            std::string::npos) << summary;
  const Model& m = *b.model;
  ASSERT_EQ(m.indices().size(), 36u);
  std::size_t t = 0;
  for (int kind = 0; kind < 8; ++kind) {
    const double z = kind + (kind >= 4 ? aamf::kRestZ : 0);
    const std::array<double, 3> corner[4] = {{0, 0, z}, {1, 0, z}, {0, 1, z}, {1, 1, z}};
    std::vector<Triangle> expected = {{corner[0], corner[2], corner[1]}};
    if (aamf::kPolygonCorners[kind] == 4) expected.push_back({corner[1], corner[2], corner[3]});
    for (const Triangle& want : expected) {
      Triangle got;
      for (std::size_t k = 0; k < 3; ++k) {
        const Vertex& v = m.vertices()[m.indices()[3 * t + k]];
        got[k] = {v.position[0], v.position[1], v.position[2]};
        const auto file_corner = std::size_t(std::lround(v.position[0]) + 2 * std::lround(v.position[1]));  // (c & 1, c >> 1)
        const auto& n = aamf::kGouraudNormals[aamf::kPolygonGouraud[kind] ? file_corner % 4 : 0];
        for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(v.normal[c], n[c] / 4096.0, kStep) << "kind " << kind << " corner " << k;
      }
      got = turned_to_least(got);
      for (std::size_t k = 0; k < 3; ++k)
        for (std::size_t c = 0; c < 3; ++c)
          EXPECT_NEAR(got[k][c], turned_to_least(want)[k][c], kStep) << "triangle " << t << " (kind " << kind << ") corner " << k;
      ++t;
    }
  }
  bool textures_warned = false;
  for (const std::string& w : b.report.warnings) textures_warned |= w.find("4 textured polygons") != std::string::npos;
  EXPECT_TRUE(textures_warned) << "FT4, GT4, FT3 and GT3 are the textured kinds";
}

// The same file's animation at its later keyframes: each bone's local transform is its own
// keyframe (keys[frame + bone x frames]), and a corner of bone 1's GT3 (its inverse bind undoing
// the rest pose) lands where both bones' frame 2 matrices put the file's corner.
TEST(AamfImport, LegacyKeyframesPoseEachBoneAtEachFrame) {
  const auto path = write_temp("every_kind_pose.aamf", aamf::every_polygon_kind_file());
  const Baked b = bake(path);
  std::filesystem::remove(path);
  const Model& m = *b.model;
  const std::int32_t j[2] = {joint_named(m, "bone_0"), joint_named(m, "bone_1")};
  ASSERT_GE(j[0], 0);
  ASSERT_GE(j[1], 0);
  ASSERT_EQ(m.animations().size(), 1u);
  AnimationSampler sampler(m);
  std::vector<Transform> locals(m.joints().size());
  for (int frame = 1; frame < 3; ++frame) {
    sampler.sample(0, float(frame / 30.0), Playback::clamp, locals);
    for (int bone = 0; bone < 2; ++bone) {
      const Mat4 local = to_matrix(locals[std::size_t(j[bone])]);
      for (const std::array<double, 3>& p : {std::array<double, 3>{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}) {
        const auto got = transformed(local, p), want = keyed(bone, frame, p);
        for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(got[c], want[c], kStep) << "bone " << bone << " frame " << frame;
      }
    }
  }
  // Skinned: joint matrix (global pose times inverse bind) times the baked position.
  const Mat4 global1 = to_matrix(locals[std::size_t(j[0])]) * to_matrix(locals[std::size_t(j[1])]);
  Mat4 inverse_bind;
  std::copy_n(m.joints()[std::size_t(j[1])].inverse_bind, 16, inverse_bind.m);
  const Vertex& corner = m.vertices()[m.indices()[3 * 11 + 0]];  // the last triangle: GT3
  ASSERT_NEAR(weight_on(corner, j[1]), 1, 1e-6);
  const std::array<double, 3> rest = {corner.position[0], corner.position[1], corner.position[2]};
  const std::array<double, 3> in_bone = {rest[0], rest[1], rest[2] - aamf::kRestZ};  // where the file has it
  const auto got = transformed(global1 * inverse_bind, rest), want = keyed(0, 2, keyed(1, 2, in_bone));
  for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(got[c], want[c], 4 * kStep) << "posed corner, axis " << c;
}

std::vector<unsigned char> as_bytes(const std::vector<std::byte>& bytes) {
  std::vector<unsigned char> out(bytes.size());
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

// SAMF bytes -> AEM (this producer and the bake) -> SAMF bytes (export_samf).
std::vector<unsigned char> samf_round_trip(const std::vector<unsigned char>& samf, const std::string& name) {
  const auto path = write_temp(name, samf);
  const Baked baked_again = bake(path);
  std::filesystem::remove(path);
  return as_bytes(pipeline::export_samf(*baked_again.model, "CesiumMan").bytes);
}

// A SAMF file's sections: [0] header to the end of the bind poses, [1] animation blocks, and the
// triangles as sorted (position, normal, skin weight) records of their corners, rotated to start at
// the least.
struct SamfParts {
  std::vector<unsigned char> bones, animations;
  std::vector<std::vector<unsigned char>> triangles;
  std::size_t vertices = 0;
};
SamfParts samf_parts(const std::vector<unsigned char>& f) {
  const auto u16 = [&](std::size_t at) { return std::size_t(f[at] | (f[at + 1] << 8)); };
  const std::size_t bones = u16(6), vertices = u16(10) | (u16(12) << 16), faces = u16(14);
  SamfParts p;
  p.vertices = vertices;
  const std::size_t mesh = 16 + 36 * bones, face_at = mesh + 24 * vertices;
  p.bones.assign(f.begin(), f.begin() + std::ptrdiff_t(mesh));
  p.animations.assign(f.begin() + std::ptrdiff_t(face_at + 6 * faces), f.end());
  std::vector<std::vector<unsigned char>> records(vertices);
  for (std::size_t v = 0; v < vertices; ++v)
    for (std::size_t section = 0; section < 3; ++section)
      records[v].insert(records[v].end(), f.begin() + std::ptrdiff_t(mesh + 8 * (section * vertices + v)),
                        f.begin() + std::ptrdiff_t(mesh + 8 * (section * vertices + v) + 8));
  for (std::size_t t = 0; t < faces; ++t) {
    std::array<std::vector<unsigned char>, 3> c;
    for (std::size_t k = 0; k < 3; ++k) c[k] = records[u16(face_at + 6 * t + 2 * k)];
    const std::size_t first = std::size_t(std::min_element(c.begin(), c.end()) - c.begin());
    std::vector<unsigned char> triangle;
    for (std::size_t k = 0; k < 3; ++k) triangle.insert(triangle.end(), c[(first + k) % 3].begin(), c[(first + k) % 3].end());
    p.triangles.push_back(std::move(triangle));
  }
  std::sort(p.triangles.begin(), p.triangles.end());
  return p;
}

// An AAMF scene keeps its geometry order (Scene::keep_geometry_order: nothing merged or
// reordered), so a SAMF file the exporter wrote comes back byte for byte: CesiumMan exported,
// baked and exported again. On a difference, the parts say where it is.
TEST(AamfImport, SamfToAemToSamfIsByteIdentical) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto cesium = khronos_model(corpus, "CesiumMan");
  if (cesium.empty()) GTEST_SKIP() << "CesiumMan is not in the corpus";
  const std::vector<unsigned char> first = as_bytes(pipeline::export_samf(*baked(cesium).model, "CesiumMan").bytes);
  const std::vector<unsigned char> second = samf_round_trip(first, "cesium_1.aamf");
  EXPECT_TRUE(first == second) << "SAMF -> AEM -> SAMF";
  const SamfParts a = samf_parts(first), b = samf_parts(second);
  EXPECT_EQ(a.bones, b.bones) << "header, parents and bind poses";
  EXPECT_EQ(a.animations, b.animations) << "animation blocks";
  EXPECT_EQ(a.triangles, b.triangles) << "triangles, corner by corner";
  EXPECT_EQ(a.vertices, b.vertices);
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

TEST(AamfImport, LegacyMeshBlocksAreValidatedStrictly) {
  // Offsets in legacy_file(): header 4, parent table 8, bone 0's block from 12 (block_size, then
  // AMF_HEADER at 16: used_textures 16, x 20, z 22; chunk table 40; chunk counts 44).
  auto chunks = aamf::legacy_file();
  chunks[20] = 2;  // x = 2
  EXPECT_NE(bake_error(chunks).find("2 x 1 chunks"), std::string::npos) << bake_error(chunks);
  auto relocated = aamf::legacy_file();
  relocated[19] = 0x80;  // used_textures bit 31: a memory image
  EXPECT_NE(bake_error(relocated).find("bit 31"), std::string::npos) << bake_error(relocated);
  auto polygons = aamf::legacy_file();
  polygons[44 + 8] = 2;  // two F3s where the block holds one
  EXPECT_NE(bake_error(polygons).find("its polygons take 104 bytes"), std::string::npos) << bake_error(polygons);
  auto trailing = aamf::legacy_file();
  trailing.push_back(0);
  EXPECT_NE(bake_error(trailing).find("1 bytes follow the last animation block"), std::string::npos) << bake_error(trailing);
  auto version = aamf::samf_file();
  version[4] = 3;
  EXPECT_NE(bake_error(version).find("version 3 (only version 2 is read)"), std::string::npos) << bake_error(version);
}

TEST(AamfImport, DescribeNamesLayoutBonesMeshAndAnimations) {
  const auto samf = write_temp("describe_samf.aamf", aamf::samf_file());
  const auto legacy = write_temp("describe_legacy.aamf", aamf::legacy_file());
  const pipeline::AamfSummary samf_summary = pipeline::summarize_aamf(samf), legacy_summary = pipeline::summarize_aamf(legacy);
  std::filesystem::remove(samf);
  std::filesystem::remove(legacy);
  const std::string s = pipeline::describe_aamf(samf_summary, 30), l = pipeline::describe_aamf(legacy_summary, 30);
  EXPECT_EQ(s, "layout: SAMF v2 (skinned, magic \"SAMF\")\nbones: 2 (1 root)\nvertices: 6, triangles: 2\nanimations: 1\n"
               "  'wave': 3 keyframes (0.067 s at 30 fps)\n");
  EXPECT_EQ(l, "layout: legacy AAMF (one rigid mesh per bone)\nbones: 2 (1 root)\nvertices: 7 (polygon corners), triangles: 3\n"
               "polygons: G4 1 F3 1\ntextures named (not in the file): none\nanimations: 1\n  'idle': 2 keyframes (0.033 s at 30 fps)\n");
  const std::string slow = pipeline::describe_aamf(samf_summary, 12.5);
  EXPECT_NE(slow.find("  'wave': 3 keyframes (0.160 s at 12.5 fps)\n"), std::string::npos) << slow;
}

}  // namespace
}  // namespace aem::test
