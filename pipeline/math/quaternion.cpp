#include "math/quaternion.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace aem::pipeline::math {

double quaternion_dot(const Vec4& a, const Vec4& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; }

Vec4 unit_quaternion(const Vec4& q) {
  const double length = std::sqrt(quaternion_dot(q, q));
  if (!(length > 0) || !std::isfinite(length)) return {0, 0, 0, 1};
  return {q[0] / length, q[1] / length, q[2] / length, q[3] / length};
}

Vec4 quaternion_conjugate(const Vec4& q) { return {-q[0], -q[1], -q[2], q[3]}; }

Vec4 quaternion_product(const Vec4& a, const Vec4& b) {
  const double ax = a[0], ay = a[1], az = a[2], aw = a[3], bx = b[0], by = b[1], bz = b[2], bw = b[3];
  return {aw * bx + ax * bw + ay * bz - az * by,
          aw * by - ax * bz + ay * bw + az * bx,
          aw * bz + ax * by - ay * bx + az * bw,
          aw * bw - ax * bx - ay * by - az * bz};
}

Vec4 quaternion_log(const Vec4& q) {
  const double v = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  if (v < 1e-12) return {0, 0, 0, 0};
  const double half = std::atan2(v, q[3]);
  return {q[0] / v * half, q[1] / v * half, q[2] / v * half, 0};
}

Vec4 quaternion_exp(const Vec4& p) {
  const double half = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
  if (half < 1e-12) return {p[0], p[1], p[2], 1};
  const double s = std::sin(half) / half;
  return {p[0] * s, p[1] * s, p[2] * s, std::cos(half)};
}

Vec4 quaternion_slerp(const Vec4& a, const Vec4& b, double t) {
  const double d = std::clamp(quaternion_dot(a, b), -1.0, 1.0);
  const double theta = std::acos(d);
  if (std::abs(std::sin(theta)) < 1e-9) {
    return unit_quaternion({a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, a[3] + (b[3] - a[3]) * t});
  }
  const double wa = std::sin((1 - t) * theta) / std::sin(theta), wb = std::sin(t * theta) / std::sin(theta);
  return {a[0] * wa + b[0] * wb, a[1] * wa + b[1] * wb, a[2] * wa + b[2] * wb, a[3] * wa + b[3] * wb};
}

Vec4 quaternion_about_axis(int axis, double degrees) {
  const double half = degrees * std::numbers::pi / 360;
  Vec4 q{0, 0, 0, std::cos(half)};
  q[std::size_t(axis)] = std::sin(half);
  return q;
}

double rotation_angle_degrees(const Vec4& a, const Vec4& b) {
  const double d = std::min(1.0, std::abs(quaternion_dot(a, b)));
  return 2 * std::acos(d) * 180 / std::numbers::pi;
}

}  // namespace aem::pipeline::math
