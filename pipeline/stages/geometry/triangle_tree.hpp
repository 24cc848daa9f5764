#pragma once
// Nearest-surface queries against one triangle list: a bounding volume hierarchy whose search
// prunes whole boxes, so a point far from every triangle (a part the simplifier removed) costs
// about as little as a near one. surface_distance asks it for every sample point.
#include <cstdint>
#include <span>
#include <vector>

#include "aem/format.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {

class TriangleTree {
 public:
  // `indices`: at least one triangle over `vertices`, every index in range. The tree copies the
  // corners it needs; neither span is kept.
  TriangleTree(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices);

  // The squared distance from p to the nearest point of any triangle (exact point-triangle
  // distances in double; a degenerate triangle counts as its segments); infinity without
  // triangles. With `enough2` > 0 the search may stop at the first triangle within it and answer
  // that triangle's distance: a caller after the largest of many nearest distances passes the
  // largest so far, which such a point cannot raise.
  double nearest2(const math::Vec3& p, double enough2 = 0) const;

 private:
  // A node's box and either its triangles (a leaf: count > 0, triangles first.. of corners_) or
  // its two children (count == 0: the left child follows it, the right one is `right`).
  struct Node {
    math::Vec3 lo, hi;
    std::uint32_t first = 0, count = 0, right = 0;
  };
  std::uint32_t build(std::vector<std::uint32_t>& order, std::uint32_t begin, std::uint32_t end,
                      const std::vector<math::Vec3>& centroids, const std::vector<math::Vec3>& corners);
  double leaf_nearest2(const Node& leaf, const math::Vec3& p, double best) const;

  std::vector<Node> nodes_;
  std::vector<math::Vec3> corners_;  // three per triangle, in the leaves' order
};

// Squared distance from p to the triangle abc (exposed for tests' brute force agreement).
double triangle_distance2(const math::Vec3& p, const math::Vec3& a, const math::Vec3& b, const math::Vec3& c);

}  // namespace aem::pipeline
