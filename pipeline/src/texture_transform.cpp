#include "aem/pipeline/texture_transform.hpp"

#include <cmath>
#include <vector>

#include <tiny_gltf.h>

namespace aem::pipeline {

TextureTransform parse_texture_transform(const tinygltf::ExtensionMap& extensions) {
  TextureTransform out;
  const auto it = extensions.find("KHR_texture_transform");
  if (it == extensions.end() || !it->second.IsObject()) return out;
  const tinygltf::Value& v = it->second;
  auto number = [](const tinygltf::Value& x, double fallback) {
    return x.IsNumber() ? x.GetNumberAsDouble() : fallback;
  };
  auto pair = [&](const char* key, double fx, double fy, double& x, double& y) {
    x = fx;
    y = fy;
    if (!v.Has(key)) return;
    const tinygltf::Value& a = v.Get(key);
    if (!a.IsArray() || a.ArrayLen() != 2) return;
    x = number(a.Get(0), fx);
    y = number(a.Get(1), fy);
  };
  double ox, oy, sx, sy;
  pair("offset", 0, 0, ox, oy);
  pair("scale", 1, 1, sx, sy);
  const double r = v.Has("rotation") ? number(v.Get("rotation"), 0) : 0;
  if (v.Has("texCoord") && v.Get("texCoord").IsNumber()) {
    const double tc = v.Get("texCoord").GetNumberAsDouble();
    if (tc >= 0 && tc < 16) out.tex_coord_override = int(tc);
  }
  if (!std::isfinite(ox) || !std::isfinite(oy) || !std::isfinite(sx) || !std::isfinite(sy) ||
      !std::isfinite(r))
    return out;
  // Offset after rotation after scale, rotating as the extension's matrix rows read
  // (cos sin / -sin cos): u' = cos*u + sin*v, v' = cos*v - sin*u. This is the sense that
  // renders the TextureTransformTest sample correctly in the common viewers (three.js and
  // cesium-native rotate this way too).
  const double c = std::cos(r), s = std::sin(r);
  out.uv.m = {c * sx, s * sy, ox, -s * sx, c * sy, oy};
  return out;
}

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
