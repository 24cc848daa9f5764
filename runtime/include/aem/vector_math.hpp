#pragma once
// Arithmetic on aem::Vec3, and points through an aem::Mat4, for tools built on the runtime (the
// viewer's camera, picking and bounds). The runtime's own per-joint loops need only transform.hpp;
// these are here so that a tool need not define a second vector type beside the runtime's.
#include <cmath>

#include "aem/transform.hpp"

namespace aem {

inline Vec3 operator+(const Vec3& a, const Vec3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator*(const Vec3& a, float s) { return {a.x * s, a.y * s, a.z * s}; }
inline float dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float length(const Vec3& a) { return std::sqrt(dot(a, a)); }

// `a` times 1 / |a|; {0, 0, 0} when |a| is 0.
inline Vec3 normalize(const Vec3& a) {
  const float l = length(a);
  return l > 0 ? a * (1.0f / l) : Vec3{0, 0, 0};
}

// The point `p` moved by `m` (w = 1; m's bottom row is taken to be 0, 0, 0, 1, as for a joint's).
inline Vec3 transform_point(const Mat4& m, const Vec3& p) {
  return {m.m[0] * p.x + m.m[4] * p.y + m.m[8] * p.z + m.m[12], m.m[1] * p.x + m.m[5] * p.y + m.m[9] * p.z + m.m[13],
          m.m[2] * p.x + m.m[6] * p.y + m.m[10] * p.z + m.m[14]};
}

}  // namespace aem
