#pragma once
// FNV-1a, 64 bits: a fingerprint of bytes for tests that record outputs in a table. It catches
// accidental changes, not deliberate collisions.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace aem::test {

inline std::uint64_t fnv1a64(const void* data, std::size_t size) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

inline std::uint64_t fnv1a64(std::string_view text) { return fnv1a64(text.data(), text.size()); }

}  // namespace aem::test
