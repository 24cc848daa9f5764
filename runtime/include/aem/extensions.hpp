#pragma once
// Reading the extension area of an AEM file (specs/aem-extensions.md): the directory after the
// version-1 part, checked whole before any of it is used, and the extensions this runtime knows.
//
// The directory is part of the file's frame, like the header: it is checked on every open, the
// trusted one (OpenOptions::validate = false) included. Its cost is bounded by the 64 entries and
// the 15-byte gaps between payloads, not by the size of the payloads.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "aem/export.h"
#include "aem/expected.hpp"
#include "aem/extension_format.hpp"
#include "aem/format.hpp"

namespace aem {

// An extension this runtime reads, with the newest record version it understands.
struct KnownExtension {
  std::string_view name;
  std::uint32_t record_version;
};

// The one list of known extensions (specs/aem-extensions.md section 4), sorted by name. Every
// other entry is unknown: optional ones are skipped, required ones refused. Each has its payload
// checker (runtime/src/extensions/) and its typed view (aem/ext_<name>.hpp).
inline constexpr auto kKnownExtensions = std::to_array<KnownExtension>({{"emissive", 1},
                                                                        {"lods", 1},
                                                                        {"material_flags", 1},
                                                                        {"meshlets", 1},
                                                                        {"morph_targets", 1},
                                                                        {"names", 1},
                                                                        {"uv1", 1},
                                                                        {"vertex_colours", 1}});

// A directory entry's name, up to its NUL (all 24 bytes if it has none: only a refused file).
AEM_API std::string_view extension_name(const ExtensionEntry& entry);
inline bool extension_required(const ExtensionEntry& entry) {
  return (entry.flags & kExtensionRequired) != 0;
}
// The size of the AEM file whose version-1 part ends at `version_1_end` (the size equation) and
// whose directory read_extensions gave `entries`: the last payload ends the file (section 2).
constexpr std::uint64_t aem_file_size(std::uint64_t version_1_end, std::span<const ExtensionEntry> entries) {
  return entries.empty() ? version_1_end : entries.back().offset + entries.back().size;
}
// Whether `name` is in `known` (by default the runtime's list).
AEM_API bool is_known_extension(std::string_view name,
                                std::span<const KnownExtension> known = kKnownExtensions);

// The entries of the extension directory of `file`, whose header read_header accepted (so the
// file is exactly S bytes long, or holds "AEMX" at align16(S)); empty for a plain version-1 file.
// Checks every rule of specs/aem-extensions.md section 6 for the directory and its entries:
// bad_extension_directory, bad_extension_entry, unknown_required_extension and, for the
// extensions in `known`, unsupported_extension_version. Each error names the entry (index and
// name) and the byte offset. Time: O(entries + 15 × entries), not the payloads' size.
AEM_API Expected<std::vector<ExtensionEntry>> read_extensions(
    std::span<const std::byte> file, const Header& header,
    std::span<const KnownExtension> known = kKnownExtensions);

}  // namespace aem
