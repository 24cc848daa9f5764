#pragma once
// The records of the extension area that may follow the version-1 part of an AEM file
// (specs/aem-extensions.md, section 2): a directory header and its entries, little-endian and
// without padding. The runtime reads them field by field into these structs (they hold u64s,
// so they are not used in place); the pipeline writes them the same way.
#include <cstddef>
#include <cstdint>

#include "aem/format.hpp"

namespace aem {

inline constexpr char kExtensionMagic[4] = {'A', 'E', 'M', 'X'};
inline constexpr std::uint32_t kExtensionDirectoryVersion = 1;
inline constexpr std::uint32_t kMaxExtensions = 64;
inline constexpr std::size_t kExtensionNameSize = 24;  // NUL included: at most 23 characters
inline constexpr std::uint32_t kExtensionRequired = 1;  // the only flag bit
inline constexpr std::uint32_t kExtensionAlignment = 16;
// The version byte of a file with at least one required extension; 1 (kVersion) otherwise.
inline constexpr std::uint8_t kVersionWithRequiredExtension = 2;

// At E = align16(S), S being the end of the version-1 part (the size equation).
struct ExtensionDirectoryHeader {
  char magic[4];                    // "AEMX"
  std::uint32_t directory_version;  // 1
  std::uint32_t extension_count;    // 1 to 64
  std::uint32_t reserved;           // 0
};

struct ExtensionEntry {
  char name[kExtensionNameSize];  // [a-z0-9_]+, then NUL, then zeros
  std::uint32_t flags;            // bit 0: required
  std::uint32_t record_version;   // of that extension's records
  std::uint64_t offset;           // of the payload from the start of the file, a multiple of 16
  std::uint64_t size;             // of the payload, bytes
};

static_assert(sizeof(ExtensionDirectoryHeader) == 16);
static_assert(offsetof(ExtensionDirectoryHeader, directory_version) == 4 &&
              offsetof(ExtensionDirectoryHeader, extension_count) == 8 &&
              offsetof(ExtensionDirectoryHeader, reserved) == 12);
static_assert(sizeof(ExtensionEntry) == 48);
static_assert(offsetof(ExtensionEntry, flags) == 24 && offsetof(ExtensionEntry, record_version) == 28 &&
              offsetof(ExtensionEntry, offset) == 32 && offsetof(ExtensionEntry, size) == 40);
static_assert(kIsRecord<ExtensionDirectoryHeader> && kIsRecord<ExtensionEntry>);

// Whether `c` may appear in an extension's name (lower-case ASCII letters, digits, '_'): the one
// rule the reader checks and the writer keeps.
constexpr bool is_extension_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// The first multiple of 16 at or after n: where the extension area and each payload start.
constexpr std::uint64_t align16(std::uint64_t n) { return (n + 15) & ~std::uint64_t{15}; }

}  // namespace aem
