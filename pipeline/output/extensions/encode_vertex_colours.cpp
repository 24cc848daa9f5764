#include "output/extensions/encode_vertex_colours.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "aem/ext_vertex_colours.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {
namespace {

// The unorm integer of `max` levels that decodes to exactly v, if there is one.
bool is_unorm(float v, float max) {
  return float(std::nearbyint(v * max)) / max == v;
}


}  // namespace

std::uint32_t smallest_colour_encoding(std::span<const std::array<float, 4>> colours) {
  bool unorm8 = true, unorm16 = true;
  for (const std::array<float, 4>& c : colours)
    for (float v : c) {
      unorm8 = unorm8 && is_unorm(v, 255.0f);
      unorm16 = unorm16 && is_unorm(v, 65535.0f);
    }
  return std::uint32_t(unorm8 ? VertexColourEncoding::rgba8 : unorm16 ? VertexColourEncoding::rgba16
                                                                      : VertexColourEncoding::rgba32f);
}

ExtensionPayload encode_vertex_colours(const ModelContent& content) {
  const auto& colours = content.extensions.vertex_colours;
  if (colours.size() != content.vertices.size())
    throw InvalidContent("vertex_colours: " + std::to_string(colours.size()) + " colours for " +
                         std::to_string(content.vertices.size()) + " vertices");
  for (std::size_t i = 0; i < colours.size(); ++i)
    for (float v : colours[i])
      if (!(v >= 0.0f && v <= 1.0f))
        throw InvalidContent("vertex_colours: vertex " + std::to_string(i) + " has a component outside [0, 1]");
  const std::uint32_t encoding = smallest_colour_encoding(colours);
  ExtensionPayload payload{std::string(kVertexColoursExtension), false, kVertexColoursRecordVersion, {}};
  std::vector<std::byte>& out = payload.bytes;
  out.reserve(16 + colours.size() * vertex_colour_bytes(encoding) + 15);
  append_record(out, VertexColoursHeader{encoding, std::uint32_t(colours.size()), {0, 0}});
  for (const std::array<float, 4>& c : colours)
    for (float v : c) {
      switch (VertexColourEncoding(encoding)) {
        case VertexColourEncoding::rgba8: append_record(out, std::uint8_t(std::nearbyint(v * 255.0f))); break;
        case VertexColourEncoding::rgba16: append_record(out, std::uint16_t(std::nearbyint(v * 65535.0f))); break;
        case VertexColourEncoding::rgba32f: append_record(out, v); break;
      }
    }
  out.resize((out.size() + 15) / 16 * 16, std::byte{0});
  return payload;
}

}  // namespace aem::pipeline
