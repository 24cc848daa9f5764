#include "extensions/payload_checks.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "aem/extensions.hpp"
#include "validation/problem.hpp"

namespace aem::detail {
namespace {

using PayloadCheck = std::optional<Error> (*)(const PayloadInput&);
struct PayloadChecker {
  std::string_view name;
  PayloadCheck check;
};

// One row per entry of aem::kKnownExtensions, same order (checked below).
constexpr std::array<PayloadChecker, kKnownExtensions.size()> kCheckers{{
    {"uv1", check_uv1},
    {"vertex_colours", check_vertex_colours},
}};

constexpr bool checkers_match_known() {
  for (std::size_t i = 0; i < kKnownExtensions.size(); ++i)
    if (kCheckers[i].name != kKnownExtensions[i].name || kCheckers[i].check == nullptr) return false;
  return true;
}
static_assert(checkers_match_known(), "every known extension has its payload checker, in list order");

}  // namespace

Error payload_problem(const PayloadInput& in, std::uint64_t at, const std::string& message) {
  return problem(ErrorCode::bad_extension_payload, Section::extensions, in.entry, in.file_offset + at,
                 std::string(in.name) + ": " + message);
}

std::optional<Error> check_known_payloads(std::span<const ExtensionEntry> entries,
                                          std::span<const std::span<const std::byte>> payloads,
                                          std::span<const std::uint64_t> file_offsets,
                                          const ModelView& model) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string_view name = extension_name(entries[i]);
    const auto checker = std::find_if(kCheckers.begin(), kCheckers.end(),
                                      [&](const PayloadChecker& c) { return c.name == name; });
    if (checker == kCheckers.end()) continue;  // unknown and optional: skipped
    const PayloadInput in{name, std::uint32_t(i), file_offsets[i], payloads[i], model};
    // The views read the records in place, as the file's little-endian bytes.
    if constexpr (std::endian::native == std::endian::big)
      return payload_problem(in, 0, "this runtime reads extension records on little-endian hosts only");
    if (std::optional<Error> error = checker->check(in)) return error;
  }
  return std::nullopt;
}

}  // namespace aem::detail
