#pragma once
// A unit quad with two UV sets and one material (base colour on TEXCOORD_0, occlusion on
// TEXCOORD_1), written by the tests of the uv1 extension's bake and of its export.
#include <cstring>
#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>

#include "synthetic_gltf.hpp"

namespace aem::test {

// TEXCOORD_1 of the quad's corners (x + 2y), distinct from TEXCOORD_0.
inline const float kUv1[4][2] = {{0.25f, 0.5f}, {0.75f, 0.5f}, {0.25f, 0.125f}, {0.75f, 0.125f}};

// The unit quad with TEXCOORD_1 and one material: base colour on TEXCOORD_0; occlusion on
// TEXCOORD_1; with `metal_roughness`, a metallic-roughness texture on TEXCOORD_0 too.
inline std::filesystem::path write_two_set_quad(const ScratchDir& dir, bool metal_roughness) {
  nlohmann::json gltf = nlohmann::json::parse("{" + quad_buffers_json() + "}");
  std::vector<std::uint8_t> bytes(sizeof kUv1);
  std::memcpy(bytes.data(), kUv1, sizeof kUv1);
  gltf["asset"] = {{"version", "2.0"}};
  gltf["buffers"].push_back({{"byteLength", bytes.size()}, {"uri", "data:application/octet-stream;base64," + base64_text(bytes)}});
  gltf["bufferViews"].push_back({{"buffer", 1}, {"byteOffset", 0}, {"byteLength", bytes.size()}});
  gltf["accessors"].push_back({{"bufferView", 4}, {"componentType", 5126}, {"count", 4}, {"type", "VEC2"}});
  gltf["meshes"] = nlohmann::json::parse(
      R"([{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2, "TEXCOORD_1": 4}, "indices": 3, "material": 0}]}])");
  write_solid_png(dir.path() / "base.png", 4, 4, {200, 100, 50, 255});
  write_solid_png(dir.path() / "ao.png", 4, 4, {90, 90, 90, 255});
  gltf["images"] = nlohmann::json::parse(R"([{"uri": "base.png"}, {"uri": "ao.png"}])");
  gltf["textures"] = nlohmann::json::parse(R"([{"source": 0}, {"source": 1}])");
  nlohmann::json material = nlohmann::json::parse(
      R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}, "occlusionTexture": {"index": 1, "texCoord": 1}})");
  if (metal_roughness) material["pbrMetallicRoughness"]["metallicRoughnessTexture"] = {{"index", 1}};
  gltf["materials"] = nlohmann::json::array({material});
  gltf["nodes"] = nlohmann::json::parse(R"([{"mesh": 0}])");
  gltf["scenes"] = nlohmann::json::parse(R"([{"nodes": [0]}])");
  const std::filesystem::path path = dir.path() / "two_sets.gltf";
  write_file(path, gltf.dump());
  return path;
}

}  // namespace aem::test
