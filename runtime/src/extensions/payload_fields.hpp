#pragma once
// Reading and checking the fields of an extension payload that the checkers share: u32 fields at
// any offset, reserved words, and the zero padding that ends a payload at a multiple of 16.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>

#include "extensions/payload_checks.hpp"

namespace aem::detail {

// The u32 at byte `at` of the payload (at + 4 <= payload.size(); little-endian host).
inline std::uint32_t payload_u32(std::span<const std::byte> payload, std::size_t at) {
  std::uint32_t value;
  std::memcpy(&value, payload.data() + at, 4);
  return value;
}

inline constexpr std::uint64_t align16(std::uint64_t n) { return (n + 15) / 16 * 16; }

// A problem unless the payload is at least `header_bytes` long.
inline std::optional<Error> check_header_fits(const PayloadInput& in, std::size_t header_bytes) {
  if (in.payload.size() >= header_bytes) return std::nullopt;
  return payload_problem(in, 0, "header: the payload has " + std::to_string(in.payload.size()) +
                                    " bytes, fewer than its " + std::to_string(header_bytes) + "-byte header");
}

// A problem unless the `count` u32 words from byte `at` are 0 (`field` names them).
inline std::optional<Error> check_reserved(const PayloadInput& in, std::size_t at, std::size_t count, const char* field) {
  for (std::size_t i = 0; i < count; ++i)
    if (const std::uint32_t v = payload_u32(in.payload, at + 4 * i); v != 0)
      return payload_problem(in, at + 4 * i, std::string(field) + ": " + std::to_string(v) + " where 0 is required");
  return std::nullopt;
}

// A problem unless the payload is exactly align16(`used`) bytes and the bytes after `used` are 0.
// `used` is at most 2^32 × 16 + 64 here, so no sum overflows.
inline std::optional<Error> check_padded_end(const PayloadInput& in, std::uint64_t used) {
  if (in.payload.size() != align16(used))
    return payload_problem(in, 0, "size: the payload has " + std::to_string(in.payload.size()) +
                                      " bytes but its counts make " + std::to_string(align16(used)));
  for (std::uint64_t i = used; i < in.payload.size(); ++i)
    if (in.payload[i] != std::byte{0}) return payload_problem(in, i, "padding: a non-zero byte after the records");
  return std::nullopt;
}

}  // namespace aem::detail
