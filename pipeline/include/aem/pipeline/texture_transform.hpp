#pragma once
// The UV set and KHR_texture_transform a material's textures use, so that geometry can bake one
// transform into its single AEM UV set. The base colour texture decides (else the first texture
// the material has); other textures that need another set or another transform lose it, and a
// warning names the material and what is lost.
#include <array>
#include <map>
#include <string>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/scene.hpp"

namespace tinygltf {
class Value;
}

namespace aem::pipeline {

inline bool is_identity(const UvTransform& t) { return t.m == UvTransform{}.m; }

// A KHR_texture_transform extension object: the transform (UvTransform, scene.hpp) and the UV set
// it overrides (-1: none).
struct TextureTransform {
  UvTransform uv;
  int tex_coord_override = -1;
};

// Parses a KHR_texture_transform extension object (identity when absent or malformed).
TextureTransform parse_texture_transform(const std::map<std::string, tinygltf::Value>& extensions);

struct MaterialUv {
  int set = 0;          // TEXCOORD_n the AEM UVs come from
  UvTransform transform;
  bool textured = false;  // the material samples any texture
};

// material -1 is the default material (untextured, set 0).
MaterialUv plan_material_uv(const Scene& scene, int material, WarningLog& warnings);

}  // namespace aem::pipeline
