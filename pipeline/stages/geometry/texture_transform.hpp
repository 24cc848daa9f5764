#pragma once
// The UV sets and KHR_texture_transforms a material's textures use, so that geometry can bake
// each transform into its AEM UV set. The base colour texture decides AEM set 0, the core UVs
// (else the first texture the material has). With two sets (the uv1 extension), the first texture
// on another TEXCOORD_n decides AEM set 1. The textures the bake packs into one PBR texture
// (metallic-roughness, occlusion, emissive) share one set, except occlusion on the other of the
// two sets, which gets a texture of its own (own_occlusion). A texture that needs a third set, a
// set its PBR partners do not share, or another transform than its set's loses it, and a warning
// names the material and what is lost.
#include "aem/ext_uv1.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

inline bool is_identity(const UvTransform& t) { return t.m == UvTransform{}.m; }

// Applies `t` to every (u, v) pair of `uvs` (in double, rounded once).
void apply_uv_transform(std::vector<float>& uvs, const UvTransform& t);

struct MaterialUv {
  int set = 0;          // TEXCOORD_n the AEM UVs come from
  UvTransform transform;
  bool textured = false;  // the material samples any texture
  int second_set = -1;    // TEXCOORD_n of AEM set 1 (the uv1 extension); -1: none
  UvTransform second_transform;
  // Which AEM set (0 or 1) each texture samples; all 0 without a second set. occlusion_texture
  // stays kUv1NoTexture here: the material packer makes the texture.
  Uv1Material sets{0, 0, 0, 0, kUv1NoTexture, {0, 0}};
  // Occlusion samples another set than the PBR texture (sets.occlusion_set != sets.pbr_set), so
  // it needs a texture of its own, and the PBR texture's G holds none.
  bool own_occlusion = false;
};

// material -1 is the default material (untextured, set 0). `two_sets`: a second set may be
// planned (false under BakeOptions::version_1_only: one set, as version 1 holds).
MaterialUv plan_material_uv(const Scene& scene, int material, bool two_sets, WarningLog& warnings);

}  // namespace aem::pipeline
