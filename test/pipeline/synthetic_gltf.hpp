#pragma once
// Small glTF files written by the tests themselves: a textured unit quad whose material, textures
// and images the test supplies as JSON, in a scratch directory with the files it needs.
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <stb_image_write.h>

#include "gltf_bytes.hpp"
#include "scratch_dir.hpp"  // declarations only; libstb.so implements them

namespace aem::test {

// The buffer of one unit quad in z = 0 (float positions, UVs, normals; ushort indices), as a
// data URI, and the accessors 0..3 (POSITION, TEXCOORD_0, NORMAL, indices) over it.
inline std::string quad_buffers_json() {
  std::vector<std::uint8_t> buf;
  auto put = [&](const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    buf.insert(buf.end(), b, b + n);
  };
  const float positions[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
  const float uvs[] = {0, 1, 1, 1, 0, 0, 1, 0};
  const float normals[] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
  const std::uint16_t indices[] = {0, 1, 2, 2, 1, 3};
  put(positions, sizeof positions);  // 48 bytes at 0
  put(uvs, sizeof uvs);              // 32 at 48
  put(normals, sizeof normals);      // 48 at 80
  put(indices, sizeof indices);      // 12 at 128
  return R"("buffers": [{"byteLength": )" + std::to_string(buf.size()) +
         R"(, "uri": "data:application/octet-stream;base64,)" + base64_text(buf) + R"("}],
    "bufferViews": [
      {"buffer": 0, "byteOffset": 0, "byteLength": 48},
      {"buffer": 0, "byteOffset": 48, "byteLength": 32},
      {"buffer": 0, "byteOffset": 80, "byteLength": 48},
      {"buffer": 0, "byteOffset": 128, "byteLength": 12}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC2"},
      {"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 3, "componentType": 5123, "count": 6, "type": "SCALAR"}])";
}

// A glTF whose mesh 0 is the quad with material 0. `rest` is the remaining top-level members
// (materials, textures, images, nodes, scenes...), without a leading comma.
inline std::string quad_gltf(const std::string& rest) {
  return R"({"asset": {"version": "2.0"}, )" + quad_buffers_json() + R"(,
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 3, "material": 0}]}],
    )" + rest + "}";
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A w×h PNG of one RGBA colour.
inline void write_solid_png(const std::filesystem::path& path, int w, int h, std::array<std::uint8_t, 4> rgba) {
  std::vector<std::uint8_t> pixels;
  for (int i = 0; i < w * h; ++i) pixels.insert(pixels.end(), rgba.begin(), rgba.end());
  stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4);
}

}  // namespace aem::test
