// The `names` payload's rules (specs/aem-extensions.md section 4): counts equal to the header's,
// every name inside the text, valid UTF-8 without NUL, the reserved field and padding zero.
#include <cstring>
#include <string>

#include "aem/ext_names.hpp"
#include "extensions/payload_checks.hpp"
#include "validation/text.hpp"

namespace aem::detail {

std::optional<Error> check_names(const PayloadInput& in) {
  const std::span<const std::byte> p = in.payload;
  if (p.size() < sizeof(NamesHeader))
    return payload_problem(in, 0, "payload of " + std::to_string(p.size()) + " bytes is shorter than its 16-byte header");
  NamesHeader h;
  std::memcpy(&h, p.data(), sizeof h);
  if (h.material_count != in.model.header.material_count)
    return payload_problem(in, offsetof(NamesHeader, material_count),
                           "material_count " + std::to_string(h.material_count) + " is not the header's " +
                               std::to_string(in.model.header.material_count));
  if (h.mesh_count != in.model.header.mesh_count)
    return payload_problem(in, offsetof(NamesHeader, mesh_count),
                           "mesh_count " + std::to_string(h.mesh_count) + " is not the header's " +
                               std::to_string(in.model.header.mesh_count));
  if (h.reserved != 0) return payload_problem(in, offsetof(NamesHeader, reserved), "reserved is not 0");
  const std::uint64_t count = std::uint64_t(h.material_count) + h.mesh_count;
  const std::uint64_t text_at = sizeof(NamesHeader) + count * sizeof(NameRecord);
  const std::uint64_t expected = align16(text_at + h.text_size);
  if (p.size() != expected)
    return payload_problem(in, offsetof(NamesHeader, text_size),
                           "payload of " + std::to_string(p.size()) + " bytes, but its counts and text_size make " +
                               std::to_string(expected));
  const std::string_view text(reinterpret_cast<const char*>(p.data() + text_at), h.text_size);
  for (std::uint64_t i = 0; i < count; ++i) {
    NameRecord r;
    const std::uint64_t at = sizeof(NamesHeader) + i * sizeof(NameRecord);
    std::memcpy(&r, p.data() + at, sizeof r);
    const std::string which = i < h.material_count ? "material " + std::to_string(i)
                                                   : "mesh " + std::to_string(i - h.material_count);
    if (r.offset > h.text_size || r.length > h.text_size - r.offset)
      return payload_problem(in, at, which + ": name (offset " + std::to_string(r.offset) + ", length " +
                                         std::to_string(r.length) + ") is outside the " +
                                         std::to_string(h.text_size) + "-byte text");
    const std::string_view name = text.substr(r.offset, r.length);
    if (name.find('\0') != std::string_view::npos)
      return payload_problem(in, text_at + r.offset + name.find('\0'), which + ": name holds a NUL byte");
    if (!is_utf8(name)) return payload_problem(in, text_at + r.offset, which + ": name is not valid UTF-8");
  }
  for (std::uint64_t i = text_at + h.text_size; i < p.size(); ++i)
    if (p[i] != std::byte{0}) return payload_problem(in, i, "padding after the text is not zero");
  return std::nullopt;
}

}  // namespace aem::detail
