#include "stages/geometry/surface_distance.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "math/bake_math.hpp"
#include "stages/geometry/triangle_tree.hpp"

namespace aem::pipeline {
namespace {

using math::Vec3;

Vec3 position(std::span<const Vertex> vertices, std::uint32_t i) {
  const float* p = vertices[i].position;
  return {p[0], p[1], p[2]};
}

// The largest distance from the sample points of `from` to the surface of `to`. A point within
// the largest distance so far cannot change it, so its search stops at the first such triangle.
double one_way(std::span<const Vertex> vertices, std::span<const std::uint32_t> from, std::span<const std::uint32_t> to) {
  const TriangleTree tree(vertices, to);
  double worst = 0;
  std::vector<bool> corner_done(vertices.size(), false);
  for (std::size_t t = 0; t + 2 < from.size(); t += 3) {
    const Vec3 a = position(vertices, from[t]), b = position(vertices, from[t + 1]), c = position(vertices, from[t + 2]);
    for (int k = 0; k < 3; ++k)
      if (!corner_done[from[t + k]]) {
        corner_done[from[t + k]] = true;
        worst = std::max(worst, tree.nearest2(k == 0 ? a : k == 1 ? b : c, worst));
      }
    for (const Vec3& p : {math::scale(math::add(a, b), 0.5), math::scale(math::add(b, c), 0.5),
                          math::scale(math::add(c, a), 0.5), math::scale(math::add(math::add(a, b), c), 1.0 / 3)})
      worst = std::max(worst, tree.nearest2(p, worst));
  }
  return std::sqrt(worst);
}

}  // namespace

double surface_distance(std::span<const Vertex> vertices, std::span<const std::uint32_t> reference,
                        std::span<const std::uint32_t> simplified) {
  if (reference.size() < 3 || simplified.size() < 3) return 0;
  return std::max(one_way(vertices, reference, simplified), one_way(vertices, simplified, reference));
}

}  // namespace aem::pipeline
