// surface_distance: the measured error of a level of detail. Exact cases worked out by hand, and
// random meshes against a brute-force search with a point-triangle distance of the test's own
// (the barycentric-region method, not the pipeline's projection-and-edges one).
#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "stages/geometry/surface_distance.hpp"

namespace aem::pipeline {
namespace {

using P = std::array<double, 3>;

Vertex vertex_at(double x, double y, double z) {
  Vertex v{};
  v.position[0] = float(x), v.position[1] = float(y), v.position[2] = float(z);
  return v;
}

P sub(P a, P b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(P a, P b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
P at(const P& a, const P& ab, const P& ac, double v, double w) {
  return {a[0] + ab[0] * v + ac[0] * w, a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w};
}

// The closest point of triangle abc to p by the Voronoi region p falls in (vertex, edge or face).
P closest_on_triangle(P p, P a, P b, P c) {
  const P ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const P bp = sub(p, b);
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return at(a, ab, ac, d1 / (d1 - d3), 0);
  const P cp = sub(p, c);
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return at(a, ab, ac, 0, d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {b[0] + (c[0] - b[0]) * w, b[1] + (c[1] - b[1]) * w, b[2] + (c[2] - b[2]) * w};
  }
  const double denom = 1 / (va + vb + vc);
  return at(a, ab, ac, vb * denom, vc * denom);
}

P pos(const std::vector<Vertex>& v, std::uint32_t i) { return {v[i].position[0], v[i].position[1], v[i].position[2]}; }

// Brute force over every triangle of `to`, on the same sample points the contract names.
double one_way(const std::vector<Vertex>& v, const std::vector<std::uint32_t>& from, const std::vector<std::uint32_t>& to) {
  double worst = 0;
  for (std::size_t t = 0; t < from.size(); t += 3) {
    const P a = pos(v, from[t]), b = pos(v, from[t + 1]), c = pos(v, from[t + 2]);
    const std::vector<P> samples{a, b, c, {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2},
                                 {(b[0] + c[0]) / 2, (b[1] + c[1]) / 2, (b[2] + c[2]) / 2},
                                 {(c[0] + a[0]) / 2, (c[1] + a[1]) / 2, (c[2] + a[2]) / 2},
                                 {(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3}};
    for (const P& p : samples) {
      double nearest = INFINITY;
      for (std::size_t u = 0; u < to.size(); u += 3) {
        const P q = closest_on_triangle(p, pos(v, to[u]), pos(v, to[u + 1]), pos(v, to[u + 2]));
        nearest = std::min(nearest, dot(sub(p, q), sub(p, q)));
      }
      worst = std::max(worst, nearest);
    }
  }
  return std::sqrt(worst);
}

TEST(SurfaceDistance, APeakFlattenedIsItsHeightAway) {
  // A 2x2 square whose centre rises 0.5 (eight triangles), against its two flat corner triangles.
  std::vector<Vertex> v;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) v.push_back(vertex_at(x - 1, y - 1, x == 1 && y == 1 ? 0.5 : 0));
  const std::vector<std::uint32_t> peak{0, 1, 4, 1, 2, 4, 2, 5, 4, 5, 8, 4, 8, 7, 4, 7, 6, 4, 6, 3, 4, 3, 0, 4};
  const std::vector<std::uint32_t> flat{0, 2, 8, 0, 8, 6};
  EXPECT_NEAR(surface_distance(v, peak, flat), 0.5, 1e-7);
  EXPECT_NEAR(surface_distance(v, flat, peak), 0.5, 1e-7) << "symmetric";
  EXPECT_NEAR(surface_distance(v, peak, peak), 0.0, 1e-12);
  EXPECT_EQ(surface_distance(v, peak, std::vector<std::uint32_t>{}), 0.0);
}

TEST(SurfaceDistance, FarApartTrianglesAreFoundAcrossEmptyCells) {
  // Two unit right triangles in z = 0, one at x in [0, 1], one at x in [10, 11]: 10 apart
  // (corner (0, 0) to (10, 0)), with a third tiny triangle between making the grid fine.
  std::vector<Vertex> v{vertex_at(0, 0, 0), vertex_at(1, 0, 0), vertex_at(0, 1, 0),
                        vertex_at(10, 0, 0), vertex_at(11, 0, 0), vertex_at(10, 1, 0)};
  std::vector<std::uint32_t> near{0, 1, 2}, far{3, 4, 5};
  for (int i = 0; i < 200; ++i) {  // small triangles along the far one's base, so cells are small
    const auto base = std::uint32_t(v.size());
    v.push_back(vertex_at(10 + i * 0.005, 0, 0)), v.push_back(vertex_at(10.004 + i * 0.005, 0, 0)),
        v.push_back(vertex_at(10 + i * 0.005, 0.004, 0));
    far.insert(far.end(), {base, base + 1, base + 2});
  }
  EXPECT_NEAR(surface_distance(v, near, far), 10.0, 1e-6);
}

TEST(SurfaceDistance, DegenerateTrianglesAreSegmentsAndPoints) {
  // The unit right triangle against a zero-area triangle on its base edge and one on its corner:
  // the triangle's far corner (0, 1, 0) is 1 from the base; the degenerate ones lie on it.
  const std::vector<Vertex> v{vertex_at(0, 0, 0), vertex_at(1, 0, 0), vertex_at(0, 1, 0)};
  EXPECT_NEAR(surface_distance(v, std::vector<std::uint32_t>{0, 1, 2}, std::vector<std::uint32_t>{0, 0, 1, 0, 0, 0}), 1.0, 1e-9);
}

TEST(SurfaceDistance, EdgeMidpointsAreSampled) {
  // A triangle against tiny triangles at its corners and its centroid: only its edge midpoints are
  // away from them (about 0.7), so a measure without them would say 0.
  std::vector<Vertex> v{vertex_at(0, 0, 0), vertex_at(2, 0, 0), vertex_at(0, 2, 0)};
  std::vector<std::uint32_t> big{0, 1, 2}, tiny;
  for (const P c : {P{0, 0, 0}, P{1.9, 0, 0}, P{0, 1.9, 0}, P{2.0 / 3, 2.0 / 3, 0}}) {
    const auto base = std::uint32_t(v.size());
    v.push_back(vertex_at(c[0], c[1], 0)), v.push_back(vertex_at(c[0] + 0.1, c[1], 0)), v.push_back(vertex_at(c[0], c[1] + 0.1, 0));
    tiny.insert(tiny.end(), {base, base + 1, base + 2});
  }
  const double measured = surface_distance(v, big, tiny);
  EXPECT_GT(measured, 0.6);
  EXPECT_NEAR(measured, std::max(one_way(v, big, tiny), one_way(v, tiny, big)), 1e-9);
}

TEST(SurfaceDistance, TriangleSoupsMatchABruteForceSearch) {
  // Two clouds of 300 small random triangles in a 10-unit cube: nearest triangles lie in every
  // direction, several grid cells away.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> cube(0, 10), jitter(-0.4, 0.4);
  std::vector<Vertex> v;
  std::vector<std::uint32_t> lists[2];
  for (auto& list : lists)
    for (int t = 0; t < 300; ++t) {
      const P c{cube(random), cube(random), cube(random)};
      for (int k = 0; k < 3; ++k) {
        list.push_back(std::uint32_t(v.size()));
        v.push_back(vertex_at(c[0] + jitter(random), c[1] + jitter(random), c[2] + jitter(random)));
      }
    }
  EXPECT_NEAR(surface_distance(v, lists[0], lists[1]), std::max(one_way(v, lists[0], lists[1]), one_way(v, lists[1], lists[0])), 1e-9);
}

TEST(SurfaceDistance, RandomMeshesMatchABruteForceSearch) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int round = 0; round < 4; ++round) {
    // A bumpy height field (225 x 2 triangles) and a random half of its triangles (on the field
    // itself in odd rounds) with two slivers across the whole field.
    // The part lies on a rougher copy of the field (its vertices 4 units up or down at most), so
    // that nearest triangles lie several grid cells away.
    std::vector<Vertex> v;
    const int n = 16;
    for (int copy = 0; copy < 2; ++copy)
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) v.push_back(vertex_at(x, y, (copy == 0 ? 0.7 : 4.0) * unit(random) + round));
    std::vector<std::uint32_t> field, part;
    for (int y = 0; y + 1 < n; ++y)
      for (int x = 0; x + 1 < n; ++x) {
        const auto i = std::uint32_t(y * n + x);
        for (const std::array<std::uint32_t, 3>& t : {std::array<std::uint32_t, 3>{i, i + 1, i + n + 1}, {i, i + n + 1, i + n}}) {
          field.insert(field.end(), t.begin(), t.end());
          if (random() % 2)
            for (const std::uint32_t k : t) part.push_back(round % 2 ? k : k + n * n);
        }
      }
    part.insert(part.end(), {0, std::uint32_t(n * n - 1), std::uint32_t(n - 1), 0, std::uint32_t(n * (n - 1)), std::uint32_t(n * n - 1)});
    EXPECT_NEAR(surface_distance(v, field, part), std::max(one_way(v, field, part), one_way(v, part, field)), 1e-9)
        << "round " << round;
  }
}

}  // namespace
}  // namespace aem::pipeline
