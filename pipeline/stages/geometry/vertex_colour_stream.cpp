#include "stages/geometry/vertex_colour_stream.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "aem/pipeline/bake_error.hpp"
#include "scene/stream_reader.hpp"

namespace aem::pipeline {
namespace {

VertexStream colour_stream() {
  VertexStream s;
  s.name = kColourStream;
  s.stride = 4 * sizeof(float);
  const float white[4] = {1, 1, 1, 1};
  s.fill.resize(s.stride);
  std::memcpy(s.fill.data(), white, s.stride);
  s.floats = true;
  return s;  // a back face keeps its front's colour (back_face nullptr)
}

}  // namespace

std::optional<PrimitiveStreamValues> primitive_colours(const Scene& scene, const Primitive& primitive,
                                                       std::size_t count, const std::string& at, WarningLog& warnings) {
  const auto attribute = std::find_if(primitive.attributes.begin(), primitive.attributes.end(), [](const Attribute& a) {
    return a.semantic == Semantic::color && a.set == 0;
  });
  if (attribute == primitive.attributes.end()) return std::nullopt;
  const Stream& source = scene.streams[std::size_t(attribute->stream)];
  const std::string what = at + " " + attribute->name;
  if (source.components != 3 && source.components != 4)
    throw BakeError(what + ": " + source.where + " is not VEC3 or VEC4");
  require_vertex_count(scene, attribute->stream, count, at + ": " + attribute->name);
  const std::vector<float> values = read_floats(scene, attribute->stream, source.components, what);
  PrimitiveStreamValues out{colour_stream(), {}};
  std::vector<float> rgba(count * 4, 1.0f);
  bool clamped = false;
  const bool opaque = primitive.material < 0 ||
                      scene.materials[std::size_t(primitive.material)].alpha_mode == AlphaMode::opaque;
  const std::size_t components = opaque ? 3 : source.components;
  for (std::size_t v = 0; v < count; ++v)
    for (std::size_t c = 0; c < components; ++c) {
      const float x = values[v * source.components + c];
      if (!std::isfinite(x)) throw BakeError(what + ": " + source.where + " holds a non-finite value");
      clamped |= x < 0.0f || x > 1.0f;
      rgba[v * 4 + c] = std::clamp(x, 0.0f, 1.0f);
    }
  if (clamped)
    warnings.warn("vertex colours clamped", what + ": " + source.where + " has values outside [0, 1]; clamped to it");
  set_per_source(out, std::span<const float>(rgba));
  return out;
}

std::vector<std::array<float, 4>> vertex_colours(std::span<const VertexStream> streams) {
  return stream_values<std::array<float, 4>>(streams, kColourStream);
}

}  // namespace aem::pipeline
