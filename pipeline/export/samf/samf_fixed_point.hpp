#pragma once
// SAMF's numbers: 4.12 fixed point (4096 = 1.0) in int16 SVECTORs and MATRIX entries, stored
// little-endian; values are rounded to nearest (halves away from zero).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "math/bake_math.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline::samf {

inline constexpr double kOne = 4096.0;
// What an int16 4.12 value holds: [-8, 8 - 1/4096].
inline constexpr double kLowest = -8.0;
inline constexpr double kHighest = 8.0 - 1.0 / 4096.0;
inline constexpr std::size_t kMatrixBytes = 32;   // int16 m[3][3], int16 pad, int32 t[3]
inline constexpr std::size_t kSvectorBytes = 8;   // int16 x, y, z, pad

inline bool fits_4_12(double v) { return v >= kLowest && v <= kHighest; }
inline std::int32_t to_fixed(double v) { return std::int32_t(aem::round_to_integer(v * kOne)); }
// "[-8, 7.999755859375]", for messages.
inline std::string range_text() { return "[-8, " + math::exact_text(kHighest) + "]"; }

// Little-endian stores into bytes already sized.
inline void store_u16(std::byte* at, std::uint16_t v) {
  at[0] = std::byte(v & 0xFF);
  at[1] = std::byte(v >> 8);
}
inline void store_u32(std::byte* at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) at[i] = std::byte((v >> (8 * i)) & 0xFF);
}

// A MATRIX: the upper 3x3 of `m` row by row (m[row][col] = m[4 * col + row]), a zero pad, and
// its translation times `scale`. Entries must fit (checked before writing: fits_4_12).
inline void store_matrix(std::byte* at, const math::Mat4& m, double scale) {
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col)
      store_u16(at + 2 * (3 * row + col), std::uint16_t(std::int16_t(to_fixed(m[std::size_t(4 * col + row)]))));
  store_u16(at + 18, 0);
  for (int i = 0; i < 3; ++i) store_u32(at + 20 + 4 * i, std::uint32_t(to_fixed(m[std::size_t(12 + i)] * scale)));
}

// Appends to a growing file.
class ByteWriter {
 public:
  std::vector<std::byte>& bytes() { return bytes_; }
  void u8(std::uint8_t v) { bytes_.push_back(std::byte(v)); }
  void u16(std::uint16_t v) { store_u16(grow(2), v); }
  void u32(std::uint32_t v) { store_u32(grow(4), v); }
  void svector(double x, double y, double z) {
    for (double v : {x, y, z}) u16(std::uint16_t(std::int16_t(to_fixed(v))));
    u16(0);
  }
  void matrix(const math::Mat4& m, double scale) { store_matrix(grow(kMatrixBytes), m, scale); }
  // `n` zero bytes, to be filled in place; returns where they start.
  std::size_t region(std::size_t n) {
    grow(n);
    return bytes_.size() - n;
  }

 private:
  std::byte* grow(std::size_t n) {
    bytes_.resize(bytes_.size() + n);
    return bytes_.data() + bytes_.size() - n;
  }
  std::vector<std::byte> bytes_;
};

}  // namespace aem::pipeline::samf
