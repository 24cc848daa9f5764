#include "math/bake_math.hpp"

namespace aem::pipeline::math {

bool invert(const Mat4& m, Mat4& out) {
  Mat4 inv;
  inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] +
           m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
  inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] -
           m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
  inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] +
           m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
  inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] -
            m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
  inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] -
           m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
  inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] +
           m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
  inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] -
           m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
  inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] +
            m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
  inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] +
           m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
  inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] -
           m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
  inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] +
            m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
  inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] -
            m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
  inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] -
           m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
  inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] +
           m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
  inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] -
            m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
  inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] +
            m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
  const double det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
  if (!(std::fabs(det) > 1e-300) || !std::isfinite(det)) return false;
  for (int i = 0; i < 16; ++i) out[i] = inv[i] / det;
  return true;
}

Mat4 normal_matrix(const Mat4& m) {
  Mat4 linear = m;
  linear[12] = linear[13] = linear[14] = 0;
  linear[3] = linear[7] = linear[11] = 0;
  linear[15] = 1;
  Mat4 inv;
  if (!invert(linear, inv)) return kIdentity;
  Mat4 t;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) t[c * 4 + r] = inv[r * 4 + c];
  return t;
}

Mat4 compose_trs(const Vec3& t, const Vec4& q, const Vec3& s) {
  const double x = q[0], y = q[1], z = q[2], w = q[3];
  Mat4 m{};
  m[0] = (1 - 2 * (y * y + z * z)) * s[0];
  m[1] = (2 * (x * y + z * w)) * s[0];
  m[2] = (2 * (x * z - y * w)) * s[0];
  m[4] = (2 * (x * y - z * w)) * s[1];
  m[5] = (1 - 2 * (x * x + z * z)) * s[1];
  m[6] = (2 * (y * z + x * w)) * s[1];
  m[8] = (2 * (x * z + y * w)) * s[2];
  m[9] = (2 * (y * z - x * w)) * s[2];
  m[10] = (1 - 2 * (x * x + y * y)) * s[2];
  m[12] = t[0];
  m[13] = t[1];
  m[14] = t[2];
  m[15] = 1;
  return m;
}

bool decompose_trs(const Mat4& m, Vec3& t, Vec4& r, Vec3& s) {
  if (std::fabs(m[3]) > 1e-9 || std::fabs(m[7]) > 1e-9 || std::fabs(m[11]) > 1e-9 ||
      std::fabs(m[15] - 1) > 1e-9)
    return false;
  t = {m[12], m[13], m[14]};
  Vec3 c0{m[0], m[1], m[2]}, c1{m[4], m[5], m[6]}, c2{m[8], m[9], m[10]};
  s = {length(c0), length(c1), length(c2)};
  if (!(s[0] > 1e-12 && s[1] > 1e-12 && s[2] > 1e-12)) return false;
  if (det3(m) < 0) s[0] = -s[0];
  r = rotation_quaternion(scale(c0, 1 / s[0]), scale(c1, 1 / s[1]), scale(c2, 1 / s[2]));
  return true;
}

Vec4 rotation_quaternion(const Vec3& c0, const Vec3& c1, const Vec3& c2) {
  const double m00 = c0[0], m11 = c1[1], m22 = c2[2];
  const double trace = m00 + m11 + m22;
  double x, y, z, w;
  if (trace > 0) {
    const double k = 0.5 / std::sqrt(trace + 1);
    w = 0.25 / k;
    x = (c1[2] - c2[1]) * k;
    y = (c2[0] - c0[2]) * k;
    z = (c0[1] - c1[0]) * k;
  } else if (m00 > m11 && m00 > m22) {
    const double k = 2 * std::sqrt(1 + m00 - m11 - m22);
    w = (c1[2] - c2[1]) / k;
    x = 0.25 * k;
    y = (c1[0] + c0[1]) / k;
    z = (c2[0] + c0[2]) / k;
  } else if (m11 > m22) {
    const double k = 2 * std::sqrt(1 + m11 - m00 - m22);
    w = (c2[0] - c0[2]) / k;
    x = (c1[0] + c0[1]) / k;
    y = 0.25 * k;
    z = (c2[1] + c1[2]) / k;
  } else {
    const double k = 2 * std::sqrt(1 + m22 - m00 - m11);
    w = (c0[1] - c1[0]) / k;
    x = (c2[0] + c0[2]) / k;
    y = (c2[1] + c1[2]) / k;
    z = 0.25 * k;
  }
  const double l = std::sqrt(x * x + y * y + z * z + w * w);
  return {x / l, y / l, z / l, w / l};
}

}  // namespace aem::pipeline::math
