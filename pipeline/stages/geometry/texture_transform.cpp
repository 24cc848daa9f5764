#include "stages/geometry/texture_transform.hpp"

#include <string>

namespace aem::pipeline {

MaterialUv plan_material_uv(const Scene& scene, int material, WarningLog& warnings) {
  MaterialUv out;
  if (material < 0) return out;
  const Material& mat = scene.materials[std::size_t(material)];
  struct Use {
    const char* what;
    const TextureRef& ref;
  };
  const Use uses[] = {{"base color", mat.base_color}, {"metallic-roughness", mat.metallic_roughness},
                      {"normal", mat.normal}, {"occlusion", mat.occlusion}, {"emissive", mat.emissive}};
  const Use* lead = nullptr;
  for (const Use& u : uses)
    if (u.ref.texture != kNone) {
      lead = &u;
      break;
    }
  if (lead == nullptr) return out;
  out.textured = true;
  out.transform = lead->ref.transform;
  out.set = lead->ref.uv_set;
  if (out.set < 0) out.set = 0;
  for (const Use& u : uses) {
    if (u.ref.texture == kNone || &u == lead) continue;
    const int set = u.ref.uv_set;
    if (set != out.set)
      warnings.warn("extra uv sets", scene.model.string() + ": " + mat.where + ": its " + u.what +
                                         " texture uses TEXCOORD_" + std::to_string(set) +
                                         " but AEM keeps one UV set (TEXCOORD_" +
                                         std::to_string(out.set) + ", from its " + lead->what +
                                         " texture); the " + u.what + " texture is sampled with that set");
    else if (u.ref.transform.m != out.transform.m)
      warnings.warn("texture transform", scene.model.string() + ": " + mat.where + ": its " + u.what +
                                             " texture has another KHR_texture_transform than its " +
                                             lead->what + " texture; only the " + lead->what +
                                             " transform is baked into the UVs");
  }
  return out;
}

}  // namespace aem::pipeline
