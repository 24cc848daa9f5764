// Small glTF files written by the test (data-URI buffers) for what the corpus does not cover:
// KHR_mesh_quantization and normalized-integer attributes, triangle strips and fans, mirrored
// node transforms keeping their winding, more than four weights cut and renormalised, and
// STEP/CUBICSPLINE animation resampled within tolerance.
#include <cmath>
#include <cstring>
#include <fstream>
#include <unistd.h>

#include "bake_test_support.hpp"
#include "gltf_bytes.hpp"

namespace aem::test {
namespace {

// Values appended, then padded to 4 bytes so the next buffer view starts aligned.
template <class T>
void append(std::vector<std::uint8_t>& buf, std::initializer_list<T> values) {
  append_values(buf, values);
  pad_to_4(buf);
}

std::filesystem::path write_gltf(const std::string& name, const std::string& json) {
  const auto path = std::filesystem::temp_directory_path() / ("aem_bake_synth_" + std::to_string(::getpid()) + "_" + name + ".gltf");
  std::ofstream(path) << json;
  return path;
}

// A quad as a 4-vertex strip and as a fan, positions as unnormalized SHORT (quantized), UVs as
// normalized UNSIGNED_SHORT, normals as normalized BYTE; the fan under a node mirrored in X.
TEST(BakeSynthetic, QuantizedAttributesStripsFansAndMirroring) {
  std::vector<std::uint8_t> buf;
  append<std::int16_t>(buf, {0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 2, 2, 0, 0});  // 4 x (x,y,z,pad), 32 bytes
  append<std::uint16_t>(buf, {0, 65535, 65535, 65535, 0, 0, 65535, 0});          // uv, 16 bytes @32
  append<std::int8_t>(buf, {0, 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0});  // normals, 16 @48
  append<std::uint8_t>(buf, {0, 1, 2, 3});                                        // strip indices @64
  append<std::uint8_t>(buf, {0, 1, 3, 2});                                        // fan indices @68
  const std::string json = R"({
    "asset": {"version": "2.0"},
    "extensionsUsed": ["KHR_mesh_quantization"], "extensionsRequired": ["KHR_mesh_quantization"],
    "buffers": [{"byteLength": )" + std::to_string(buf.size()) + R"(, "uri": "data:application/octet-stream;base64,)" + base64_text(buf) + R"("}],
    "bufferViews": [
      {"buffer": 0, "byteOffset": 0, "byteLength": 32, "byteStride": 8},
      {"buffer": 0, "byteOffset": 32, "byteLength": 16},
      {"buffer": 0, "byteOffset": 48, "byteLength": 16, "byteStride": 4},
      {"buffer": 0, "byteOffset": 64, "byteLength": 4},
      {"buffer": 0, "byteOffset": 68, "byteLength": 4}],
    "accessors": [
      {"bufferView": 0, "componentType": 5122, "count": 4, "type": "VEC3", "min": [0,0,0], "max": [2,2,0]},
      {"bufferView": 1, "componentType": 5123, "normalized": true, "count": 4, "type": "VEC2"},
      {"bufferView": 2, "componentType": 5120, "normalized": true, "count": 4, "type": "VEC3"},
      {"bufferView": 3, "componentType": 5121, "count": 4, "type": "SCALAR"},
      {"bufferView": 4, "componentType": 5121, "count": 4, "type": "SCALAR"}],
    "meshes": [
      {"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 3, "mode": 5}]},
      {"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 4, "mode": 6}]}],
    "nodes": [{"mesh": 0}, {"mesh": 1, "scale": [-1, 1, 1], "translation": [10, 0, 0]}],
    "scenes": [{"nodes": [0, 1]}], "scene": 0})";
  const auto path = write_gltf("quant", json);
  const BakedModel& b = baked(path, test_options(), "synthetic");
  const Model& m = *b.model;
  EXPECT_EQ(semantic_problems(m), "");
  ASSERT_EQ(m.indices().size(), 12u);  // two quads
  // Positions are the plain integers; UVs are normalized to [0, 1].
  float max_x = -1e9f, min_x = 1e9f;
  for (const Vertex& v : m.vertices()) {
    max_x = std::max(max_x, v.position[0]);
    min_x = std::min(min_x, v.position[0]);
    EXPECT_TRUE(v.uv[0] == 0.0f || v.uv[0] == 1.0f);
    EXPECT_NEAR(v.normal[2], 1.0f, 1e-6);  // mirroring in X leaves +Z normals
  }
  EXPECT_FLOAT_EQ(min_x, 0.0f);
  EXPECT_FLOAT_EQ(max_x, 10.0f);
  // Every triangle faces +Z, the mirrored copy included (its winding was flipped back).
  for (std::size_t t = 0; t < m.indices().size(); t += 3) {
    const Vertex& a = m.vertices()[m.indices()[t]];
    const Vertex& b2 = m.vertices()[m.indices()[t + 1]];
    const Vertex& c = m.vertices()[m.indices()[t + 2]];
    const double z = (b2.position[0] - a.position[0]) * (c.position[1] - a.position[1]) -
                     (b2.position[1] - a.position[1]) * (c.position[0] - a.position[0]);
    EXPECT_GT(z, 0) << "triangle " << t / 3;
  }
  std::filesystem::remove(path);
}

// Six influences per vertex (JOINTS_0/1, WEIGHTS_0/1): the four largest are kept and sum to 1.
// One STEP and one CUBICSPLINE channel: STEP holds values, CUBICSPLINE keys follow the curve.
TEST(BakeSynthetic, WeightsCutToFourAndStepCubicResampled) {
  std::vector<std::uint8_t> buf;
  append<float>(buf, {0, 0, 0, 1, 0, 0, 0, 1, 0});                    // positions @0 (36)
  append<std::uint8_t>(buf, {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3});   // joints_0 @36 (12)
  append<std::uint8_t>(buf, {4, 5, 0, 0, 4, 5, 0, 0, 4, 5, 0, 0});   // joints_1 @48 (12)
  append<float>(buf, {0.3f, 0.25f, 0.2f, 0.1f, 0.3f, 0.25f, 0.2f, 0.1f, 0.3f, 0.25f, 0.2f, 0.1f});  // weights_0 @60 (48)
  append<float>(buf, {0.1f, 0.05f, 0, 0, 0.1f, 0.05f, 0, 0, 0.1f, 0.05f, 0, 0});                   // weights_1 @108 (48)
  append<float>(buf, {0, 1, 2});                                       // times @156 (12)
  append<float>(buf, {0, 0, 0, 1, 0, 0, 2, 0, 0});                     // step translations @168 (36)
  // cubic: in, value, out per key for 3 keys (VEC3) @204 (108)
  append<float>(buf, {0, 0, 0, 0, 0, 0, 3, 0, 0, /**/ 0, 0, 0, 1, 1, 0, 0, 0, 0, /**/ -3, 0, 0, 0, 0, 0, 0, 0, 0});
  append<float>(buf, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});  // identity IBM @312 (64), used 6 times
  std::vector<std::uint8_t> ibm;
  for (int i = 0; i < 6; ++i) ibm.insert(ibm.end(), buf.end() - 64, buf.end());
  buf.insert(buf.end(), ibm.begin(), ibm.end() - 64);  // 6 matrices from @312
  const std::string json = R"({
    "asset": {"version": "2.0"},
    "buffers": [{"byteLength": )" + std::to_string(buf.size()) + R"(, "uri": "data:application/octet-stream;base64,)" + base64_text(buf) + R"("}],
    "bufferViews": [
      {"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 12},
      {"buffer": 0, "byteOffset": 48, "byteLength": 12}, {"buffer": 0, "byteOffset": 60, "byteLength": 48},
      {"buffer": 0, "byteOffset": 108, "byteLength": 48}, {"buffer": 0, "byteOffset": 156, "byteLength": 12},
      {"buffer": 0, "byteOffset": 168, "byteLength": 36}, {"buffer": 0, "byteOffset": 204, "byteLength": 108},
      {"buffer": 0, "byteOffset": 312, "byteLength": 384}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5121, "count": 3, "type": "VEC4"},
      {"bufferView": 2, "componentType": 5121, "count": 3, "type": "VEC4"},
      {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"},
      {"bufferView": 4, "componentType": 5126, "count": 3, "type": "VEC4"},
      {"bufferView": 5, "componentType": 5126, "count": 3, "type": "SCALAR", "min": [0], "max": [2]},
      {"bufferView": 6, "componentType": 5126, "count": 3, "type": "VEC3"},
      {"bufferView": 7, "componentType": 5126, "count": 9, "type": "VEC3"},
      {"bufferView": 8, "componentType": 5126, "count": 6, "type": "MAT4"}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 1, "JOINTS_1": 2, "WEIGHTS_0": 3, "WEIGHTS_1": 4}}]}],
    "skins": [{"joints": [1, 2, 3, 4, 5, 6], "inverseBindMatrices": 8}],
    "nodes": [{"mesh": 0, "skin": 0}, {"children": [2, 3, 4, 5, 6]}, {}, {}, {}, {}, {}],
    "animations": [{"samplers": [{"input": 5, "output": 6, "interpolation": "STEP"},
                                 {"input": 5, "output": 7, "interpolation": "CUBICSPLINE"}],
                    "channels": [{"sampler": 0, "target": {"node": 2, "path": "translation"}},
                                 {"sampler": 1, "target": {"node": 3, "path": "translation"}}]}],
    "scenes": [{"nodes": [0, 1]}]})";
  const auto path = write_gltf("skin", json);
  const BakedModel& b = baked(path, test_options(), "synthetic");
  const Model& m = *b.model;
  EXPECT_EQ(semantic_problems(m), "");
  ASSERT_EQ(m.joints().size(), 6u);
  for (const Vertex& v : m.vertices()) {
    // 0.3, 0.25, 0.2, 0.1 (and 0.1) kept of 1.2 total: the four largest, renormalised.
    EXPECT_NEAR(v.weights[0], 0.3 / 0.85, 1e-5);
    EXPECT_NEAR(v.weights[1], 0.25 / 0.85, 1e-5);
    EXPECT_NEAR(v.weights[2], 0.2 / 0.85, 1e-5);
    EXPECT_NEAR(v.weights[3], 0.1 / 0.85, 1e-5);
  }
  ASSERT_EQ(m.animations().size(), 1u);
  EXPECT_FLOAT_EQ(m.animations()[0].duration, 2.0f);
  auto sample = [&](std::uint32_t joint, double t) {
    const Track& track = m.track(0, joint);
    const auto keys = m.keyframes().subspan(track.first_keyframe, track.translation_count);
    std::size_t i = 0;
    while (i + 1 < keys.size() && keys[i + 1].time <= t) ++i;
    if (i + 1 >= keys.size() || t <= keys[i].time) return double(keys[i].value[0]);
    const double s = (t - keys[i].time) / (keys[i + 1].time - keys[i].time);
    return keys[i].value[0] + (keys[i + 1].value[0] - keys[i].value[0]) * s;
  };
  // Joint order is parents-first from node 1: node 1 is joint 0, node 2 joint 1, node 3 joint 2.
  for (double t : {0.0, 0.25, 0.999, 1.0, 1.5, 1.999, 2.0}) EXPECT_DOUBLE_EQ(sample(1, t), std::floor(t)) << t;
  // Hermite from 0 (out tangent 3) to 1 (in tangent 0) over [0,1], then 1 to 0 (out 0, in -3).
  for (double t = 0; t <= 2.0; t += 0.01) {
    const double s = t <= 1 ? t : t - 1;
    const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s,
                 h11 = s * s * s - s * s;
    const double want = t <= 1 ? h00 * 0 + h10 * 3 + h01 * 1 + h11 * 0 : h00 * 1 + h10 * 0 + h01 * 0 + h11 * -3;
    EXPECT_NEAR(sample(2, t), want, 2e-4) << t;
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace aem::test
