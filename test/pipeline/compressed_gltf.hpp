#pragma once
// Compressed glTF written by the tests themselves (specs/compressed-gltf.md): corpus models
// packed with Debian's gltfpack (EXT_meshopt_compression), re-encoded with the Draco encoder
// library (KHR_draco_mesh_compression), and a small mesh compressed with meshoptimizer's own
// encoders, which hostile variants then break.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>
#include <gtest/gtest.h>
#include <meshoptimizer.h>
#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "aem/model.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"

namespace aem::test {

using nlohmann::json;

struct Bounds {
  float min[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), std::numeric_limits<float>::max()};
  float max[3] = {-std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()};
  float extent() const { return std::max({max[0] - min[0], max[1] - min[1], max[2] - min[2]}); }
};

// The bounding box of a baked model's vertices.
inline Bounds vertex_bounds(const Model& model) {
  Bounds b;
  for (const Vertex& v : model.vertices())
    for (int k = 0; k < 3; ++k) {
      b.min[k] = std::min(b.min[k], v.position[k]);
      b.max[k] = std::max(b.max[k], v.position[k]);
    }
  return b;
}

inline void expect_bounds_near(const Bounds& a, const Bounds& b, float tolerance, const std::string& what) {
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(a.min[k], b.min[k], tolerance) << what << " axis " << k;
    EXPECT_NEAR(a.max[k], b.max[k], tolerance) << what << " axis " << k;
  }
}

inline bool have_gltfpack() {
  std::error_code ec;
  return std::filesystem::exists("/usr/bin/gltfpack", ec);
}

// gltfpack `flags` (e.g. "-c") applied to `in`, written to `out`; fails the test when it fails.
inline void run_gltfpack(const std::filesystem::path& in, const std::filesystem::path& out, const std::string& flags) {
  const CommandResult r =
      run_command("/usr/bin/gltfpack " + flags + " -i " + shell_quote(in.string()) + " -o " + shell_quote(out.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
}

// A .glb's JSON chunk and BIN chunk.
inline void split_glb(const std::filesystem::path& glb, json& gltf, std::vector<std::uint8_t>& bin) {
  std::ifstream in(glb, std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::uint32_t json_length = 0, bin_length = 0;
  std::memcpy(&json_length, bytes.data() + 12, 4);
  gltf = json::parse(bytes.begin() + 20, bytes.begin() + 20 + json_length);
  const std::size_t bin_at = 20 + json_length;
  std::memcpy(&bin_length, bytes.data() + bin_at, 4);
  bin.assign(bytes.begin() + long(bin_at + 8), bytes.begin() + long(bin_at + 8 + bin_length));
}

// Accessor `index`'s values as floats (float accessors only), `components` per element.
inline std::vector<float> float_values(const tinygltf::Model& m, int index, int& components) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  components = tinygltf::GetNumComponentsInType(std::uint32_t(a.type));
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const std::size_t stride = v.byteStride ? v.byteStride : std::size_t(components) * 4;
  std::vector<float> out(a.count * std::size_t(components));
  for (std::size_t i = 0; i < a.count; ++i)
    std::memcpy(&out[i * std::size_t(components)], m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset + i * stride,
                std::size_t(components) * 4);
  return out;
}

inline std::vector<std::uint32_t> index_values(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const std::uint8_t* p = m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
  std::vector<std::uint32_t> out(a.count);
  for (std::size_t i = 0; i < a.count; ++i) {
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) std::memcpy(&out[i], p + 4 * i, 4);
    else if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) { std::uint16_t s; std::memcpy(&s, p + 2 * i, 2); out[i] = s; }
    else out[i] = p[i];
  }
  return out;
}

inline draco::GeometryAttribute::Type draco_type(const std::string& semantic) {
  if (semantic == "POSITION") return draco::GeometryAttribute::POSITION;
  if (semantic == "NORMAL") return draco::GeometryAttribute::NORMAL;
  if (semantic.rfind("TEXCOORD_", 0) == 0) return draco::GeometryAttribute::TEX_COORD;
  return draco::GeometryAttribute::GENERIC;
}

// `glb` (a corpus model whose indexed triangle primitives have only float attributes) rewritten as
// `dir`/draco.gltf: each primitive's geometry Draco-encoded (positions quantised to
// `position_bits`) into draco.bin, its accessors left without bufferViews as the extension
// requires, everything else (images, materials, nodes) read from the original BIN chunk.
inline std::filesystem::path write_draco_gltf(const std::filesystem::path& glb, const std::filesystem::path& dir,
                                              int position_bits) {
  json gltf;
  std::vector<std::uint8_t> bin;
  split_glb(glb, gltf, bin);
  bin.resize(gltf["buffers"][0]["byteLength"].get<std::size_t>());  // without the chunk's padding
  std::ofstream(dir / "source.bin", std::ios::binary).write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
  gltf["buffers"][0]["uri"] = "source.bin";
  const auto reference = load_reference(glb);
  std::vector<std::uint8_t> draco_bin;
  for (std::size_t mi = 0; mi < reference->meshes.size(); ++mi) {
    for (std::size_t pi = 0; pi < reference->meshes[mi].primitives.size(); ++pi) {
      const tinygltf::Primitive& p = reference->meshes[mi].primitives[pi];
      draco::Mesh mesh;
      const std::size_t points = reference->accessors[std::size_t(p.attributes.at("POSITION"))].count;
      mesh.set_num_points(std::uint32_t(points));
      json ids = json::object();
      for (const auto& [name, accessor] : p.attributes) {
        int n = 0;
        const std::vector<float> values = float_values(*reference, accessor, n);
        draco::GeometryAttribute ga;
        ga.Init(draco_type(name), nullptr, std::uint8_t(n), draco::DT_FLOAT32, false, std::int64_t(n) * 4, 0);
        const int id = mesh.AddAttribute(ga, true, std::uint32_t(points));
        for (std::size_t i = 0; i < points; ++i)
          mesh.attribute(id)->SetAttributeValue(draco::AttributeValueIndex(std::uint32_t(i)), &values[i * std::size_t(n)]);
        ids[name] = mesh.attribute(id)->unique_id();
        json& a = gltf["accessors"][std::size_t(accessor)];
        a.erase("bufferView");
        a.erase("byteOffset");
      }
      const std::vector<std::uint32_t> indices = index_values(*reference, p.indices);
      for (std::size_t t = 0; t + 2 < indices.size(); t += 3)
        mesh.AddFace({draco::PointIndex(indices[t]), draco::PointIndex(indices[t + 1]), draco::PointIndex(indices[t + 2])});
      json& ia = gltf["accessors"][std::size_t(p.indices)];
      ia.erase("bufferView");
      ia.erase("byteOffset");
      draco::Encoder encoder;
      encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, position_bits);
      encoder.SetAttributeQuantization(draco::GeometryAttribute::NORMAL, 10);
      encoder.SetAttributeQuantization(draco::GeometryAttribute::TEX_COORD, 12);
      draco::EncoderBuffer encoded;
      const draco::Status status = encoder.EncodeMeshToBuffer(mesh, &encoded);
      EXPECT_TRUE(status.ok()) << status.error_msg_string();
      gltf["bufferViews"].push_back({{"buffer", 1}, {"byteOffset", draco_bin.size()}, {"byteLength", encoded.size()}});
      draco_bin.insert(draco_bin.end(), encoded.data(), encoded.data() + encoded.size());
      while (draco_bin.size() % 4) draco_bin.push_back(0);
      gltf["meshes"][mi]["primitives"][pi]["extensions"]["KHR_draco_mesh_compression"] = {
          {"bufferView", gltf["bufferViews"].size() - 1}, {"attributes", ids}};
    }
  }
  std::ofstream(dir / "draco.bin", std::ios::binary).write(reinterpret_cast<const char*>(draco_bin.data()), std::streamsize(draco_bin.size()));
  gltf["buffers"].push_back({{"uri", "draco.bin"}, {"byteLength", draco_bin.size()}});
  for (const char* list : {"extensionsUsed", "extensionsRequired"}) gltf[list].push_back("KHR_draco_mesh_compression");
  const auto path = dir / "draco.gltf";
  std::ofstream(path) << gltf.dump();
  return path;
}

// A 16x16 grid of vertices (float positions with the EXPONENTIAL filter, normals as normalized
// bytes with the OCTAHEDRAL filter, u16 triangles) compressed with meshoptimizer's encoders into
// compressed.bin; the plain data lives in fallback buffer 1, which has no bytes. Returns the glTF
// JSON for the caller to break or write.
struct MeshoptGrid {
  json gltf;
  std::vector<std::uint8_t> compressed;
  std::size_t triangles = 0;
};

// `index_sequence`: the indices in mode INDICES (meshopt_encodeIndexSequence) instead of TRIANGLES.
inline MeshoptGrid meshopt_grid(bool index_sequence = false) {
  constexpr std::size_t kSide = 16, kVertices = kSide * kSide;
  std::vector<float> positions, normals;
  for (std::size_t y = 0; y < kSide; ++y)
    for (std::size_t x = 0; x < kSide; ++x) {
      positions.insert(positions.end(), {float(x) * 0.25f, float(y) * 0.25f, float((x * y) % 5) * 0.125f});
      normals.insert(normals.end(), {0.0f, 0.6f, 0.8f, 0.0f});
    }
  std::vector<std::uint16_t> indices;
  for (std::size_t y = 0; y + 1 < kSide; ++y)
    for (std::size_t x = 0; x + 1 < kSide; ++x) {
      const auto v = std::uint16_t(y * kSide + x);
      indices.insert(indices.end(), {v, std::uint16_t(v + 1), std::uint16_t(v + kSide), std::uint16_t(v + 1),
                                     std::uint16_t(v + kSide + 1), std::uint16_t(v + kSide)});
    }
  std::vector<std::uint8_t> filtered_positions(kVertices * 12), filtered_normals(kVertices * 4);
  meshopt_encodeFilterExp(filtered_positions.data(), kVertices, 12, 20, positions.data());
  meshopt_encodeFilterOct(filtered_normals.data(), kVertices, 4, 8, normals.data());
  MeshoptGrid grid;
  json views = json::array();
  std::size_t plain_at = 0;
  auto add = [&](const void* data, std::size_t count, std::size_t stride, const char* mode, const char* filter,
                 std::size_t encoded_size) {
    const std::size_t at = grid.compressed.size();
    grid.compressed.resize(at + encoded_size);
    std::size_t n = 0;
    if (std::string(mode) == "ATTRIBUTES")
      n = meshopt_encodeVertexBuffer(grid.compressed.data() + at, encoded_size, data, count, stride);
    else if (std::string(mode) == "INDICES")
      n = meshopt_encodeIndexSequence(grid.compressed.data() + at, encoded_size, static_cast<const unsigned int*>(data), count);
    else
      n = meshopt_encodeIndexBuffer(grid.compressed.data() + at, encoded_size, static_cast<const unsigned int*>(data), count);
    grid.compressed.resize(at + n);
    while (grid.compressed.size() % 4) grid.compressed.push_back(0);
    json ext = {{"buffer", 0}, {"byteOffset", at}, {"byteLength", n}, {"byteStride", stride}, {"count", count}, {"mode", mode}};
    if (filter) ext["filter"] = filter;
    json view = {{"buffer", 1}, {"byteOffset", plain_at}, {"byteLength", count * stride},
                 {"extensions", {{"EXT_meshopt_compression", ext}}}};
    if (std::string(mode) == "ATTRIBUTES") view["byteStride"] = stride;
    views.push_back(view);
    plain_at += (count * stride + 3) / 4 * 4;
  };
  add(filtered_positions.data(), kVertices, 12, "ATTRIBUTES", "EXPONENTIAL", meshopt_encodeVertexBufferBound(kVertices, 12));
  add(filtered_normals.data(), kVertices, 4, "ATTRIBUTES", "OCTAHEDRAL", meshopt_encodeVertexBufferBound(kVertices, 4));
  const std::vector<unsigned int> wide(indices.begin(), indices.end());
  meshopt_encodeIndexVersion(1);
  if (index_sequence)
    add(wide.data(), wide.size(), 2, "INDICES", nullptr, meshopt_encodeIndexSequenceBound(wide.size(), kVertices));
  else
    add(wide.data(), wide.size(), 2, "TRIANGLES", nullptr, meshopt_encodeIndexBufferBound(wide.size(), kVertices));
  grid.triangles = indices.size() / 3;
  grid.gltf = {
      {"asset", {{"version", "2.0"}}},
      {"extensionsUsed", {"EXT_meshopt_compression", "KHR_mesh_quantization"}},
      {"extensionsRequired", {"EXT_meshopt_compression", "KHR_mesh_quantization"}},
      {"scene", 0},
      {"scenes", json::array({{{"nodes", {0}}}})},
      {"nodes", json::array({{{"mesh", 0}}})},
      {"meshes", json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}}})}}})},
      {"accessors", json::array({{{"bufferView", 0}, {"componentType", 5126}, {"count", kVertices}, {"type", "VEC3"},
                                  {"min", {0, 0, 0}}, {"max", {3.75, 3.75, 0.5}}},
                                 {{"bufferView", 1}, {"componentType", 5120}, {"normalized", true}, {"count", kVertices}, {"type", "VEC3"}},
                                 {{"bufferView", 2}, {"componentType", 5123}, {"count", indices.size()}, {"type", "SCALAR"}}})},
      {"bufferViews", views},
      {"buffers", json::array({{{"uri", "compressed.bin"}, {"byteLength", grid.compressed.size()}},
                               {{"byteLength", plain_at}, {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}}})}};
  return grid;
}

// Writes `grid` as dir/grid.gltf with its compressed.bin.
inline std::filesystem::path write_grid(const std::filesystem::path& dir, const MeshoptGrid& grid) {
  std::ofstream(dir / "compressed.bin", std::ios::binary)
      .write(reinterpret_cast<const char*>(grid.compressed.data()), std::streamsize(grid.compressed.size()));
  const auto path = dir / "grid.gltf";
  std::ofstream(path) << grid.gltf.dump();
  return path;
}

// A glTF whose one primitive is the Draco stream `blob` (its accessors declare `vertices`
// vertices and three times as many indices), written as DIR/NAME.gltf and DIR/NAME.bin.
inline std::filesystem::path write_draco_blob(const std::filesystem::path& dir, const std::string& name,
                                              const std::vector<std::uint8_t>& blob, int vertices = 100) {
  std::ofstream(dir / (name + ".bin"), std::ios::binary).write(reinterpret_cast<const char*>(blob.data()), std::streamsize(blob.size()));
  const nlohmann::json gltf = {
      {"asset", {{"version", "2.0"}}},
      {"extensionsUsed", {"KHR_draco_mesh_compression"}},
      {"extensionsRequired", {"KHR_draco_mesh_compression"}},
      {"scenes", nlohmann::json::array({{{"nodes", {0}}}})},
      {"nodes", nlohmann::json::array({{{"mesh", 0}}})},
      {"meshes", nlohmann::json::array({{{"primitives", nlohmann::json::array({{{"attributes", {{"POSITION", 0}}}, {"indices", 1},
                                                            {"extensions", {{"KHR_draco_mesh_compression",
                                                                             {{"bufferView", 0}, {"attributes", {{"POSITION", 0}}}}}}}}})}}})},
      {"accessors", nlohmann::json::array({{{"componentType", 5126}, {"count", vertices}, {"type", "VEC3"}, {"min", {0, 0, 0}}, {"max", {1, 1, 1}}},
                                 {{"componentType", 5125}, {"count", 3 * vertices}, {"type", "SCALAR"}}})},
      {"bufferViews", nlohmann::json::array({{{"buffer", 0}, {"byteLength", blob.size()}}})},
      {"buffers", nlohmann::json::array({{{"uri", name + ".bin"}, {"byteLength", blob.size()}}})}};
  const std::filesystem::path path = dir / (name + ".gltf");
  std::ofstream(path) << gltf.dump();
  return path;
}

}  // namespace aem::test
