#include "aem/ext_vertex_colours.hpp"
#include "aem/model.hpp"
#include "extensions/payload_fields.hpp"

namespace aem {

std::optional<VertexColoursView> vertex_colours_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kVertexColoursExtension);
  if (!payload || payload->size() < sizeof(VertexColoursHeader)) return std::nullopt;
  VertexColoursView view;
  std::memcpy(&view.header, payload->data(), sizeof view.header);
  if (view.header.encoding >= kVertexColourEncodingCount) return std::nullopt;
  const std::uint64_t bytes = std::uint64_t(view.header.vertex_count) * vertex_colour_bytes(view.header.encoding);
  if (bytes > payload->size() - sizeof(VertexColoursHeader)) return std::nullopt;
  const std::byte* colours = payload->data() + sizeof(VertexColoursHeader);  // 4-byte aligned (Model)
  const std::size_t values = std::size_t(view.header.vertex_count) * 4;
  switch (view.encoding()) {
    case VertexColourEncoding::rgba8: view.rgba8 = {reinterpret_cast<const std::uint8_t*>(colours), values}; break;
    case VertexColourEncoding::rgba16: view.rgba16 = {reinterpret_cast<const std::uint16_t*>(colours), values}; break;
    case VertexColourEncoding::rgba32f: view.rgba32f = {reinterpret_cast<const float*>(colours), values}; break;
  }
  return view;
}

}  // namespace aem
