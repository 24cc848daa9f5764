#include "import/e3d/e3d_quaternion.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace aem::pipeline::e3d {

double quat_dot(const Quat& a, const Quat& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; }

Quat quat_normalized(const Quat& q) {
  const double length = std::sqrt(quat_dot(q, q));
  if (!(length > 0) || !std::isfinite(length)) return {1, 0, 0, 0};
  return {q[0] / length, q[1] / length, q[2] / length, q[3] / length};
}

Quat quat_conjugate(const Quat& q) { return {q[0], -q[1], -q[2], -q[3]}; }

Quat quat_multiply(const Quat& a, const Quat& b) {
  return {a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
          a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
          a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
          a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
}

Quat quat_log(const Quat& q) {
  const double v = std::sqrt(q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (v < 1e-12) return {0, 0, 0, 0};
  const double half = std::atan2(v, q[0]);
  return {0, q[1] / v * half, q[2] / v * half, q[3] / v * half};
}

Quat quat_exp(const Quat& p) {
  const double half = std::sqrt(p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
  if (half < 1e-12) return {1, p[1], p[2], p[3]};
  const double s = std::sin(half) / half;
  return {std::cos(half), p[1] * s, p[2] * s, p[3] * s};
}

Quat quat_slerp(const Quat& a, const Quat& b, double t) {
  const double d = std::clamp(quat_dot(a, b), -1.0, 1.0);
  const double theta = std::acos(d);
  if (std::abs(std::sin(theta)) < 1e-9) {
    return quat_normalized({a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, a[3] + (b[3] - a[3]) * t});
  }
  const double wa = std::sin((1 - t) * theta) / std::sin(theta), wb = std::sin(t * theta) / std::sin(theta);
  return {a[0] * wa + b[0] * wb, a[1] * wa + b[1] * wb, a[2] * wa + b[2] * wb, a[3] * wa + b[3] * wb};
}

Quat quat_about_axis(int axis, double degrees) {
  const double half = degrees * std::numbers::pi / 360;
  Quat q{std::cos(half), 0, 0, 0};
  q[std::size_t(axis) + 1] = std::sin(half);
  return q;
}

double rotation_angle_degrees(const Quat& a, const Quat& b) {
  const double d = std::min(1.0, std::abs(quat_dot(a, b)));
  return 2 * std::acos(d) * 180 / std::numbers::pi;
}

}  // namespace aem::pipeline::e3d
