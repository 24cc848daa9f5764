#pragma once
// The small amount of 3D maths the animation runtime needs: vectors, quaternions (x, y, z, w as
// glTF), translation-rotation-scale transforms and column-major 4x4 matrices. Hot operations are
// inline so the per-joint loops compile to straight-line code.
#include <cmath>

#include "aem/export.h"
#include "aem/portable_math.hpp"

namespace aem {

struct Vec3 {
  float x = 0, y = 0, z = 0;
};

struct Quat {
  float x = 0, y = 0, z = 0, w = 1;
};

// A joint's local pose: scale, then rotate, then translate.
struct Transform {
  Vec3 translation{0, 0, 0};
  Quat rotation{0, 0, 0, 1};
  Vec3 scale{1, 1, 1};
};

// Column-major: m[4 * column + row]; elements 12, 13, 14 hold the translation.
struct Mat4 {
  float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
};

inline Vec3 lerp(const Vec3& a, const Vec3& b, float t) {
  return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t};
}

inline float dot(const Quat& a, const Quat& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

inline Quat normalize(const Quat& q) {
  const float length_squared = dot(q, q);
  if (length_squared <= 0) return {};
  const float inverse = 1.0f / std::sqrt(length_squared);
  return {q.x * inverse, q.y * inverse, q.z * inverse, q.w * inverse};
}

namespace detail {

// sin(t*angle)/sin(angle) and sin(s*angle)/sin(angle), s = 1 - t, from x = cos(angle) - 1:
// t * sum_i c_i x^i with c_0 = 1 and c_i = c_{i-1} (t^2 - i^2) / (i (2i + 1)). Each term is at
// most |x| / 2 times the one before, so `Terms` terms reach float precision for small |x|.
template <int Terms>
inline void slerp_weights(float x, float t, float& wa, float& wb) {
  constexpr float kInverse[8] = {0, 1.0f / 3, 1.0f / 10, 1.0f / 21, 1.0f / 36, 1.0f / 55, 1.0f / 78, 1.0f / 105};
  const float s = 1.0f - t;
  const float tt = t * t, ss = s * s;
  float term_a = 1.0f, term_b = 1.0f, sum_a = 1.0f, sum_b = 1.0f;
  for (int i = 1; i <= Terms; ++i) {
    const float scale = kInverse[i] * x;
    const float square = float(i * i);
    term_b *= (tt - square) * scale;
    term_a *= (ss - square) * scale;
    sum_b += term_b;
    sum_a += term_a;
  }
  wa = s * sum_a;
  wb = t * sum_b;
}

// The exact slerp weights for keys over 91 degrees apart (0 <= cosine < 0.7). acos(c) is
// pi/2 - asin(c) up to c = 0.5 and 2 asin(sqrt((1 - c) / 2)) above, so asin's argument stays
// within 0.5; series of our own, since the C libraries' acosf and sinf differ in the last bit
// between platforms (portable_math.hpp).
inline void wide_slerp_weights(float cosine, float t, float& wa, float& wb) {
  const double c = cosine;
  const double angle = c <= 0.5 ? 1.5707963267948966 - aem::series_asin(c) : 2.0 * aem::series_asin(std::sqrt((1.0 - c) * 0.5));
  const double inverse_sine = 1.0 / aem::series_sin(angle);
  wa = float(aem::series_sin((1.0 - double(t)) * angle) * inverse_sine);
  wb = float(aem::series_sin(double(t) * angle) * inverse_sine);
}

}  // namespace detail

// Spherical interpolation along the shorter arc. Keys less than about 90 degrees apart (nearly
// all) take a short series in cos(angle) instead of acos and sin, accurate to float precision:
// 3 terms for keys under 16 degrees apart, 7 up to 91 degrees; wider arcs use the exact formula,
// with series of our own for acos and sin so that every platform gives the same bits.
inline Quat slerp(const Quat& a, Quat b, float t) {
  float cosine = dot(a, b);
  if (cosine < 0) {
    b = {-b.x, -b.y, -b.z, -b.w};
    cosine = -cosine;
  }
  float wa, wb;
  if (cosine >= 0.99f) {
    detail::slerp_weights<3>(cosine - 1.0f, t, wa, wb);
  } else if (cosine >= 0.7f) {
    detail::slerp_weights<7>(cosine - 1.0f, t, wa, wb);
  } else {
    detail::wide_slerp_weights(cosine, t, wa, wb);
  }
  return {a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb};
}

// The matrix of scale, then rotation, then translation. The rotation need not be normalised
// beyond float precision.
inline Mat4 to_matrix(const Transform& t) {
  const Quat& q = t.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  Mat4 r;
  r.m[0] = (1 - 2 * (yy + zz)) * t.scale.x;
  r.m[1] = 2 * (xy + wz) * t.scale.x;
  r.m[2] = 2 * (xz - wy) * t.scale.x;
  r.m[3] = 0;
  r.m[4] = 2 * (xy - wz) * t.scale.y;
  r.m[5] = (1 - 2 * (xx + zz)) * t.scale.y;
  r.m[6] = 2 * (yz + wx) * t.scale.y;
  r.m[7] = 0;
  r.m[8] = 2 * (xz + wy) * t.scale.z;
  r.m[9] = 2 * (yz - wx) * t.scale.z;
  r.m[10] = (1 - 2 * (xx + yy)) * t.scale.z;
  r.m[11] = 0;
  r.m[12] = t.translation.x;
  r.m[13] = t.translation.y;
  r.m[14] = t.translation.z;
  r.m[15] = 1;
  return r;
}

// a * b, written column by column into a local so compilers keep each column in one SIMD
// register (writing through `out` directly would force them to assume aliasing).
inline void multiply(const Mat4& a, const Mat4& b, float* out) {
  float r[16];
  for (int c = 0; c < 4; ++c) {
    const float b0 = b.m[4 * c], b1 = b.m[4 * c + 1], b2 = b.m[4 * c + 2], b3 = b.m[4 * c + 3];
    for (int row = 0; row < 4; ++row) {
      r[4 * c + row] = a.m[row] * b0 + a.m[4 + row] * b1 + a.m[8 + row] * b2 + a.m[12 + row] * b3;
    }
  }
  for (int i = 0; i < 16; ++i) out[i] = r[i];
}

// a * b for an affine b (bottom row 0, 0, 0, 1), skipping the products with b's constant row:
// 21 column operations instead of 28.
inline void multiply_affine(const Mat4& parent, const Mat4& local, float* out) {
  float r[16];
  for (int c = 0; c < 3; ++c) {
    const float b0 = local.m[4 * c], b1 = local.m[4 * c + 1], b2 = local.m[4 * c + 2];
    for (int row = 0; row < 4; ++row) {
      r[4 * c + row] = parent.m[row] * b0 + parent.m[4 + row] * b1 + parent.m[8 + row] * b2;
    }
  }
  const float t0 = local.m[12], t1 = local.m[13], t2 = local.m[14];
  for (int row = 0; row < 4; ++row) {
    r[12 + row] = parent.m[row] * t0 + parent.m[4 + row] * t1 + parent.m[8 + row] * t2 + parent.m[12 + row];
  }
  for (int i = 0; i < 16; ++i) out[i] = r[i];
}

inline Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 out;
  multiply(a, b, out.m);
  return out;
}

// The inverse of a general 4x4 matrix; identity when it is singular.
AEM_API Mat4 inverse(const Mat4& m);

// Splits an affine matrix into translation, rotation and (signed) scale: the inverse of
// to_matrix() for matrices without shear.
AEM_API Transform decompose(const Mat4& m);

}  // namespace aem
