#include <cmath>
#include <cstring>
#include <string>

#include "aem/ext_vertex_colours.hpp"
#include "extensions/float_scan.hpp"
#include "extensions/payload_checks.hpp"
#include "extensions/payload_fields.hpp"

namespace aem::detail {
namespace {

const char* kComponent[4] = {"R", "G", "B", "A"};

// Every f32 component finite and in [0, 1] (the writer clamps; glTF requires the range).
std::optional<Error> check_float_colours(const PayloadInput& in, std::uint32_t count) {
  const std::byte* colours = in.payload.data() + sizeof(VertexColoursHeader);
  const std::uint64_t k = first_outside_unit(colours, std::size_t(count) * 4);
  if (k == std::uint64_t(count) * 4) return std::nullopt;
  float v;
  std::memcpy(&v, colours + k * 4, 4);
  return payload_problem(in, sizeof(VertexColoursHeader) + k * 4,
                         "colours: vertex " + std::to_string(k / 4) + " " + kComponent[k % 4] + " is " +
                             (std::isfinite(v) ? std::to_string(v) : std::string("not finite")) + ", outside [0, 1]");
}

}  // namespace

std::optional<Error> check_vertex_colours(const PayloadInput& in) {
  if (std::optional<Error> e = check_header_fits(in, sizeof(VertexColoursHeader))) return e;
  const std::uint32_t encoding = payload_u32(in.payload, offsetof(VertexColoursHeader, encoding));
  if (encoding >= kVertexColourEncodingCount)
    return payload_problem(in, offsetof(VertexColoursHeader, encoding),
                           "encoding: " + std::to_string(encoding) + " is not 0 (RGBA8), 1 (RGBA16) or 2 (RGBA f32)");
  const std::uint32_t count = payload_u32(in.payload, offsetof(VertexColoursHeader, vertex_count));
  if (count != in.model.header.vertex_count)
    return payload_problem(in, offsetof(VertexColoursHeader, vertex_count),
                           "vertex_count: " + std::to_string(count) + " but the model has " +
                               std::to_string(in.model.header.vertex_count) + " vertices");
  if (std::optional<Error> e = check_reserved(in, offsetof(VertexColoursHeader, reserved), 2, "reserved")) return e;
  const std::uint64_t used = sizeof(VertexColoursHeader) + std::uint64_t(count) * vertex_colour_bytes(encoding);
  if (std::optional<Error> e = check_padded_end(in, used)) return e;
  if (VertexColourEncoding(encoding) == VertexColourEncoding::rgba32f) return check_float_colours(in, count);
  return std::nullopt;
}

}  // namespace aem::detail
