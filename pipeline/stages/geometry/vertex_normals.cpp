#include "stages/geometry/vertex_normals.hpp"

#include <algorithm>
#include <cmath>

#include "aem/pipeline/bake_signals.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {

using math::Vec3;

std::vector<float> angle_weighted_normals(const std::vector<float>& positions,
                                          const std::vector<std::uint32_t>& triangles,
                                          const std::atomic<bool>* cancel) {
  const std::size_t count = positions.size() / 3;
  std::vector<Vec3> sum(count, Vec3{0, 0, 0});
  auto pos = [&](std::uint32_t i) {
    return Vec3{positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]};
  };
  for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {
    if (t % (3 * kCancelCheckInterval) == 0) throw_if_cancelled(cancel);
    const std::uint32_t idx[3] = {triangles[t], triangles[t + 1], triangles[t + 2]};
    const Vec3 p[3] = {pos(idx[0]), pos(idx[1]), pos(idx[2])};
    const Vec3 face = math::normalize(math::cross(math::sub(p[1], p[0]), math::sub(p[2], p[0])));
    if (face == Vec3{0, 0, 0}) continue;
    for (int c = 0; c < 3; ++c) {
      const Vec3 e1 = math::normalize(math::sub(p[(c + 1) % 3], p[c]));
      const Vec3 e2 = math::normalize(math::sub(p[(c + 2) % 3], p[c]));
      const double angle = std::acos(std::clamp(math::dot(e1, e2), -1.0, 1.0));
      sum[idx[c]] = math::add(sum[idx[c]], math::scale(face, angle));
    }
  }
  std::vector<float> out(count * 3);
  for (std::size_t i = 0; i < count; ++i) {
    Vec3 n = math::normalize(sum[i]);
    if (n == Vec3{0, 0, 0}) n = {0, 0, 1};
    for (int c = 0; c < 3; ++c) out[i * 3 + std::size_t(c)] = float(n[std::size_t(c)]);
  }
  return out;
}

}  // namespace aem::pipeline
