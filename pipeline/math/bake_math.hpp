#pragma once
// Small double-precision vector/matrix helpers for the bake stages (column-major 4x4, as glTF),
// and the exact text of a number for the keys that identify bake results.
#include <array>
#include <cmath>
#include <sstream>
#include <string>

namespace aem::pipeline::math {

using Vec3 = std::array<double, 3>;
using Vec4 = std::array<double, 4>;
using Mat4 = std::array<double, 16>;  // column-major: m[col*4 + row]

// 17 significant digits: two numbers give the same text only when they are the same double.
inline std::string exact_text(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

inline constexpr Mat4 kIdentity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

inline Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline Vec3 add(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline Vec3 scale(const Vec3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double length(const Vec3& a) { return std::sqrt(dot(a, a)); }
// Unit vector, or {0,0,0} when `a` is (nearly) zero or not finite.
inline Vec3 normalize(const Vec3& a) {
  const double l = length(a);
  if (!(l > 1e-20) || !std::isfinite(l)) return {0, 0, 0};
  return scale(a, 1.0 / l);
}

// The part of `v` perpendicular to `n` (n non-zero). Divided by n·n, so that it is perpendicular
// to a normal that is unit only within float precision too: dividing by 1 instead leaves a
// residue of (1 - n·n)(n·v), which normalising a short remainder magnifies.
inline Vec3 reject(const Vec3& v, const Vec3& n) { return sub(v, scale(n, dot(n, v) / dot(n, n))); }

// How far from 1 a squared length, or from 0 a dot product of unit vectors, may be and still
// count as exact: a unit vector rounded to floats lands within about 2e-7 of both.
inline constexpr double kFloatUnitTolerance = 1.0 / (1 << 20);

// `x` rounded to the float the bake will store it as. The volatile is on purpose: GCC 12.2's SLP
// vectoriser (-O2 and up) turns two neighbouring double -> float -> double round trips into a
// plain copy of the doubles (cvtpd2ps + cvtps2pd dropped), which returned vectors unrounded.
inline double as_stored(double x) {
  volatile float stored = float(x);
  return stored;
}
inline Vec3 as_stored(const Vec3& v) { return {as_stored(v[0]), as_stored(v[1]), as_stored(v[2])}; }
inline Vec4 as_stored(const Vec4& v) {
  return {as_stored(v[0]), as_stored(v[1]), as_stored(v[2]), as_stored(v[3])};
}

// A given direction as a unit vector: `a` as stored when that is already unit within
// kFloatUnitTolerance, so that the bake leaves its own output's vectors bit for bit as they are
// (dividing by a length of 1 - 1e-8 moves their last bits); otherwise normalize(a). Either way
// the stored result passes the same test, so a re-bake keeps it.
inline Vec3 renormalize(const Vec3& a) {
  const Vec3 stored = as_stored(a);
  return std::abs(dot(stored, stored) - 1.0) <= kFloatUnitTolerance ? stored : normalize(a);
}

// Unit quaternion (x, y, z, w), or the identity {0,0,0,1} when `q` is (nearly) zero or not
// finite: the one normalisation node rotations and animation keys share. Like renormalize, a
// quaternion whose stored floats are already unit within kFloatUnitTolerance is kept as stored.
inline Vec4 normalize_quaternion(const Vec4& q) {
  const Vec4 stored = as_stored(q);
  const double stored_squared = stored[0] * stored[0] + stored[1] * stored[1] + stored[2] * stored[2] + stored[3] * stored[3];
  if (std::abs(stored_squared - 1.0) <= kFloatUnitTolerance) return stored;
  const double l = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(l > 1e-12)) return {0, 0, 0, 1};
  return {q[0] / l, q[1] / l, q[2] / l, q[3] / l};
}

inline Mat4 mul(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int c = 0; c < 4; ++c)
    for (int rr = 0; rr < 4; ++rr) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a[k * 4 + rr] * b[c * 4 + k];
      r[c * 4 + rr] = s;
    }
  return r;
}

inline Vec3 transform_point(const Mat4& m, const Vec3& p) {
  return {m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
          m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]};
}
inline Vec3 transform_vector(const Mat4& m, const Vec3& v) {
  return {m[0] * v[0] + m[4] * v[1] + m[8] * v[2], m[1] * v[0] + m[5] * v[1] + m[9] * v[2],
          m[2] * v[0] + m[6] * v[1] + m[10] * v[2]};
}
inline double det3(const Mat4& m) {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
         m[8] * (m[1] * m[6] - m[5] * m[2]);
}

// General 4x4 inverse; returns false when singular.
bool invert(const Mat4& m, Mat4& out);

// Inverse transpose of the upper 3x3 (for normals), as a Mat4 without translation.
Mat4 normal_matrix(const Mat4& m);

// T * R * S from glTF node TRS (quaternion x, y, z, w).
Mat4 compose_trs(const Vec3& t, const Vec4& r, const Vec3& s);

// Splits an affine matrix into T, R, S (positive scale unless the matrix mirrors, in which case
// X scale is negative). Returns false when the matrix has a zero scale or is not affine.
bool decompose_trs(const Mat4& m, Vec3& t, Vec4& r, Vec3& s);

// The unit quaternion (x, y, z, w) of the rotation matrix whose columns are c0, c1, c2 (branching
// on the largest diagonal term, for stability); either sign, as the branch gives it.
Vec4 rotation_quaternion(const Vec3& c0, const Vec3& c1, const Vec3& c2);

}  // namespace aem::pipeline::math
