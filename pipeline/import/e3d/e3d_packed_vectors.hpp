#pragma once
// E3D's 10_10_10_2 vectors (normals, tangents): x in bits 0-9, y in 10-19, z in 20-29, each a
// signed two's-complement 10-bit integer, -1..1 mapped to -512..511 the way Ecere's writer packs
// them (positive values over 511, negative over 512); bits 30-31 a signed 2-bit extra.
#include <array>
#include <cmath>
#include <cstdint>

namespace aem::pipeline::e3d {

inline float unpack_10bit(std::uint32_t packed, int shift) {
  int value = int((packed >> shift) & 1023u);
  if (value & 512) value -= 1024;
  return value > 0 ? float(value) / 511.0f : float(value) / 512.0f;
}

// The vector, normalised (quantisation leaves it up to 0.3% off unit length); a zero vector
// stays zero, for the bake to replace.
inline std::array<float, 3> unpack_vector(std::uint32_t packed) {
  std::array<float, 3> v{unpack_10bit(packed, 0), unpack_10bit(packed, 10), unpack_10bit(packed, 20)};
  const float length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (length > 0) for (float& c : v) c /= length;
  return v;
}

}  // namespace aem::pipeline::e3d
