#include "extensions/payload_checks.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "aem/extensions.hpp"
#include "aem/model.hpp"
#include "aem/validation.hpp"
#include "validation/problem.hpp"

namespace aem::detail {
namespace {

using PayloadCheck = std::optional<Error> (*)(const PayloadInput&);
struct PayloadChecker {
  std::string_view name;
  PayloadCheck check;
};

// One row per entry of aem::kKnownExtensions, same order (checked below).
constexpr auto kCheckers = std::to_array<PayloadChecker>({{"emissive", check_emissive},
                                                        {"lods", check_lods},
                                                        {"material_flags", check_material_flags},
                                                        {"meshlets", check_meshlets},
                                                        {"morph_targets", check_morph_targets},
                                                        {"names", check_names},
                                                        {"uv1", check_uv1},
                                                        {"vertex_colours", check_vertex_colours}});
static_assert(kCheckers.size() == kKnownExtensions.size());

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

}  // namespace aem::detail

namespace aem {

bool check_extension_payloads(const Model& model, const ProblemSink& report) {
  using namespace detail;
  bool clean = true;
  const std::span<const ExtensionEntry> entries = model.extensions();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string_view name = extension_name(entries[i]);
    const auto checker = std::find_if(kCheckers.begin(), kCheckers.end(),
                                      [&](const PayloadChecker& c) { return c.name == name; });
    if (checker == kCheckers.end()) continue;  // unknown and optional: skipped
    const PayloadInput in{name, std::uint32_t(i), entries[i].offset, *model.extension_payload(name), model.view(),
                            model};
    // The views read the records in place, as the file's little-endian bytes.
    std::optional<Error> error;
    if constexpr (std::endian::native == std::endian::big)
      error = payload_problem(in, 0, "this runtime reads extension records on little-endian hosts only");
    else
      error = checker->check(in);
    if (error) {
      clean = false;
      if (!report(*error)) return false;
    }
  }
  return clean;
}

}  // namespace aem
