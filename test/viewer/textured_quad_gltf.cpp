#include "textured_quad_gltf.hpp"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <vector>

#include "gltf_bytes.hpp"

namespace aem::test::viewer {

void write_textured_quad_gltf(const std::filesystem::path& path, const TexturedQuad& quad) {
  std::vector<std::uint8_t> buf;
  append_values<float>(buf, {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0});      // front positions @0 (48)
  append_values<float>(buf, {-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1});  // back positions @48 (48)
  append_values<float>(buf, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1});          // normals @96 (48)
  append_values<float>(buf, {0, 1, 1, 1, 1, 0, 0, 0});                      // uvs @144 (32)
  append_values<std::uint16_t>(buf, {0, 1, 2, 0, 2, 3});                    // indices @176 (12)
  std::ostringstream json;
  json << R"({"asset": {"version": "2.0"},
    "buffers": [{"byteLength": )" << buf.size() << R"(, "uri": "data:application/octet-stream;base64,)"
       << base64_text(buf) << R"("}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                    {"buffer": 0, "byteOffset": 96, "byteLength": 48}, {"buffer": 0, "byteOffset": 144, "byteLength": 32},
                    {"buffer": 0, "byteOffset": 176, "byteLength": 12}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [-1,-1,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3", "min": [-1,-1,-1], "max": [1,1,-1]},
      {"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 3, "componentType": 5126, "count": 4, "type": "VEC2"},
      {"bufferView": 4, "componentType": 5123, "count": 6, "type": "SCALAR"}],
    "images": [{"uri": ")" << quad.image_uri << R"("}],
    "samplers": [{"magFilter": 9728, "minFilter": 9728}],
    "textures": [{"source": 0, "sampler": 0}],
    "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}, "metallicFactor": 0})";
  if (quad.alpha_cutoff) json << R"(, "alphaMode": "MASK", "alphaCutoff": )" << *quad.alpha_cutoff;
  json << R"(},
                  {"pbrMetallicRoughness": {"baseColorFactor": [0.1, 0.3, 0.9, 1], "metallicFactor": 0}}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 2, "TEXCOORD_0": 3}, "indices": 4, "material": 0})";
  if (quad.plain_quad_behind) json << R"(,
                               {"attributes": {"POSITION": 1, "NORMAL": 2, "TEXCOORD_0": 3}, "indices": 4, "material": 1})";
  json << R"(]}],
    "nodes": [{"mesh": 0}],
    "scenes": [{"nodes": [0]}], "scene": 0})";
  std::ofstream(path) << json.str();
}

}  // namespace aem::test::viewer
