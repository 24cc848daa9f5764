#pragma once
// The UV set and KHR_texture_transform a material's textures use, so that geometry can bake one
// transform into its single AEM UV set. The base colour texture decides (else the first texture
// the material has); other textures that need another set or another transform lose it, and a
// warning names the material and what is lost.
#include <array>
#include <map>
#include <string>

#include "aem/pipeline/gltf_import.hpp"

namespace tinygltf {
class Value;
}

namespace aem::pipeline {

struct TextureTransform {
  // uv' = [a b c; d e f] * (u, v, 1)
  std::array<double, 6> m{1, 0, 0, 0, 1, 0};
  int tex_coord_override = -1;
  bool is_identity() const { return m == std::array<double, 6>{1, 0, 0, 0, 1, 0}; }
};

// Parses a KHR_texture_transform extension object (identity when absent or malformed).
TextureTransform parse_texture_transform(const std::map<std::string, tinygltf::Value>& extensions);

struct MaterialUv {
  int set = 0;          // TEXCOORD_n the AEM UVs come from
  TextureTransform transform;
  bool textured = false;  // the material samples any texture
};

// material -1 is the default material (untextured, set 0).
MaterialUv plan_material_uv(const GltfDocument& doc, int material, WarningLog& warnings);

}  // namespace aem::pipeline
