// surface_distance: the measured error of a level of detail. Exact cases worked out by hand, and
// random meshes against the tests' brute-force search (surface_samples.hpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "stages/geometry/surface_distance.hpp"
#include "surface_samples.hpp"

namespace aem::pipeline {
namespace {

using P = std::array<double, 3>;

Vertex vertex_at(double x, double y, double z) {
  Vertex v{};
  v.position[0] = float(x), v.position[1] = float(y), v.position[2] = float(z);
  return v;
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

TEST(SurfaceDistance, FarApartTrianglesAreFoundAcrossEmptySpace) {
  // Two unit right triangles in z = 0, one at x in [0, 1], one at x in [10, 11]: 10 apart
  // (corner (0, 0) to (10, 0)), with many tiny triangles beside the far one (deep boxes there).
  std::vector<Vertex> v{vertex_at(0, 0, 0), vertex_at(1, 0, 0), vertex_at(0, 1, 0),
                        vertex_at(10, 0, 0), vertex_at(11, 0, 0), vertex_at(10, 1, 0)};
  std::vector<std::uint32_t> near{0, 1, 2}, far{3, 4, 5};
  for (int i = 0; i < 200; ++i) {  // small triangles along the far one's base
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
  EXPECT_NEAR(measured, test::brute_surface_distance(v, big, tiny), 1e-9);
}

TEST(SurfaceDistance, TriangleSoupsMatchABruteForceSearch) {
  // Clouds of small random triangles in a 10-unit cube, of several sizes and densities: nearest
  // triangles lie in every direction, from near to far.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> cube(0, 10);
  for (const int count : {40, 300, 1200})
    for (const double size : {0.05, 0.4}) {
      std::uniform_real_distribution<double> jitter(-size, size);
      std::vector<Vertex> v;
      std::vector<std::uint32_t> lists[2];
      for (auto& list : lists)
        for (int t = 0; t < (&list == &lists[0] ? count : count / 4 + 1); ++t) {
          const double c[3] = {cube(random), cube(random), cube(random)};
          for (int k = 0; k < 3; ++k) {
            list.push_back(std::uint32_t(v.size()));
            v.push_back(vertex_at(c[0] + jitter(random), c[1] + jitter(random), c[2] + jitter(random)));
          }
        }
      EXPECT_NEAR(surface_distance(v, lists[0], lists[1]), test::brute_surface_distance(v, lists[0], lists[1]), 1e-9)
          << count << " triangles of size " << size;
    }
}

TEST(SurfaceDistance, RandomMeshesMatchABruteForceSearch) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int round = 0; round < 4; ++round) {
    // A bumpy height field (225 x 2 triangles) and a random half of its triangles (on the field
    // itself in odd rounds) with two slivers across the whole field.
    // The part lies on a rougher copy of the field (its vertices 4 units up or down at most), so
    // that nearest triangles lie far away.
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
    EXPECT_NEAR(surface_distance(v, field, part), test::brute_surface_distance(v, field, part), 1e-9)
        << "round " << round;
  }
}

}  // namespace
}  // namespace aem::pipeline
