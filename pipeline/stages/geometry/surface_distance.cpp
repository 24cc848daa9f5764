#include "stages/geometry/surface_distance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "math/bake_math.hpp"

namespace aem::pipeline {
namespace {

using math::Vec3;

Vec3 position(std::span<const Vertex> vertices, std::uint32_t i) {
  const float* p = vertices[i].position;
  return {p[0], p[1], p[2]};
}

double squared(const Vec3& v) { return math::dot(v, v); }

// Squared distance from p to the segment ab.
double segment_distance2(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = math::sub(b, a);
  const double len2 = squared(ab);
  const double t = len2 > 0 ? std::clamp(math::dot(math::sub(p, a), ab) / len2, 0.0, 1.0) : 0.0;
  return squared(math::sub(p, math::add(a, math::scale(ab, t))));
}

// Squared distance from p to the triangle abc: to its plane where p projects inside it, else to
// the nearest edge (which also covers degenerate triangles).
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

// The triangles of one list binned into a uniform grid of about one cell per triangle, for
// nearest-triangle queries that visit cells in growing rings around the point.
class TriangleGrid {
 public:
  TriangleGrid(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices)
      : vertices_(vertices), indices_(indices), stamp_(indices.size() / 3, 0) {
    lo_ = hi_ = position(vertices, indices[0]);
    for (const std::uint32_t i : indices) {
      const Vec3 p = position(vertices, i);
      for (int a = 0; a < 3; ++a) lo_[a] = std::min(lo_[a], p[a]), hi_[a] = std::max(hi_[a], p[a]);
    }
    const double extent = std::max({hi_[0] - lo_[0], hi_[1] - lo_[1], hi_[2] - lo_[2], 1e-12});
    const double triangles = double(indices.size() / 3);
    cell_ = std::max(extent / std::max(1.0, std::cbrt(triangles)), extent * 1e-6);
    // Large triangles fill many cells: coarser cells until the bins hold a bounded number of
    // entries (memory stays linear in the triangles, whatever their shapes).
    const double budget = 32 * triangles + 1024;
    for (size_cells(); double(entries()) > budget; size_cells()) cell_ *= 2;
    cells_.resize(std::size_t(size_[0]) * size_[1] * size_[2]);
    for (std::uint32_t t = 0; t < stamp_.size(); ++t) for_cells(t, [&](int x, int y, int z) { cell(x, y, z).push_back(t); });
  }

  // Squared distance from p to the nearest triangle.
  double nearest2(const Vec3& p) {
    ++query_;
    std::array<int, 3> home{};
    for (int a = 0; a < 3; ++a) home[a] = cell_of(p[a], a);
    double best = INFINITY;
    for (int r = 0;; ++r) {
      visit_ring(p, home, r, best);
      const double bound = unvisited_distance(p, home, r);
      if (best <= bound * bound) break;  // also when every cell was visited (bound infinite)
    }
    return best;
  }

 private:
  // How far p is from every cell outside the block of rings 0..r around `home`: from p to the
  // nearest face of the block behind which there are cells. Infinite when there are none.
  double unvisited_distance(const Vec3& p, const std::array<int, 3>& home, int r) const {
    double d = INFINITY;
    for (int a = 0; a < 3; ++a) {
      if (home[a] - r > 0) d = std::min(d, p[a] - (lo_[a] + double(home[a] - r) * cell_));
      if (home[a] + r < size_[a] - 1) d = std::min(d, lo_[a] + double(home[a] + r + 1) * cell_ - p[a]);
    }
    return std::max(d, 0.0);
  }

  int cell_of(double x, int axis) const { return std::clamp(int(std::floor((x - lo_[axis]) / cell_)), 0, size_[axis] - 1); }
  std::vector<std::uint32_t>& cell(int x, int y, int z) { return cells_[(std::size_t(z) * size_[1] + y) * size_[0] + x]; }

  void size_cells() {
    for (int a = 0; a < 3; ++a) size_[a] = std::clamp(int((hi_[a] - lo_[a]) / cell_) + 1, 1, 1024);
  }

  // The cells triangle t's bounding box overlaps, as index ranges per axis.
  std::array<std::array<int, 2>, 3> cell_range(std::uint32_t t) const {
    std::array<std::array<int, 2>, 3> range{};
    for (int a = 0; a < 3; ++a) {
      double lo = INFINITY, hi = -INFINITY;
      for (int k = 0; k < 3; ++k) {
        const double v = vertices_[indices_[t * 3 + k]].position[a];
        lo = std::min(lo, v), hi = std::max(hi, v);
      }
      range[a] = {cell_of(lo, a), cell_of(hi, a)};
    }
    return range;
  }

  std::uint64_t entries() const {
    std::uint64_t n = 0;
    for (std::uint32_t t = 0; t < stamp_.size(); ++t) {
      const auto r = cell_range(t);
      n += std::uint64_t(r[0][1] - r[0][0] + 1) * std::uint64_t(r[1][1] - r[1][0] + 1) * std::uint64_t(r[2][1] - r[2][0] + 1);
    }
    return n;
  }

  template <class Visit>
  void for_cells(std::uint32_t t, Visit visit) const {
    const auto r = cell_range(t);
    for (int z = r[2][0]; z <= r[2][1]; ++z)
      for (int y = r[1][0]; y <= r[1][1]; ++y)
        for (int x = r[0][0]; x <= r[0][1]; ++x) visit(x, y, z);
  }

  // Tests the triangles of the cells at Chebyshev distance r from `home` (the shell only: whole
  // faces of the cube at its top and bottom rows, its two end cells elsewhere), each triangle once
  // per query.
  void visit_ring(const Vec3& p, const std::array<int, 3>& home, int r, double& best) {
    for (int z = std::max(0, home[2] - r); z <= std::min(size_[2] - 1, home[2] + r); ++z)
      for (int y = std::max(0, home[1] - r); y <= std::min(size_[1] - 1, home[1] + r); ++y) {
        const bool face = std::abs(z - home[2]) == r || std::abs(y - home[1]) == r;
        const int step = face ? 1 : std::max(1, 2 * r);
        for (int x = home[0] - r; x <= home[0] + r; x += step)
          if (x >= 0 && x < size_[0]) visit_cell(p, x, y, z, best);
      }
  }

  void visit_cell(const Vec3& p, int x, int y, int z, double& best) {
    for (const std::uint32_t t : cell(x, y, z)) {
      if (stamp_[t] == query_) continue;
      stamp_[t] = query_;
      best = std::min(best, triangle_distance2(p, position(vertices_, indices_[t * 3]), position(vertices_, indices_[t * 3 + 1]),
                                               position(vertices_, indices_[t * 3 + 2])));
    }
  }

  std::span<const Vertex> vertices_;
  std::span<const std::uint32_t> indices_;
  Vec3 lo_{}, hi_{};
  double cell_ = 1;
  std::array<int, 3> size_{1, 1, 1};
  std::vector<std::vector<std::uint32_t>> cells_;
  std::vector<std::uint64_t> stamp_;
  std::uint64_t query_ = 0;
};

// The largest distance from the sample points of `from` to the surface of `to`.
double one_way(std::span<const Vertex> vertices, std::span<const std::uint32_t> from, std::span<const std::uint32_t> to) {
  TriangleGrid grid(vertices, to);
  double worst = 0;
  std::vector<bool> corner_done(vertices.size(), false);
  for (std::size_t t = 0; t + 2 < from.size(); t += 3) {
    const Vec3 a = position(vertices, from[t]), b = position(vertices, from[t + 1]), c = position(vertices, from[t + 2]);
    for (int k = 0; k < 3; ++k)
      if (!corner_done[from[t + k]]) {
        corner_done[from[t + k]] = true;
        worst = std::max(worst, grid.nearest2(k == 0 ? a : k == 1 ? b : c));
      }
    for (const Vec3& p : {math::scale(math::add(a, b), 0.5), math::scale(math::add(b, c), 0.5),
                          math::scale(math::add(c, a), 0.5), math::scale(math::add(math::add(a, b), c), 1.0 / 3)})
      worst = std::max(worst, grid.nearest2(p));
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
