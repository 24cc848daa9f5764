// The `material_flags` payload's rules (specs/aem-extensions.md section 4): one u32 per material,
// zero-padded to whole 16-byte blocks, no flag bit but the known ones.
#include <cstring>
#include <string>

#include "aem/ext_material_flags.hpp"
#include "extensions/payload_checks.hpp"

namespace aem::detail {

std::optional<Error> check_material_flags(const PayloadInput& in) {
  const std::uint64_t materials = in.model.header.material_count;
  const std::uint64_t expected = align16(materials * 4);
  if (in.payload.size() != expected || materials == 0)
    return payload_problem(in, 0, "payload of " + std::to_string(in.payload.size()) + " bytes is not " +
                                      std::to_string(expected) + " (one u32 for each of the " +
                                      std::to_string(materials) + " materials, padded to 16)");
  for (std::uint64_t i = 0; i < materials; ++i) {
    std::uint32_t flags;
    std::memcpy(&flags, in.payload.data() + i * 4, 4);
    if ((flags & ~kKnownMaterialFlags) != 0)
      return payload_problem(in, i * 4, "material " + std::to_string(i) + ": unknown flag bits " + std::to_string(flags));
  }
  for (std::uint64_t i = materials * 4; i < in.payload.size(); ++i)
    if (in.payload[i] != std::byte{0}) return payload_problem(in, i, "padding after the flags is not zero");
  return std::nullopt;
}

}  // namespace aem::detail
