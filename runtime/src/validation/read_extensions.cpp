// The extension directory's rules (specs/aem-extensions.md, section 6), checked whole before the
// Model hands out any view: the directory header, then each entry in order, then the file's end,
// then the version byte, then what this reader knows.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>

#include "aem/extensions.hpp"
#include "aem/model_view.hpp"
#include "load_le.hpp"
#include "validation/problem.hpp"

namespace aem {
using detail::load_le;
using detail::problem;

namespace {

constexpr std::uint64_t kEntriesOffset = sizeof(ExtensionDirectoryHeader);

// Where entry `i` of the directory at `directory_at` begins in the file.
std::uint64_t entry_at(std::uint64_t directory_at, std::size_t i) {
  return directory_at + kEntriesOffset + i * sizeof(ExtensionEntry);
}

// The known extension of that name, or known.end().
const KnownExtension* find_known(std::span<const KnownExtension> known, std::string_view name) {
  return std::find_if(known.data(), known.data() + known.size(),
                      [&](const KnownExtension& k) { return k.name == name; });
}

Error bad_directory(std::uint64_t at, const std::string& message) {
  return problem(ErrorCode::bad_extension_directory, Section::file, 0, at, "extension directory: " + message);
}

// The first non-zero byte of [from, to), or `to`.
std::uint64_t first_non_zero(std::span<const std::byte> file, std::uint64_t from, std::uint64_t to) {
  const auto begin = file.begin() + std::ptrdiff_t(from);
  return from + std::uint64_t(std::find_if(begin, file.begin() + std::ptrdiff_t(to),
                                           [](std::byte b) { return b != std::byte{0}; }) - begin);
}

ExtensionEntry decode_entry(const std::byte* p) {
  ExtensionEntry entry{};
  std::memcpy(entry.name, p, kExtensionNameSize);
  entry.flags = std::uint32_t(load_le(p + offsetof(ExtensionEntry, flags), 4));
  entry.record_version = std::uint32_t(load_le(p + offsetof(ExtensionEntry, record_version), 4));
  entry.offset = load_le(p + offsetof(ExtensionEntry, offset), 8);
  entry.size = load_le(p + offsetof(ExtensionEntry, size), 8);
  return entry;
}

// What is wrong with a name field, or "" when it is [a-z0-9_]+, NUL, zeros.
std::string name_problem(const ExtensionEntry& entry) {
  const std::string_view name = extension_name(entry);
  if (name.size() == kExtensionNameSize) return "the name has no NUL in its 24 bytes";
  if (name.empty()) return "the name is empty";
  for (const char c : name) {
    if (!is_extension_name_char(c)) {
      return "the name has a byte other than a-z, 0-9 and _ (" + std::to_string(int(std::uint8_t(c))) + ")";
    }
  }
  for (std::size_t i = name.size(); i < kExtensionNameSize; ++i) {
    if (entry.name[i] != 0) return "the name's field is not zero after its NUL";
  }
  return {};
}

// Checks entries one by one against the layout: where each payload must start, that its gap
// is zero and that it stays inside the file. Returns the end of the last payload.
class EntryChecker {
 public:
  EntryChecker(std::span<const std::byte> file, std::uint64_t directory_at)
      : file_(file), directory_at_(directory_at) {}

  Expected<std::uint64_t> check(std::span<const ExtensionEntry> entries) {
    std::uint64_t cursor = directory_at_ + kEntriesOffset + entries.size() * sizeof(ExtensionEntry);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const ExtensionEntry& e = entries[i];
      const std::uint64_t field = entry_at(directory_at_, i);
      if (std::string why = name_problem(e); !why.empty()) return bad(i, e, field, why);
      if (i > 0 && !(extension_name(entries[i - 1]) < extension_name(e))) {
        return bad(i, e, field, "names are not unique and ascending ('" +
                                    std::string(extension_name(entries[i - 1])) + "' before it)");
      }
      if ((e.flags & ~kExtensionRequired) != 0) {
        return bad(i, e, field + offsetof(ExtensionEntry, flags), "unknown flag bits " + std::to_string(e.flags & ~kExtensionRequired));
      }
      const std::uint64_t start = align16(cursor);
      if (e.offset != start) {
        return bad(i, e, field + offsetof(ExtensionEntry, offset), "payload offset " + std::to_string(e.offset) + ", but the layout puts it at " +
                                         std::to_string(start));
      }
      if (const std::uint64_t gap = first_non_zero(file_, std::min<std::uint64_t>(cursor, file_.size()),
                                                   std::min<std::uint64_t>(start, file_.size()));
          gap < std::min<std::uint64_t>(start, file_.size())) {
        return bad(i, e, gap, "the padding before its payload is not zero");
      }
      if (e.offset > file_.size() || e.size > file_.size() - e.offset) {
        return bad(i, e, field + offsetof(ExtensionEntry, size), "the payload of " + std::to_string(e.size) + " bytes at " +
                                         std::to_string(e.offset) + " runs past the end of the file (" +
                                         std::to_string(file_.size()) + " bytes)");
      }
      cursor = e.offset + e.size;
    }
    return cursor;
  }

  static Error bad(std::size_t index, const ExtensionEntry& e, std::uint64_t at, const std::string& why) {
    return problem(ErrorCode::bad_extension_entry, Section::extensions, index, at, named(e, why));
  }

  // "'name': what": the name as far as its NUL, anything outside printable ASCII as '?'.
  // Built by appends: GCC 12 warns falsely (-Wrestrict) on chained concatenation here.
  static std::string named(const ExtensionEntry& e, std::string_view what) {
    std::string text("'");
    for (const char c : extension_name(e)) text.push_back(c < 0x20 || c > 0x7e ? '?' : c);
    return text.append("': ").append(what);
  }

 private:
  std::span<const std::byte> file_;
  std::uint64_t directory_at_;
};

// The version byte agrees with the required flags, and every required entry is known.
Expected<bool> check_requirements(const Header& header, std::span<const ExtensionEntry> entries,
                                  std::uint64_t directory_at, std::span<const KnownExtension> known) {
  bool any_required = false;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ExtensionEntry& e = entries[i];
    const std::uint64_t field = entry_at(directory_at, i);
    if (!extension_required(e)) continue;
    any_required = true;
    if (header.version != kVersionWithRequiredExtension) {
      return EntryChecker::bad(i, e, field + offsetof(ExtensionEntry, flags), "required in a version-1 file (a required extension needs version 2)");
    }
    if (!is_known_extension(extension_name(e), known)) {
      return problem(ErrorCode::unknown_required_extension, Section::extensions, i, field,
                     EntryChecker::named(e, "a required extension this reader does not know, so it "
                                            "cannot read the file"));
    }
  }
  if (header.version == kVersionWithRequiredExtension && !any_required) {
    return bad_directory(3, "version 2 but no entry is required (a file without required extensions is version 1)");
  }
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ExtensionEntry& e = entries[i];
    const KnownExtension* it = find_known(known, extension_name(e));
    if (it != known.data() + known.size() && e.record_version != it->record_version) {
      return problem(ErrorCode::unsupported_extension_version, Section::extensions, i,
                     entry_at(directory_at, i) + offsetof(ExtensionEntry, record_version),
                     EntryChecker::named(e, "record version " + std::to_string(e.record_version) +
                                                " is not supported (only version " +
                                                std::to_string(it->record_version) + ")"));
    }
  }
  return true;
}

}  // namespace

std::string_view extension_name(const ExtensionEntry& entry) {
  const void* nul = std::memchr(entry.name, 0, kExtensionNameSize);
  return {entry.name, nul ? std::size_t(static_cast<const char*>(nul) - entry.name) : kExtensionNameSize};
}

bool is_known_extension(std::string_view name, std::span<const KnownExtension> known) {
  return find_known(known, name) != known.data() + known.size();
}

Expected<std::vector<ExtensionEntry>> read_extensions(std::span<const std::byte> file, const Header& header,
                                                      std::span<const KnownExtension> known) {
  const std::uint64_t end_of_v1 = section_offsets(header).end;
  if (file.size() <= end_of_v1) {
    if (header.version == kVersionWithRequiredExtension) {
      return bad_directory(3, "version 2 says a required extension follows, but the file ends with its "
                              "version-1 part at byte " + std::to_string(end_of_v1));
    }
    return std::vector<ExtensionEntry>{};
  }
  const std::uint64_t at = align16(end_of_v1);  // read_header found the magic there
  if (const std::uint64_t gap = first_non_zero(file, end_of_v1, at); gap < at) {
    return bad_directory(gap, "the padding between the version-1 part (" + std::to_string(end_of_v1) +
                                  " bytes) and the directory is not zero");
  }
  const std::byte* d = file.data() + at;
  if (const auto version = load_le(d + 4, 4); version != kExtensionDirectoryVersion) {
    return bad_directory(at + 4, "version " + std::to_string(version) + " (only version 1)");
  }
  const std::uint64_t count = load_le(d + 8, 4);
  if (count == 0 || count > kMaxExtensions) {
    return bad_directory(at + 8, std::to_string(count) + " entries (1 to 64)");
  }
  if (load_le(d + 12, 4) != 0) return bad_directory(at + 12, "reserved field is not 0");
  if (file.size() - at < kEntriesOffset + count * sizeof(ExtensionEntry)) {
    return bad_directory(at + 8, std::to_string(count) + " entries run past the end of the file (" +
                                     std::to_string(file.size()) + " bytes)");
  }
  std::vector<ExtensionEntry> entries(count);
  for (std::size_t i = 0; i < count; ++i) entries[i] = decode_entry(file.data() + entry_at(at, i));

  Expected<std::uint64_t> end = EntryChecker(file, at).check(entries);
  if (!end) return end.error();
  if (*end != file.size()) {
    return EntryChecker::bad(count - 1, entries.back(), *end,
                             std::to_string(file.size() - *end) + " bytes after the last payload");
  }
  if (Expected<bool> ok = check_requirements(header, entries, at, known); !ok) return ok.error();
  return entries;
}

}  // namespace aem
