#pragma once
// The `vertex_colours` extension (specs/aem-extensions.md section 4): one RGBA colour per vertex
// of the version-1 vertex section, linear, unorm or f32 in [0, 1]. A renderer multiplies RGB into
// the base colour and A into the opacity, as glTF does with COLOR_0.
//
// Payload layout: a VertexColoursHeader, then vertex_count colours of the header's encoding
// (4, 8 or 16 bytes each), then zeros to the first multiple of 16.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

class Model;

inline constexpr std::string_view kVertexColoursExtension = "vertex_colours";
inline constexpr std::uint32_t kVertexColoursRecordVersion = 1;

// VertexColoursHeader::encoding: the writer picks the smallest one that holds every value exactly.
enum class VertexColourEncoding : std::uint32_t {
  rgba8 = 0,   // 4 × u8 unorm (value / 255)
  rgba16 = 1,  // 4 × u16 unorm (value / 65535)
  rgba32f = 2  // 4 × f32, finite, in [0, 1]
};
inline constexpr std::uint32_t kVertexColourEncodingCount = 3;
// Bytes of one colour in `encoding` (< kVertexColourEncodingCount).
inline constexpr std::uint32_t vertex_colour_bytes(std::uint32_t encoding) { return 4u << encoding; }

struct VertexColoursHeader {
  std::uint32_t encoding;      // a VertexColourEncoding
  std::uint32_t vertex_count;  // the header's vertex count
  std::uint32_t reserved[2];   // 0
};
static_assert(sizeof(VertexColoursHeader) == 16 && offsetof(VertexColoursHeader, vertex_count) == 4 &&
              kIsRecord<VertexColoursHeader>);

// The colours in place: exactly one of the three spans is non-empty (4 values per vertex), the one
// of the header's encoding, unless the model has no vertices. Valid as long as the Model;
// checked at open unless the open was trusted (OpenOptions::validate = false).
struct VertexColoursView {
  VertexColoursHeader header{};
  std::span<const std::uint8_t> rgba8;
  std::span<const std::uint16_t> rgba16;
  std::span<const float> rgba32f;

  VertexColourEncoding encoding() const { return VertexColourEncoding(header.encoding); }
  std::size_t size() const { return header.vertex_count; }
  // Vertex `vertex`'s colour as floats in [0, 1] (vertex < size()).
  std::array<float, 4> colour(std::size_t vertex) const {
    std::array<float, 4> c{};
    for (std::size_t i = 0; i < 4; ++i) {
      const std::size_t k = vertex * 4 + i;
      c[i] = !rgba8.empty() ? float(rgba8[k]) / 255.0f : !rgba16.empty() ? float(rgba16[k]) / 65535.0f : rgba32f[k];
    }
    return c;
  }
};

// The model's vertex colours, or nullopt when it has none. Also nullopt for a payload too short
// for its header's count (only a trusted open can hand one over): the spans never leave it.
AEM_API std::optional<VertexColoursView> vertex_colours_of(const Model& model);

}  // namespace aem
