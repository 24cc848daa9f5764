#pragma once
// The UV set and KHR_texture_transform a material's textures use, so that geometry can bake one
// transform into its single AEM UV set. The base colour texture decides (else the first texture
// the material has); other textures that need another set or another transform lose it, and a
// warning names the material and what is lost.
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

inline bool is_identity(const UvTransform& t) { return t.m == UvTransform{}.m; }

struct MaterialUv {
  int set = 0;          // TEXCOORD_n the AEM UVs come from
  UvTransform transform;
  bool textured = false;  // the material samples any texture
};

// material -1 is the default material (untextured, set 0).
MaterialUv plan_material_uv(const Scene& scene, int material, WarningLog& warnings);

}  // namespace aem::pipeline
