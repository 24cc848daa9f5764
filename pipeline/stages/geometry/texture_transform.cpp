#include "stages/geometry/texture_transform.hpp"

#include <string>

namespace aem::pipeline {
namespace {

struct Use {
  const char* what;
  const TextureRef& ref;
  std::uint8_t* aem_set;  // where the plan records the AEM set it samples
  bool pbr;               // packed into the PBR texture with the other pbr uses
};

std::string at(const Scene& scene, const Material& mat) { return scene.model.string() + ": " + mat.where; }

// The AEM set (0 or 1) of a texture on TEXCOORD_`set`, planning set 1 for it when there is none
// yet; -1 when neither set is its own (a third set, or set 1 refused without two sets).
int aem_set_of(MaterialUv& out, int set, const UvTransform& transform, bool two_sets) {
  if (set == out.set) return 0;
  if (!two_sets) return -1;
  if (out.second_set < 0) {
    out.second_set = set;
    out.second_transform = transform;
  }
  return set == out.second_set ? 1 : -1;
}

// Records the AEM set of `u`, or warns that it is sampled with `fallback` (AEM set 0 or the PBR set).
void place_use(const Scene& scene, const Material& mat, const Use& u, const Use& lead, MaterialUv& out, bool two_sets,
               int pbr_set, WarningLog& warnings) {
  const int source_set = u.ref.uv_set < 0 ? 0 : u.ref.uv_set;
  const bool pbr_bound = u.pbr && pbr_set >= 0;  // a PBR partner already fixed the PBR texture's set
  int set = pbr_bound ? (source_set == (pbr_set == 0 ? out.set : out.second_set) ? pbr_set : -1)
                      : aem_set_of(out, source_set, u.ref.transform, two_sets);
  // Occlusion on another set than its PBR partners goes to a texture of its own (the uv1
  // extension's packing), sampled with its own set.
  if (set < 0 && pbr_bound && u.aem_set == &out.sets.occlusion_set) {
    set = aem_set_of(out, source_set, u.ref.transform, two_sets);
    out.own_occlusion = set >= 0;
  }
  if (set < 0) {
    const int kept = pbr_bound ? pbr_set : 0;
    const int kept_source = kept == 0 ? out.set : out.second_set;
    warnings.warn("extra uv sets", at(scene, mat) + ": its " + u.what + " texture uses TEXCOORD_" + std::to_string(source_set) +
                                       " but AEM keeps " + (two_sets ? "two UV sets" : "one UV set") + " (TEXCOORD_" +
                                       std::to_string(kept_source) + (pbr_bound ? ", its PBR texture's" : ", from its " + std::string(lead.what) + " texture") +
                                       "); the " + u.what + " texture is sampled with that set");
    *u.aem_set = std::uint8_t(kept);
    return;
  }
  *u.aem_set = std::uint8_t(set);
  const UvTransform& expected = set == 0 ? out.transform : out.second_transform;
  if (u.ref.transform.m != expected.m)
    warnings.warn("texture transform", at(scene, mat) + ": its " + u.what + " texture has another KHR_texture_transform than the " +
                                           "first texture on its UV set; only that one's transform is baked into the UVs");
}

}  // namespace

void apply_uv_transform(std::vector<float>& uvs, const UvTransform& transform) {
  if (is_identity(transform)) return;
  const auto& t = transform.m;
  for (std::size_t i = 0; i + 1 < uvs.size(); i += 2) {
    const double u = uvs[i], v = uvs[i + 1];
    uvs[i] = float(t[0] * u + t[1] * v + t[2]);
    uvs[i + 1] = float(t[3] * u + t[4] * v + t[5]);
  }
}

MaterialUv plan_material_uv(const Scene& scene, int material, bool two_sets, WarningLog& warnings) {
  MaterialUv out;
  if (material < 0) return out;
  const Material& mat = scene.materials[std::size_t(material)];
  std::uint8_t emissive_set = 0;
  const Use uses[] = {{"base color", mat.base_color, &out.sets.base_colour_set, false},
                      {"metallic-roughness", mat.metallic_roughness, &out.sets.pbr_set, true},
                      {"normal", mat.normal, &out.sets.normal_set, false},
                      {"occlusion", mat.occlusion, &out.sets.occlusion_set, true},
                      {"emissive", mat.emissive, &emissive_set, true}};
  const Use* lead = nullptr;
  for (const Use& u : uses)
    if (u.ref.texture != kNone) {
      lead = &u;
      break;
    }
  if (lead == nullptr) return out;
  out.textured = true;
  out.transform = lead->ref.transform;
  out.set = lead->ref.uv_set < 0 ? 0 : lead->ref.uv_set;
  int pbr_set = lead->pbr ? 0 : -1;  // the AEM set of the PBR texture, once a PBR use fixes it
  for (const Use& u : uses) {
    if (u.ref.texture == kNone) continue;
    if (&u != lead) place_use(scene, mat, u, *lead, out, two_sets, pbr_set, warnings);
    if (u.pbr && pbr_set < 0) pbr_set = *u.aem_set;
  }
  // The PBR texture's set is its first use's; occlusion packed in its G shares it.
  if (pbr_set >= 0) out.sets.pbr_set = std::uint8_t(pbr_set);
  if (pbr_set >= 0 && !out.own_occlusion) out.sets.occlusion_set = std::uint8_t(pbr_set);
  return out;
}

}  // namespace aem::pipeline
