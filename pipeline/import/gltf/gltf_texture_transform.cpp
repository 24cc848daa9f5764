#include "import/gltf/gltf_texture_transform.hpp"

#include <cmath>

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

}  // namespace aem::pipeline
