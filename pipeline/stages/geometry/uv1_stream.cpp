#include "stages/geometry/uv1_stream.hpp"

#include <algorithm>
#include <cmath>

#include "aem/pipeline/bake_error.hpp"
#include "scene/stream_reader.hpp"

namespace aem::pipeline {

std::optional<PrimitiveStreamValues> primitive_uv1(const Scene& scene, const Primitive& primitive, const MaterialUv& plan,
                                                   std::size_t count, const std::string& at, WarningLog& warnings) {
  if (plan.second_set < 0) return std::nullopt;
  PrimitiveStreamValues out;
  out.stream.name = kUv1Stream;
  out.stream.stride = 2 * sizeof(float);
  out.stream.fill.assign(out.stream.stride, std::byte{0});
  out.stream.floats = true;
  const std::string name = "TEXCOORD_" + std::to_string(plan.second_set);
  const auto attribute = std::find_if(primitive.attributes.begin(), primitive.attributes.end(), [&](const Attribute& a) {
    return a.semantic == Semantic::texcoord && a.set == std::uint32_t(plan.second_set);
  });
  std::vector<float> uvs(count * 2, 0.0f);
  if (attribute == primitive.attributes.end()) {
    warnings.warn("missing uvs", at + ": its material samples " + name + " but the primitive has none; UVs set to 0");
  } else {
    require_vertex_count(scene, attribute->stream, count, at + ": " + name);
    uvs = read_floats(scene, attribute->stream, 2, at + " " + name);
    if (!std::all_of(uvs.begin(), uvs.end(), [](float x) { return std::isfinite(x); }))
      throw BakeError(at + ": " + name + " holds a non-finite value");
    apply_uv_transform(uvs, plan.second_transform);
  }
  set_per_source(out, std::span<const float>(uvs));
  return out;
}

std::vector<std::array<float, 2>> uv1_values(std::span<const VertexStream> streams) {
  return stream_values<std::array<float, 2>>(streams, kUv1Stream);
}

}  // namespace aem::pipeline
