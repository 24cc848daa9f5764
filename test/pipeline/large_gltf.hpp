#pragma once
// Large glTF models written by the tests themselves, for work that must stay interruptible: a
// grid of many triangles (normals and tangents left to the bake), a big texture used by every
// PBR slot, and a long CUBICSPLINE animation. Each is a .gltf with an external .bin (and a .bmp
// image) beside it.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <stb_image_write.h>  // declarations only; libstb.so implements them

namespace aem::test {

struct LargeModel {
  std::uint32_t grid_quads = 4;  // per side: 2 * grid_quads^2 triangles
  std::uint32_t texture_side = 0;  // 0: no texture
  std::uint32_t animation_keys = 0;  // 0: no animation
};

namespace large_gltf_detail {

inline void append(std::vector<std::uint8_t>& bin, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  bin.insert(bin.end(), bytes, bytes + size);
  while (bin.size() % 4 != 0) bin.push_back(0);
}

// A bufferView and accessor over `values` appended to `bin`; returns the accessor's JSON.
template <class T>
std::string add_accessor(std::vector<std::uint8_t>& bin, std::string& views, const std::vector<T>& values,
                         std::size_t count, const char* type, int component, const std::string& extra = "") {
  const std::size_t view = std::size_t(std::count(views.begin(), views.end(), '{'));
  if (!views.empty()) views += ",";
  views += R"({"buffer": 0, "byteOffset": )" + std::to_string(bin.size()) +
           R"(, "byteLength": )" + std::to_string(values.size() * sizeof(T)) + "}";
  append(bin, values.data(), values.size() * sizeof(T));
  return R"({"bufferView": )" + std::to_string(view) + R"(, "componentType": )" + std::to_string(component) +
         R"(, "count": )" + std::to_string(count) + R"(, "type": ")" + type + "\"" + extra + "}";
}

}  // namespace large_gltf_detail

// Writes `path` (.gltf) and its .bin (and .bmp) beside it, making its directory if needed.
inline void write_large_gltf(const std::filesystem::path& path, const LargeModel& spec) {
  using namespace large_gltf_detail;
  std::filesystem::create_directories(path.parent_path());
  const std::string stem = path.stem().string();
  const std::uint32_t n = spec.grid_quads;
  std::vector<float> positions, uvs;
  std::vector<std::uint32_t> indices;
  for (std::uint32_t y = 0; y <= n; ++y)
    for (std::uint32_t x = 0; x <= n; ++x) {
      const float fx = float(x) / float(n), fy = float(y) / float(n);
      positions.insert(positions.end(), {fx, fy, 0.05f * std::sin(float(x) * 0.1f) * std::cos(float(y) * 0.1f)});
      uvs.insert(uvs.end(), {fx * 4, fy * 4});
    }
  for (std::uint32_t y = 0; y < n; ++y)
    for (std::uint32_t x = 0; x < n; ++x) {
      const std::uint32_t a = y * (n + 1) + x, b = a + 1, c = a + n + 1, d = c + 1;
      indices.insert(indices.end(), {a, b, c, c, b, d});
    }
  std::vector<std::uint8_t> bin;
  std::string views, accessors;
  accessors += add_accessor(bin, views, positions, positions.size() / 3, "VEC3", 5126,
                            R"(, "min": [0, 0, -1], "max": [1, 1, 1])");
  accessors += "," + add_accessor(bin, views, uvs, uvs.size() / 2, "VEC2", 5126);
  accessors += "," + add_accessor(bin, views, indices, indices.size(), "SCALAR", 5125);
  std::string nodes = R"([{"mesh": 0}])", extra;
  std::string material = R"({"pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.7, 0.6, 1]}})";
  if (spec.texture_side > 0) {
    const std::uint32_t side = spec.texture_side;
    std::vector<std::uint8_t> pixels(std::size_t(side) * side * 3);
    for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = std::uint8_t((i * 7 + i / 4099) & 255);
    stbi_write_bmp((path.parent_path() / (stem + ".bmp")).string().c_str(), int(side), int(side), 3, pixels.data());
    extra += R"(, "images": [{"uri": ")" + stem + R"(.bmp"}], "textures": [{"source": 0}])";
    // Every slot, a masked base colour and an emissive map: every per-texel loop of the packer.
    material = R"({"pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.7, 0.6, 1], "baseColorTexture": {"index": 0},
                   "metallicRoughnessTexture": {"index": 0}}, "normalTexture": {"index": 0},
                   "occlusionTexture": {"index": 0}, "emissiveTexture": {"index": 0},
                   "emissiveFactor": [1, 0.5, 0.2], "alphaMode": "MASK"})";
  }
  if (spec.animation_keys > 0) {
    // Wildly swinging in- and out-tangents: every segment is resampled to many keys.
    std::vector<float> times, values;
    for (std::uint32_t k = 0; k < spec.animation_keys; ++k) {
      times.push_back(float(k) * 0.01f);
      values.insert(values.end(), {50, -50, 30});
      values.insert(values.end(), {std::sin(float(k) * 1.7f), std::cos(float(k) * 2.3f), std::sin(float(k) * 0.3f)});
      values.insert(values.end(), {-50, 50, -30});
    }
    const std::string last = std::to_string(times.back());
    accessors += "," + add_accessor(bin, views, times, times.size(), "SCALAR", 5126,
                                    R"(, "min": [0], "max": [)" + last + "]");
    accessors += "," + add_accessor(bin, views, values, values.size() / 3, "VEC3", 5126);
    nodes = R"([{"mesh": 0, "children": [1]}, {"translation": [0, 0, 0]}])";
    extra += R"(, "animations": [{"samplers": [{"input": 3, "output": 4, "interpolation": "CUBICSPLINE"}],
                 "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}]}])";
  }
  std::ofstream(path.parent_path() / (stem + ".bin"), std::ios::binary)
      .write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
  std::ofstream(path, std::ios::binary)
      << R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": )" << nodes
      << R"(, "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2, "material": 0}]}],
    "materials": [)" << material << R"(], "buffers": [{"byteLength": )" << bin.size() << R"(, "uri": ")" << stem
      << R"(.bin"}], "bufferViews": [)" << views << R"(], "accessors": [)" << accessors << "]" << extra << "}";
}

}  // namespace aem::test
