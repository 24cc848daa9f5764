// The E3D producer (pipeline/import/e3d): the spec's cubes, every corpus model against an
// independent block walker, handedness, hostile input, and the TCB curves' resampling bounds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <numbers>
#include <set>
#include <type_traits>

#include "import/e3d/e3d_handedness.hpp"
#include "import/e3d/e3d_import.hpp"
#include "import/e3d/e3d_quaternion.hpp"
#include "import/e3d/e3d_tcb_curve.hpp"
#include "math/quaternion.hpp"
#include "aem/animation_sampler.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "bake_test_support.hpp"
#include "e3d_test_bake.hpp"
#include "e3d_test_files.hpp"
#include "e3d_test_walker.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using pipeline::e3d::CurveKey;
using pipeline::e3d::TcbCurve;
using pipeline::e3d::Value4;

TEST(E3dImport, ModelPathsIncludeE3d) {
  EXPECT_TRUE(pipeline::is_e3d_path("a/Cow.E3D"));
  EXPECT_TRUE(pipeline::is_model_path("cow.e3d"));
  EXPECT_FALSE(pipeline::is_assimp_path("cow.e3d"));
  EXPECT_FALSE(pipeline::is_e3d_path("e3d"));
}

// cube1.e3d (the spec's bytes): every triangle, wound counter-clockwise in the right-handed
// result, faces away from the cube's centre, and the vertex normals (generated for cube1, read
// for cube2) agree with the winding: a mirrored import would show the inside.
TEST(E3dImport, SpecCubeFacesOutwardCounterClockwise) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"cube1.e3d", "cube2.e3d", "cube3.e3d"}) {
    SCOPED_TRACE(name);
    const BakedModel& b = baked(corpus / "e3d" / name);
    const auto vertices = b.model->vertices();
    const auto indices = b.model->indices();
    ASSERT_EQ(indices.size(), 36u);
    for (std::size_t t = 0; t < indices.size(); t += 3) {
      const auto& a = vertices[indices[t]].position;
      const auto& v1 = vertices[indices[t + 1]].position;
      const auto& v2 = vertices[indices[t + 2]].position;
      const double e1[3] = {v1[0] - a[0], v1[1] - a[1], v1[2] - a[2]}, e2[3] = {v2[0] - a[0], v2[1] - a[1], v2[2] - a[2]};
      const double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
      const double centre[3] = {(a[0] + v1[0] + v2[0]) / 3, (a[1] + v1[1] + v2[1]) / 3, (a[2] + v1[2] + v2[2]) / 3};
      EXPECT_GT(n[0] * centre[0] + n[1] * centre[1] + n[2] * centre[2], 0) << "triangle " << t / 3 << " faces inward";
      for (int c = 0; c < 3; ++c) {
        const auto& normal = vertices[indices[t + std::size_t(c)]].normal;
        EXPECT_GT(normal[0] * n[0] + normal[1] * n[1] + normal[2] * n[2], 0) << "triangle " << t / 3 << " corner " << c;
      }
    }
  }
  // The spec's first triangle pair is the near face (E3D z = -0.5, z away from the viewer): in
  // the right-handed result it is the z = +0.5 face, facing +z.
  const BakedModel& cube = baked(corpus / "e3d" / "cube1.e3d");
  int facing_plus_z = 0;
  for (const Vertex& v : cube.model->vertices())
    if (v.position[2] == 0.5f && v.normal[2] > 0.99f) ++facing_plus_z;
  EXPECT_EQ(facing_plus_z, 4);
}

// Which way is up (specs/e3d-import.md §3): Ecere draws E3D with y down, and the corpus's models
// are authored that way. Baked, each stands upright: the top tenth of its height (the teapot's lid
// knob, the cow's horns, the duck's head) is less than half as wide as the bottom tenth (the
// teapot's base, the cow's four legs, the duck's body). Read as y up they stand on their heads and
// the ratio is the other way round (over 2).
TEST(E3dImport, CorpusModelsStandUpright) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"teapot.e3d", "cow.e3d", "duck.e3d"}) {
    SCOPED_TRACE(name);
    const BakedModel& b = baked(corpus / "e3d" / name);
    const auto vertices = b.model->vertices();
    ASSERT_FALSE(vertices.empty());
    float low = vertices[0].position[1], high = low;
    for (const Vertex& v : vertices) low = std::min(low, v.position[1]), high = std::max(high, v.position[1]);
    const float tenth = (high - low) / 10;
    // The larger horizontal extent (x or z) of the vertices whose y lies in [from, to].
    const auto width = [&](float from, float to) {
      float x0 = INFINITY, x1 = -INFINITY, z0 = INFINITY, z1 = -INFINITY;
      for (const Vertex& v : vertices) {
        if (v.position[1] < from || v.position[1] > to) continue;
        x0 = std::min(x0, v.position[0]), x1 = std::max(x1, v.position[0]);
        z0 = std::min(z0, v.position[2]), z1 = std::max(z1, v.position[2]);
      }
      return std::max(x1 - x0, z1 - z0);
    };
    const float top = width(high - tenth, high), bottom = width(low, low + tenth);
    EXPECT_LT(top, 0.5f * bottom) << "top tenth " << top << " wide, bottom tenth " << bottom << ": upside down";
  }
}

// A node's orientation as Ecere applies it (Matrix::RotationQuaternion's matrix M of q, a point
// turned as the row vector v * M, ecere/src/gfx/3D/Matrix.ec and Object.ec), then taken to the
// scene, lands where the scene's rotation (glTF: active, column vectors) turns the converted point.
TEST(E3dImport, OrientationFollowsEcereRowVectorMatrix) {
  using pipeline::e3d::to_scene_rotation;
  using pipeline::e3d::to_scene_vector;
  namespace math = pipeline::math;
  const math::Vec4 unit = math::unit_quaternion({0.3, -0.4, 0.5, 0.8});
  const pipeline::e3d::WFirstQuaternion q = pipeline::e3d::to_wxyz(unit);
  const double w = q.w, x = q.x, y = q.y, z = q.z;
  const double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                          {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                          {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
  const math::Vec4 s = to_scene_rotation(q);
  for (const std::array<double, 3>& v : {std::array<double, 3>{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.2, -0.7, 1.3}}) {
    std::array<double, 3> ecere{};
    for (int j = 0; j < 3; ++j) ecere[std::size_t(j)] = v[0] * m[0][j] + v[1] * m[1][j] + v[2] * m[2][j];
    const std::array<double, 3> expected = to_scene_vector(ecere), p = to_scene_vector(v);
    const math::Vec4 turned =
        math::quaternion_product(math::quaternion_product(s, {p[0], p[1], p[2], 0}), math::quaternion_conjugate(s));
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(turned[std::size_t(c)], expected[std::size_t(c)], 1e-12) << c;
  }
}

// E3D's w-first rotations are a type of their own (a std::array in either order would be the same
// type as the pipeline's x-first math::Vec4), and converting moves components without rounding.
TEST(E3dImport, WFirstQuaternionConvertsExactly) {
  static_assert(!std::is_convertible_v<pipeline::math::Vec4, pipeline::e3d::WFirstQuaternion>);
  static_assert(!std::is_convertible_v<pipeline::e3d::WFirstQuaternion, pipeline::math::Vec4>);
  const pipeline::e3d::WFirstQuaternion q{0.1, 0.2, 0.3, 0.4};
  EXPECT_EQ(pipeline::e3d::to_xyzw(q), (pipeline::math::Vec4{0.2, 0.3, 0.4, 0.1}));
  EXPECT_EQ(pipeline::e3d::to_wxyz(pipeline::e3d::to_xyzw(q)), q);
  const pipeline::e3d::WFirstQuaternion stored = pipeline::e3d::from_stored({0.5f, -0.25f, 0.125f, 1.0f});
  EXPECT_EQ(stored, (pipeline::e3d::WFirstQuaternion{0.5, -0.25, 0.125, 1.0}));
}

// The algebra of math/quaternion.hpp agrees with the matrix of math::compose_trs: q p q* turns a
// point as the rotation matrix does, and a product of quarter turns is the composed rotation.
TEST(E3dImport, QuaternionAlgebraMatchesRotationMatrices) {
  namespace math = pipeline::math;
  const math::Vec4 q = math::quaternion_product(math::quaternion_about_axis(2, 90), math::quaternion_about_axis(0, 30));
  const math::Mat4 m = math::compose_trs({0, 0, 0}, q, {1, 1, 1});
  for (const math::Vec3& p : {math::Vec3{1, 0, 0}, {0, 1, 0}, {0.3, -2, 0.7}}) {
    const math::Vec4 turned = math::quaternion_product(math::quaternion_product(q, {p[0], p[1], p[2], 0}), math::quaternion_conjugate(q));
    const math::Vec3 expected = math::transform_point(m, p);
    for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(turned[c], expected[c], 1e-12) << c;
  }
  EXPECT_NEAR(math::rotation_angle_degrees(math::quaternion_exp(math::quaternion_log(q)), q), 0, 1e-6);
  EXPECT_NEAR(math::rotation_angle_degrees(math::quaternion_slerp(math::unit_quaternion({0, 0, 0, 1}), q, 0.5), q),
              math::rotation_angle_degrees(math::unit_quaternion({0, 0, 0, 1}), q) / 2, 1e-9);
}

TEST(E3dImport, SpecCubesBakeToTheSameBytes) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto& plain = baked(corpus / "e3d" / "cube1.e3d").bytes;
  EXPECT_EQ(plain, baked(corpus / "e3d" / "cube2.e3d").bytes) << "cube1 (plain) and cube2 (with normals) differ";
  EXPECT_EQ(plain, baked(corpus / "e3d" / "cube3.e3d").bytes) << "cube2 and cube3 (LZMA) differ";
}

TEST(E3dImport, EveryCorpusModelMatchesWhatItDeclares) {
  AEM_REQUIRE_CORPUS(corpus);
  int models = 0;
  for (const auto& entry : fs::directory_iterator(corpus / "e3d")) {
    if (entry.path().extension() != ".e3d") continue;
    SCOPED_TRACE(entry.path().filename().string());
    ++models;
    const std::vector<std::uint8_t> bytes = read_bytes(entry.path());
    E3dDeclared declared;
    walk_e3d(bytes.data(), bytes.size(), declared);
    pipeline::WarningLog warnings;
    const pipeline::Scene scene = pipeline::import_e3d(entry.path(), test_options(), warnings);
    std::uint64_t vertices = 0, triangles = 0;
    for (const pipeline::Mesh& mesh : scene.meshes) {
      if (mesh.primitives.empty()) continue;
      vertices += scene.streams[std::size_t(mesh.primitives.front().attributes.front().stream)].count;
      for (const pipeline::Primitive& p : mesh.primitives) triangles += scene.streams[std::size_t(p.indices)].count / 3;
    }
    EXPECT_GT(declared.vertices, 0u);
    EXPECT_EQ(vertices, declared.vertices);
    EXPECT_EQ(triangles, declared.triangles);
    EXPECT_EQ(scene.meshes.size(), declared.meshes);
    EXPECT_EQ(scene.materials.size(), declared.materials);
    EXPECT_EQ(scene.nodes.size(), declared.nodes);
    const BakedModel& b = baked(entry.path());
    EXPECT_EQ(semantic_problems(*b.model), "");
    // Only the documented warnings (specs/e3d-import.md): the Phong conversion and dropped specular.
    for (const std::string& code : b.report.warning_codes)
      EXPECT_TRUE(code == "material_conversion" || code == "material_properties") << code;
  }
  EXPECT_EQ(models, 7);
}

TEST(E3dImport, TruncationsFailWithOneErrorNamingTheFile) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"cube1.e3d", "cube3.e3d", "cube.e3d", "teapot.e3d", "cow.e3d"}) {
    const std::vector<std::uint8_t> bytes = read_bytes(corpus / "e3d" / name);
    for (std::size_t cut = 0; cut < bytes.size(); cut += 97) {
      const std::string error = bake_error("truncated", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + std::ptrdiff_t(cut)));
      EXPECT_NE(error.find("aem_e3d_test_"), std::string::npos) << name << " cut at " << cut << ": '" << error << "'";
    }
  }
}

TEST(E3dImport, HostileShapesAreRefusedNamingTheBlock) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::vector<std::uint8_t> cube = read_bytes(corpus / "e3d" / "cube1.e3d");
  // A length that runs past the file (the meshes block at offset 12 claims more than there is).
  std::vector<std::uint8_t> lying = cube;
  lying[14] = 0xff;
  EXPECT_NE(bake_error("lying", lying).find("at offset 12: its length"), std::string::npos) << bake_error("lying", lying);
  // An index out of range (the first index, at file offset 356, becomes 0x0111 = 273).
  std::vector<std::uint8_t> index = cube;
  index[357] = 1;
  EXPECT_NE(bake_error("index", index).find("uses vertex 273"), std::string::npos);
  // A vertex count its block cannot hold (the attributes block at offset 34).
  std::vector<std::uint8_t> count = cube;
  count[43] = 0x10;
  EXPECT_NE(bake_error("count", count).find("at offset 34"), std::string::npos) << bake_error("count", count);
  // Nesting past the depth limit.
  std::vector<std::uint8_t> nested = block(0x3010, {});
  for (int i = 0; i < 40; ++i) nested = block(0x3010, nested);
  const std::string deep = bake_error("deep", cat({version_block(), block(0x3000, nested)}));
  EXPECT_NE(deep.find("nest deeper than"), std::string::npos) << deep;
  // An lzma block that decodes to more than --max-decoded-bytes allows.
  pipeline::BakeOptions small = test_options();
  small.limits.max_decoded_bytes = 1000;
  const std::string bomb = bake_error("bomb", read_bytes(corpus / "e3d" / "cow.e3d"), small);
  EXPECT_NE(bomb.find("--max-decoded-bytes"), std::string::npos) << bomb;
  // An lzma block whose declared size its data does not back.
  std::vector<std::uint8_t> short_lzma = read_bytes(corpus / "e3d" / "cube3.e3d");
  short_lzma[19] = 0x10;  // declared size 0x1000022c
  const std::string ends = bake_error("short", short_lzma);
  EXPECT_NE(ends.find("lzma"), std::string::npos) << ends;
  // A node placing a mesh ID no mesh has.
  std::vector<std::uint8_t> node = cube;
  node[464] = 7;
  EXPECT_NE(bake_error("node", node).find("mesh ID 7"), std::string::npos) << bake_error("node", node);
}

TEST(E3dImport, UnknownBlocksAreSkippedWithAWarningNamingThem) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::vector<std::uint8_t> cube = read_bytes(corpus / "e3d" / "cube1.e3d");
  const auto result = bake_bytes("unknown", cat({cube, block(0x7777, {1, 2, 3}), block(0x3000, {block(0x3011, {})})}));
  std::string all;
  for (const std::string& w : result.report.warnings) all += w + "\n";
  EXPECT_NE(all.find("0x7777 (unknown) at offset 468 skipped"), std::string::npos) << all;
  EXPECT_NE(all.find("0x3011 (cameraNode)"), std::string::npos) << all;
}

// A cube node animated by a position track and a yaw track (frames 0, 15, 30; animated_cube in
// e3d_test_files.hpp): one AEM animation of 1 s (30 frames at 30 per second), its keys valid and
// ordered (strict validation), and its poses, sampled between the keys, where the TCB curves put
// them.
//
// Every key has tension, continuity and bias 0 and the keys are 15 frames apart, so (the rule
// of specs/e3d-import.md §7) the middle key's tangent is (P2 - P0) / 2, the first key's
// 1.5 (P1 - P0) - m1 / 2 and the last key's 1.5 (P2 - P1) - m1 / 2; halfway through a segment
// (t = 1/2) the Hermite weights are 1/2, 1/8, 1/2, -1/8: p(1/2) = (a + b) / 2 + (ma - mb) / 8.
// - Yaw keys 0, 170, -170 degrees: -170 is unwrapped to 190, 20 degrees on from 170 (not 340
//   back). m1 = 95, m0 = 255 - 47.5 = 207.5, m2 = 30 - 47.5 = -17.5; frame 7.5: 85 + (207.5 -
//   95) / 8 = 99.0625; frame 22.5: 180 + (95 + 17.5) / 8 = 194.0625. Without the unwrap (keys
//   0, 170, -170) they would be 132.8125 and 47.8125.
// - Position keys (0, 0, 0), (1, 2, 0), (0, 0, 3): x: m = 1.5, 0, -1.5, so 0.6875 at both
//   halves; y twice x; z: m1 = 1.5, m0 = -0.75, m2 = 3.75: frame 7.5 -0.09375 - 0.1875 =
//   -0.28125, frame 22.5 1.5 + (1.5 - 3.75) / 8 = 1.21875.
// In the scene (§3) a position (x, y, z) is (x, -y, -z) and a yaw of a degrees (about E3D's y,
// applied to row vectors) is a turn of a degrees about the scene's +y: (0, sin a/2, 0, cos a/2).
TEST(E3dImport, FrameTracksBakeToAnAnimation) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto result = bake_bytes("animated", animated_cube(read_bytes(corpus / "e3d" / "cube1.e3d")));
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  ASSERT_EQ(model.animations().size(), 1u);
  EXPECT_FLOAT_EQ(model.animations()[0].duration, 1.0f);
  EXPECT_EQ(semantic_problems(model), "");

  ASSERT_EQ(model.joints().size(), 1u);
  struct Pose { double frame, x, y, z, yaw_degrees; };
  const Pose poses[] = {{0, 0, 0, 0, 0},
                        {7.5, 0.6875, 1.375, -0.28125, 99.0625},
                        {15, 1, 2, 0, 170},
                        {22.5, 0.6875, 1.375, 1.21875, 194.0625},
                        {30, 0, 0, 3, 190}};
  AnimationSampler sampler(model);
  std::vector<Transform> locals(1);
  for (const Pose& pose : poses) {
    sampler.sample(0, float(pose.frame / 30), Playback::clamp, locals);
    const Transform& l = locals[0];
    // Resampled within 1e-4 of the cube's size (1.7e-4) and 0.01 degree; the bounds leave room.
    EXPECT_NEAR(l.translation.x, pose.x, 1e-3) << "frame " << pose.frame;
    EXPECT_NEAR(l.translation.y, -pose.y, 1e-3) << "frame " << pose.frame;
    EXPECT_NEAR(l.translation.z, -pose.z, 1e-3) << "frame " << pose.frame;
    const double half = pose.yaw_degrees * std::numbers::pi / 360;
    const pipeline::math::Vec4 expected{0, std::sin(half), 0, std::cos(half)};
    const pipeline::math::Vec4 sampled{l.rotation.x, l.rotation.y, l.rotation.z, l.rotation.w};
    EXPECT_LT(pipeline::math::rotation_angle_degrees(pipeline::math::unit_quaternion(sampled), expected), 0.05)
        << "frame " << pose.frame << ": expected a yaw of " << pose.yaw_degrees << " degrees, got a quaternion ("
        << l.rotation.x << ", " << l.rotation.y << ", " << l.rotation.z << ", " << l.rotation.w << ")";
  }
}

// The fuzzer's animated seed (write_e3d_fuzz_seeds) bakes, so that its mutations start from a
// file that reaches every kind of track: two animations, the camera track dropped with a warning.
TEST(E3dImport, EveryTrackKindBakes) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto result = bake_bytes("every_track", animated_cube_every_track(read_bytes(corpus / "e3d" / "cube1.e3d")));
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  ASSERT_EQ(model.animations().size(), 2u);
  EXPECT_STREQ(model.animations()[0].name, "every track");
  EXPECT_FLOAT_EQ(model.animations()[0].duration, 20.0f / 30);
  EXPECT_FLOAT_EQ(model.animations()[1].duration, 6.0f / 30);
  EXPECT_EQ(model.joints().size(), 2u);
  EXPECT_EQ(semantic_problems(model), "");
  std::string all;
  for (const std::string& w : result.report.warnings) all += w + "\n";
  EXPECT_NE(all.find("camera tracks are dropped"), std::string::npos) << all;
}

// The fuzzer's seeds hold the real models with their lzma blocks inflated in place (the test
// walker's without_lzma): the same model, so the same bake.
TEST(E3dImport, InflatedModelsBakeToTheSameBytes) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"teapot.e3d", "cow.e3d"}) {
    SCOPED_TRACE(name);
    const auto result = bake_bytes("inflated", without_lzma(read_bytes(corpus / "e3d" / name)));
    EXPECT_EQ(pipeline::serialize_model(result.content), baked(corpus / "e3d" / name).bytes);
  }
}

// Curves: keys are met exactly, a TCB curve with default parameters through collinear evenly
// spaced keys is the straight line, and resampled keys stay within the tolerance everywhere.
TEST(E3dTcbCurve, MeetsKeysAndResamplesWithinTolerance) {
  std::vector<CurveKey> keys(4);
  const double values[4] = {0, 3, -2, 5};
  for (int i = 0; i < 4; ++i) { keys[std::size_t(i)].frame = i * 10; keys[std::size_t(i)].value[0] = values[i]; }
  keys[1].tension = 0.3; keys[2].continuity = -0.5; keys[2].bias = 0.4; keys[1].ease_from = 0.5;
  const TcbCurve curve(keys, 1, false, false);
  for (int i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(curve.at(i * 10)[0], values[i]);
  const auto value_at = [&](double f) { return curve.at(f); };
  const auto error = [](const Value4& a, const Value4& b) { return std::abs(a[0] - b[0]); };
  const std::vector<double> frames = pipeline::e3d::resample_frames(value_at, {0, 10, 20, 30}, 0, 30, false, 1e-4, 100000, error);
  ASSERT_GE(frames.size(), 5u);
  double worst = 0;
  for (double f = 0; f <= 30; f += 0.01) {
    const auto next = std::upper_bound(frames.begin(), frames.end(), f);
    if (next == frames.end()) break;
    const double a = *(next - 1), b = *next;
    const double linear = curve.at(a)[0] + (curve.at(b)[0] - curve.at(a)[0]) * (f - a) / (b - a);
    worst = std::max(worst, std::abs(linear - curve.at(f)[0]));
  }
  EXPECT_LT(worst, 2e-4);  // the bound is checked at 7 points per interval: twice it everywhere

  std::vector<CurveKey> line(3);
  for (int i = 0; i < 3; ++i) { line[std::size_t(i)].frame = i * 5; line[std::size_t(i)].value[0] = i * 2.0; }
  const TcbCurve straight(line, 1, false, false);
  EXPECT_NEAR(straight.at(2.5)[0], 1.0, 1e-9);
  EXPECT_NEAR(straight.at(7.5)[0], 3.0, 1e-9);
}

// A curved segment with tension, continuity and bias, computed by hand from the Kochanek-Bartels
// formula (keys evenly spaced, so Ecere's spacing weight is the formula's 1/2):
//   outgoing tangent at key i: (1-T)/2 [(1+B)(1+C)(P[i]-P[i-1]) + (1-B)(1-C)(P[i+1]-P[i])]
//   incoming tangent at key i: (1-T)/2 [(1+B)(1-C)(P[i]-P[i-1]) + (1-B)(1+C)(P[i+1]-P[i])]
// Keys 0, 4, 2, 6 at frames 0, 10, 20, 30. Key 1 (T, C, B = 1/2, 1/2, 1/2) leaves with
// 1/4 [9/4 * 4 + 1/4 * -2] = 2.125; key 2 (1/4, -1/2, -1/2) arrives with 3/8 [1/2 * 3/2 * -2 +
// 3/2 * 1/2 * 4] = 0.5625. Between them p(t) = 4 h00 + 2.125 h10 + 2 h01 + 0.5625 h11:
//   t = 1/4 (h = 27/32, 9/64, 5/32, -3/64): 3.375 + 0.298828125 + 0.3125 - 0.0263671875 = 3.9599609375
//   t = 1/2 (h = 1/2, 1/8, 1/2, -1/8):      2 + 0.265625 + 1 - 0.0703125 = 3.1953125
//   t = 3/4 (h = 5/32, 3/64, 27/32, -9/64): 0.625 + 0.099609375 + 1.6875 - 0.0791015625 = 2.3330078125
// The straight line gives 3.5, 3, 2.5; default parameters (Catmull-Rom, both tangents 1)
// 3.78125, 3, 2.21875.
TEST(E3dTcbCurve, CurvedSegmentFollowsKochanekBartels) {
  std::vector<CurveKey> keys(4);
  const double values[4] = {0, 4, 2, 6};
  for (int i = 0; i < 4; ++i) { keys[std::size_t(i)].frame = i * 10; keys[std::size_t(i)].value[0] = values[i]; }
  keys[1].tension = 0.5; keys[1].continuity = 0.5; keys[1].bias = 0.5;
  keys[2].tension = 0.25; keys[2].continuity = -0.5; keys[2].bias = -0.5;
  const TcbCurve curve(keys, 1, false, false);
  EXPECT_NEAR(curve.at(12.5)[0], 3.9599609375, 1e-12);
  EXPECT_NEAR(curve.at(15)[0], 3.1953125, 1e-12);
  EXPECT_NEAR(curve.at(17.5)[0], 2.3330078125, 1e-12);
}

TEST(E3dTcbCurve, RotationsStayUnitAndMeetKeys) {
  std::vector<CurveKey> keys(3);
  const Value4 q[3] = {{0, 0, 0, 1}, pipeline::math::quaternion_about_axis(1, 90), pipeline::math::quaternion_about_axis(0, 45)};
  for (int i = 0; i < 3; ++i) { keys[std::size_t(i)].frame = i * 8; keys[std::size_t(i)].value = q[i]; }
  const TcbCurve curve(keys, 4, true, false);
  for (int i = 0; i < 3; ++i) EXPECT_LT(pipeline::math::rotation_angle_degrees(curve.at(i * 8), q[i]), 1e-6);
  for (double f = 0; f <= 16; f += 0.5) {
    const Value4 v = curve.at(f);
    EXPECT_NEAR(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3], 1.0, 1e-9);
  }
}

// The E3D block of `type` among the blocks of bytes [begin, end): its offset, or `end`.
std::size_t find_block(const std::vector<std::uint8_t>& bytes, std::size_t begin, std::size_t end, std::uint16_t type) {
  while (begin + 6 <= end) {
    std::uint16_t t;
    std::uint32_t length;
    std::memcpy(&t, bytes.data() + begin, 2);
    std::memcpy(&length, bytes.data() + begin + 2, 4);
    if (t == type) return begin;
    if (length < 6) break;
    begin += length;
  }
  return end;
}

void grow_block(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint32_t by) {
  std::uint32_t length;
  std::memcpy(&length, bytes.data() + at + 2, 4);
  length += by;
  std::memcpy(bytes.data() + at + 2, &length, 4);
}

// cube1 with a colors block (RGBA8 per vertex; vertex i is (10 i, 255 - 10 i, 128, 255 - i))
// appended to its mesh's attributes (after its interleaved block): the bake carries them in the vertex_colours extension, each
// AEM vertex with its source vertex's colour (so every source colour and no other), RGBA8, their
// alpha kept (the material is opaque: alpha 255, as glTF ignores COLOR_0's alpha there).
TEST(E3dImport, VertexColoursBecomeTheExtension) {
  AEM_REQUIRE_CORPUS(corpus);
  std::vector<std::uint8_t> file = read_bytes(corpus / "e3d" / "cube1.e3d");
  const std::size_t meshes = find_block(file, 12, file.size(), 0x1000);
  ASSERT_LT(meshes, file.size());
  const std::size_t mesh = find_block(file, meshes + 6, file.size(), 0x1010);
  ASSERT_LT(mesh, file.size());
  std::uint32_t mesh_length;
  std::memcpy(&mesh_length, file.data() + mesh + 2, 4);
  const std::size_t attributes = find_block(file, mesh + 6, mesh + mesh_length, 0x2000);
  ASSERT_LT(attributes, mesh + mesh_length);
  std::uint32_t attributes_length, count;
  std::memcpy(&attributes_length, file.data() + attributes + 2, 4);
  std::memcpy(&count, file.data() + attributes + 6, 4);  // the body: the vertex count, then blocks
  ASSERT_EQ(count, 24u);
  std::vector<std::uint8_t> rgba;
  for (std::uint32_t i = 0; i < count; ++i)
    for (const int v : {int(10 * i), 255 - int(10 * i), 128, 255 - int(i)}) rgba.push_back(std::uint8_t(v));
  const std::vector<std::uint8_t> colours = block(0x2070, rgba);
  file.insert(file.begin() + std::ptrdiff_t(attributes + attributes_length), colours.begin(), colours.end());
  for (const std::size_t parent : {attributes, mesh, meshes}) grow_block(file, parent, std::uint32_t(colours.size()));
  const pipeline::BakeResult result = bake_bytes("coloured", file);
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const std::optional<VertexColoursView> view = vertex_colours_of(model);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->encoding(), VertexColourEncoding::rgba8);
  std::set<std::array<int, 3>> expected, baked;
  for (std::uint32_t i = 0; i < count; ++i) expected.insert({int(10 * i), 255 - int(10 * i), 128});
  for (std::size_t v = 0; v < view->size(); ++v) {
    baked.insert({int(view->rgba8[v * 4]), int(view->rgba8[v * 4 + 1]), int(view->rgba8[v * 4 + 2])});
    EXPECT_EQ(int(view->rgba8[v * 4 + 3]), 255) << "opaque material: alpha 1";
  }
  EXPECT_EQ(baked, expected);
}

}  // namespace
}  // namespace aem::test
