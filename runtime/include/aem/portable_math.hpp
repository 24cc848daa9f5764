#pragma once
// Maths that gives the same bits on every platform. Only +, -, *, /, sqrt and trunc, which IEEE 754
// (and every C library) gets exactly right, so a bake, an export or a sampled pose is the same
// file on Linux and Windows. The C libraries differ where these stand in: MinGW-w64's round,
// lround and llround add 0.5 and truncate (0.49999999999999994 rounds to 1), and glibc's and
// MinGW-w64's acosf and sinf differ in the last bit.
#include <cmath>

namespace aem {

// The nearest integer to v, halves away from zero: std::round's contract.
inline double round_half_away(double v) {
  const double whole = std::trunc(v);
  const double rest = v - whole;  // exact: both have v's exponent or less
  if (rest >= 0.5) return whole + 1.0;
  if (rest <= -0.5) return whole - 1.0;
  return whole;
}

// round_half_away(v) as an integer: std::llround's contract for v within long long's range.
inline long long round_to_integer(double v) { return static_cast<long long>(round_half_away(v)); }

// asin(x) for |x| <= 0.5 and sin(x) for |x| <= pi/2, by their series in double, to about 1e-15.
inline double series_asin(double x) {
  const double xx = x * x;
  double term = x, sum = x;
  for (int n = 1; n <= 24; ++n) {
    term *= xx * double((2 * n - 1) * (2 * n - 1)) / double((2 * n) * (2 * n + 1));
    sum += term;
  }
  return sum;
}
inline double series_sin(double x) {
  const double xx = x * x;
  double term = x, sum = x;
  for (int n = 1; n <= 11; ++n) {
    term *= -xx / double((2 * n) * (2 * n + 1));
    sum += term;
  }
  return sum;
}

}  // namespace aem
