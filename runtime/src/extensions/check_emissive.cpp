// The `emissive` payload's rules (specs/aem-extensions.md section 4 and section 8): one 32-byte
// record per material; mode 0 or 1; a mode-0 record is zeros with texture none; a mode-1 record's
// floats finite and not negative, its texture none or in the table, its UV set 0 or 1.
#include <cmath>
#include <cstring>
#include <string>

#include "aem/ext_emissive.hpp"
#include "extensions/payload_checks.hpp"

namespace aem::detail {
namespace {

std::optional<Error> check_record(const PayloadInput& in, const EmissiveRecord& r, std::uint64_t at,
                                  const std::string& which) {
  if (r.mode > 1) return payload_problem(in, at, which + ": mode " + std::to_string(r.mode) + " is not 0 or 1");
  const std::uint64_t texture_at = at + offsetof(EmissiveRecord, texture);
  if (r.mode == 0) {
    const EmissiveRecord core{0, {0, 0, 0}, 0, kNoTexture, 0, 0};
    if (std::memcmp(&r, &core, sizeof r) != 0)
      return payload_problem(in, at, which + ": a mode-0 record is zeros with texture none");
    return std::nullopt;
  }
  for (int c = 0; c < 3; ++c)
    if (!std::isfinite(r.factor[c]) || r.factor[c] < 0)
      return payload_problem(in, at + 4 + 4 * std::uint64_t(c), which + ": factor is not finite and >= 0");
  if (!std::isfinite(r.strength) || r.strength < 0)
    return payload_problem(in, at + offsetof(EmissiveRecord, strength), which + ": strength is not finite and >= 0");
  if (r.texture != kNoTexture && r.texture >= in.model.header.texture_count)
    return payload_problem(in, texture_at, which + ": texture " + std::to_string(r.texture) + " is out of range (" +
                                               std::to_string(in.model.header.texture_count) + " textures)");
  if (r.uv_set > 1)
    return payload_problem(in, at + offsetof(EmissiveRecord, uv_set),
                           which + ": uv_set " + std::to_string(r.uv_set) + " is not 0 or 1");
  if (r.reserved != 0) return payload_problem(in, at + offsetof(EmissiveRecord, reserved), which + ": reserved is not 0");
  return std::nullopt;
}

}  // namespace

std::optional<Error> check_emissive(const PayloadInput& in) {
  const std::uint64_t materials = in.model.header.material_count;
  if (in.payload.size() != materials * sizeof(EmissiveRecord) || materials == 0)
    return payload_problem(in, 0, "payload of " + std::to_string(in.payload.size()) + " bytes is not one 32-byte record for each of the " +
                                      std::to_string(materials) + " materials");
  for (std::uint64_t i = 0; i < materials; ++i) {
    EmissiveRecord r;
    std::memcpy(&r, in.payload.data() + i * sizeof r, sizeof r);
    if (std::optional<Error> e = check_record(in, r, i * sizeof r, "material " + std::to_string(i))) return e;
  }
  return std::nullopt;
}

}  // namespace aem::detail
