#include "bc4_endpoint_fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "aem/codec/bc5.hpp"
#include "aem/portable_math.hpp"

namespace aem::codec {
namespace {

// Weight of endpoint 1 in palette entry `index`, or -1 for the 6-value palette's constants.
double endpoint1_weight(int index, bool eight_values) {
  if (index == 0) return 0;
  if (index == 1) return 1;
  if (eight_values) return double(index - 1) / 7.0;
  return index < 6 ? double(index - 1) / 5.0 : -1;
}

std::uint64_t squared_error(const std::uint8_t values[16], const std::uint8_t half[8]) {
  std::uint8_t decoded[16];
  decode_bc4_block(half, decoded);
  std::uint64_t error = 0;
  for (int t = 0; t < 16; ++t) {
    const int d = int(decoded[t]) - int(values[t]);
    error += std::uint64_t(d * d);
  }
  return error;
}

// The normal equations of v = a0 (1 - w) + a1 w over the interpolated texels of `half`'s indices,
// and what the constants (6-value palette: 0 and 255) leave.
struct Bc4Fit {
  double s00 = 0, s01 = 0, s11 = 0, r0 = 0, r1 = 0, vv = 0, constants_error = 0;
  double det() const { return s00 * s11 - s01 * s01; }
  double a0() const { return (r0 * s11 - r1 * s01) / det(); }
  double a1() const { return (r1 * s00 - r0 * s01) / det(); }
};

Bc4Fit bc4_fit(const std::uint8_t values[16], const std::uint8_t half[8]) {
  const bool eight_values = half[0] > half[1];
  std::uint64_t bits = 0;
  for (int j = 7; j >= 2; --j) bits = (bits << 8) | half[j];
  Bc4Fit f;
  for (int t = 0; t < 16; ++t) {
    const int index = int((bits >> (3 * t)) & 7u);
    const double w = endpoint1_weight(index, eight_values);
    const double v = values[t];
    if (w < 0) {
      const double d = v - (index == 6 ? 0.0 : 255.0);
      f.constants_error += d * d;
      continue;
    }
    f.s00 += (1 - w) * (1 - w);
    f.s01 += (1 - w) * w;
    f.s11 += w * w;
    f.r0 += (1 - w) * v;
    f.r1 += w * v;
    f.vv += v * v;
  }
  return f;
}

}  // namespace

double bc4_fit_residual(const std::uint8_t values[16], const std::uint8_t half[8]) {
  const Bc4Fit f = bc4_fit(values, half);
  if (f.det() < 1e-9) return 0;
  return std::max(0.0, f.vv - (f.a0() * f.r0 + f.a1() * f.r1)) + f.constants_error;
}

bool fit_bc4_endpoints(const std::uint8_t values[16], std::uint8_t half[8]) {
  const bool eight_values = half[0] > half[1];
  const Bc4Fit f = bc4_fit(values, half);
  if (f.det() < 1e-9) return false;
  const long long a0 = aem::round_to_integer(std::clamp(f.a0(), 0.0, 255.0));
  const long long a1 = aem::round_to_integer(std::clamp(f.a1(), 0.0, 255.0));
  std::uint8_t best[8], trial[8];
  std::memcpy(trial, half, 8);
  std::uint64_t best_error = ~std::uint64_t(0);
  for (long d0 = -1; d0 <= 1; ++d0)
    for (long d1 = -1; d1 <= 1; ++d1) {
      const long long e0 = a0 + d0, e1 = a1 + d1;
      // The palette kind is the indices' meaning: keep it.
      if (e0 < 0 || e0 > 255 || e1 < 0 || e1 > 255 || (e0 > e1) != eight_values) continue;
      trial[0] = std::uint8_t(e0);
      trial[1] = std::uint8_t(e1);
      if (const std::uint64_t error = squared_error(values, trial); error < best_error) {
        best_error = error;
        std::memcpy(best, trial, 8);
      }
    }
  if (best_error == ~std::uint64_t(0)) return false;
  std::memcpy(half, best, 8);
  return true;
}

}  // namespace aem::codec
