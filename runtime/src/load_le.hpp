#pragma once
// Explicit little-endian decoding of the file's integers, so a read is right on any host.
#include <cstddef>
#include <cstdint>

namespace aem::detail {

// The `bytes`-byte little-endian unsigned integer at p (bytes <= 8).
inline std::uint64_t load_le(const std::byte* p, int bytes) {
  std::uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = value << 8 | std::uint64_t(p[i]);
  return value;
}

}  // namespace aem::detail
