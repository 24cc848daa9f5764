#include "stages/geometry/triangle_tree.hpp"

#include <algorithm>
#include <cmath>

namespace aem::pipeline {
namespace {

using math::Vec3;

// A leaf holds at most this many triangles: fewer make a deeper tree, more test triangles the
// boxes would have ruled out.
constexpr std::uint32_t kLeafTriangles = 4;

double squared(const Vec3& v) { return math::dot(v, v); }

// Squared distance from p to the segment ab.
double segment_distance2(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = math::sub(b, a);
  const double len2 = squared(ab);
  const double t = len2 > 0 ? std::clamp(math::dot(math::sub(p, a), ab) / len2, 0.0, 1.0) : 0.0;
  return squared(math::sub(p, math::add(a, math::scale(ab, t))));
}

// Squared distance from p to the box [lo, hi] (0 inside).
double box_distance2(const Vec3& p, const Vec3& lo, const Vec3& hi) {
  double d = 0;
  for (int a = 0; a < 3; ++a) {
    const double out = std::max({lo[a] - p[a], 0.0, p[a] - hi[a]});
    d += out * out;
  }
  return d;
}

}  // namespace

// To its plane where p projects inside it, else to the nearest edge (which also covers
// degenerate triangles).
double triangle_distance2(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = math::cross(math::sub(b, a), math::sub(c, a));
  const double n2 = squared(n);
  if (n2 > 0) {
    const double to_plane = math::dot(math::sub(p, a), n);
    const Vec3 q = math::sub(p, math::scale(n, to_plane / n2));
    // q is inside when it lies on the inner side of all three edges.
    const bool inside = math::dot(math::cross(math::sub(b, a), math::sub(q, a)), n) >= 0 &&
                        math::dot(math::cross(math::sub(c, b), math::sub(q, b)), n) >= 0 &&
                        math::dot(math::cross(math::sub(a, c), math::sub(q, c)), n) >= 0;
    if (inside) return to_plane * to_plane / n2;
  }
  return std::min({segment_distance2(p, a, b), segment_distance2(p, b, c), segment_distance2(p, c, a)});
}

TriangleTree::TriangleTree(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices) {
  const std::uint32_t triangles = std::uint32_t(indices.size() / 3);
  if (triangles == 0) return;  // nearest2 then answers infinity
  std::vector<Vec3> corners(std::size_t(triangles) * 3), centroids(triangles);
  for (std::size_t i = 0; i < corners.size(); ++i) {
    const float* p = vertices[indices[i]].position;
    corners[i] = {p[0], p[1], p[2]};
  }
  for (std::uint32_t t = 0; t < triangles; ++t)
    centroids[t] = math::scale(math::add(math::add(corners[3 * t], corners[3 * t + 1]), corners[3 * t + 2]), 1.0 / 3);
  std::vector<std::uint32_t> order(triangles);
  for (std::uint32_t t = 0; t < triangles; ++t) order[t] = t;
  nodes_.reserve(2 * std::size_t(triangles / kLeafTriangles + 1));
  build(order, 0, triangles, centroids, corners);
  corners_.reserve(corners.size());
  for (const std::uint32_t t : order) corners_.insert(corners_.end(), {corners[3 * t], corners[3 * t + 1], corners[3 * t + 2]});
}

// Builds the subtree over order[begin, end), split at the median centroid along the longest side
// of the centroids' box (a balanced tree: depth log2 of the triangles, whatever their sizes).
std::uint32_t TriangleTree::build(std::vector<std::uint32_t>& order, std::uint32_t begin, std::uint32_t end,
                                  const std::vector<Vec3>& centroids, const std::vector<Vec3>& corners) {
  const std::uint32_t index = std::uint32_t(nodes_.size());
  nodes_.emplace_back();
  Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  Vec3 clo = lo, chi = hi;
  for (std::uint32_t i = begin; i < end; ++i) {
    for (int k = 0; k < 3; ++k)
      for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], corners[3 * order[i] + k][a]), hi[a] = std::max(hi[a], corners[3 * order[i] + k][a]);
    for (int a = 0; a < 3; ++a) clo[a] = std::min(clo[a], centroids[order[i]][a]), chi[a] = std::max(chi[a], centroids[order[i]][a]);
  }
  nodes_[index].lo = lo, nodes_[index].hi = hi;
  if (end - begin <= kLeafTriangles) {
    nodes_[index].first = begin, nodes_[index].count = end - begin;
    return index;
  }
  int axis = 0;
  for (int a = 1; a < 3; ++a)
    if (chi[a] - clo[a] > chi[axis] - clo[axis]) axis = a;
  const std::uint32_t middle = begin + (end - begin) / 2;
  std::nth_element(order.begin() + begin, order.begin() + middle, order.begin() + end,
                   [&](std::uint32_t x, std::uint32_t y) { return centroids[x][axis] < centroids[y][axis]; });
  build(order, begin, middle, centroids, corners);
  const std::uint32_t right = build(order, middle, end, centroids, corners);
  nodes_[index].right = right;
  return index;
}

double TriangleTree::leaf_nearest2(const Node& leaf, const Vec3& p, double best) const {
  for (std::uint32_t t = leaf.first; t < leaf.first + leaf.count; ++t)
    best = std::min(best, triangle_distance2(p, corners_[3 * t], corners_[3 * t + 1], corners_[3 * t + 2]));
  return best;
}

// Depth first, the nearer child first, skipping every box no nearer than the best found.
double TriangleTree::nearest2(const Vec3& p, double enough2) const {
  double best = INFINITY;
  if (nodes_.empty()) return best;
  std::uint32_t stack[64];  // a balanced tree over 2^32 triangles is 31 deep: one pending child per level
  int size = 0;
  stack[size++] = 0;
  while (size > 0) {
    const Node& node = nodes_[stack[--size]];
    if (box_distance2(p, node.lo, node.hi) >= best) continue;
    if (node.count > 0) {
      best = leaf_nearest2(node, p, best);
      if (best <= enough2) return best;
      continue;
    }
    const std::uint32_t left = std::uint32_t(&node - nodes_.data()) + 1;
    const double dl = box_distance2(p, nodes_[left].lo, nodes_[left].hi);
    const double dr = box_distance2(p, nodes_[node.right].lo, nodes_[node.right].hi);
    // Pushed last, popped first: the nearer child.
    if (dl <= dr) {
      if (dr < best) stack[size++] = node.right;
      if (dl < best) stack[size++] = left;
    } else {
      if (dl < best) stack[size++] = left;
      if (dr < best) stack[size++] = node.right;
    }
  }
  return best;
}

}  // namespace aem::pipeline
