#pragma once
// A glTF whose triangles the bake's vertex merge can make degenerate: four vertices, the fourth a
// copy of the second in every attribute. For the bake and command-line tests of
// BakeReport::degenerate_triangles.
#include <cstdint>
#include <string>
#include <vector>

#include "gltf_bytes.hpp"

namespace aem::test {

// A glTF of one primitive over those four vertices (positions and normals), drawn as `indices` (unsigned short), repeated `copies` times as nodes of the same mesh.
inline std::string two_triangle_gltf(const std::vector<std::uint16_t>& indices, int copies = 1) {
  std::vector<std::uint8_t> buf;
  auto put = [&](const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    buf.insert(buf.end(), b, b + n);
  };
  const float positions[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0};
  const float normals[] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
  put(positions, sizeof positions);  // 48 bytes at 0
  put(normals, sizeof normals);      // 48 at 48
  put(indices.data(), indices.size() * 2);
  buf.resize((buf.size() + 3) / 4 * 4);
  std::string nodes, roots;
  for (int i = 0; i < copies; ++i) {
    nodes += std::string(i ? ", " : "") + R"({"mesh": 0, "translation": [)" + std::to_string(2 * i) + ", 0, 0]}";
    roots += std::string(i ? ", " : "") + std::to_string(i);
  }
  return R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": )" + std::to_string(buf.size()) +
         R"(, "uri": "data:application/octet-stream;base64,)" + base64_text(buf) + R"("}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                    {"buffer": 0, "byteOffset": 96, "byteLength": )" + std::to_string(indices.size() * 2) + R"(}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 2, "componentType": 5123, "count": )" + std::to_string(indices.size()) + R"(, "type": "SCALAR"}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2}]}],
    "nodes": [)" + nodes + R"(], "scenes": [{"nodes": [)" + roots + "]}]}";
}

}  // namespace aem::test
