// The tests' brute-force surface distance (surface_samples.hpp).
#include "surface_samples.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace aem::test {
namespace {

SampleVec sample_sub(const SampleVec& a, const SampleVec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double sample_dot(const SampleVec& a, const SampleVec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

}  // namespace

double region_distance2(const SampleVec& p, const SampleVec& a, const SampleVec& b, const SampleVec& c) {
  const auto along = [](const SampleVec& o, const SampleVec& d, double t) {
    return SampleVec{o[0] + d[0] * t, o[1] + d[1] * t, o[2] + d[2] * t};
  };
  const auto to = [&](const SampleVec& q) { const SampleVec v = sample_sub(p, q); return sample_dot(v, v); };
  const SampleVec ab = sample_sub(b, a), ac = sample_sub(c, a), ap = sample_sub(p, a);
  const double d1 = sample_dot(ab, ap), d2 = sample_dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return to(a);
  const SampleVec bp = sample_sub(p, b);
  const double d3 = sample_dot(ab, bp), d4 = sample_dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return to(b);
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return to(along(a, ab, d1 / (d1 - d3)));
  const SampleVec cp = sample_sub(p, c);
  const double d5 = sample_dot(ab, cp), d6 = sample_dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return to(c);
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return to(along(a, ac, d2 / (d2 - d6)));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return to(along(b, sample_sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6))));
  const double denom = 1 / (va + vb + vc);
  return to(along(along(a, ab, vb * denom), ac, vc * denom));
}

double brute_one_way(std::span<const Vertex> vertices, std::span<const std::uint32_t> from, std::span<const std::uint32_t> to) {
  const auto at = [&](std::uint32_t i) {
    return SampleVec{vertices[i].position[0], vertices[i].position[1], vertices[i].position[2]};
  };
  std::vector<std::array<SampleVec, 3>> triangles;
  std::vector<std::array<SampleVec, 2>> boxes;
  for (std::size_t t = 0; t + 2 < to.size(); t += 3) {
    const std::array<SampleVec, 3> tri{at(to[t]), at(to[t + 1]), at(to[t + 2])};
    std::array<SampleVec, 2> box{tri[0], tri[0]};
    for (const SampleVec& v : tri)
      for (int i = 0; i < 3; ++i) box[0][i] = std::min(box[0][i], v[i]), box[1][i] = std::max(box[1][i], v[i]);
    triangles.push_back(tri);
    boxes.push_back(box);
  }
  double worst2 = 0;
  for (std::size_t t = 0; t + 2 < from.size(); t += 3) {
    const SampleVec a = at(from[t]), b = at(from[t + 1]), c = at(from[t + 2]);
    const auto mid = [](const SampleVec& u, const SampleVec& v) { return SampleVec{(u[0] + v[0]) / 2, (u[1] + v[1]) / 2, (u[2] + v[2]) / 2}; };
    for (const SampleVec& p : {a, b, c, mid(a, b), mid(b, c), mid(c, a),
                               SampleVec{(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3}}) {
      double best2 = INFINITY;
      for (std::size_t u = 0; u < triangles.size() && best2 > worst2; ++u) {
        double box2 = 0;
        for (int i = 0; i < 3; ++i) {
          const double d = std::max({boxes[u][0][i] - p[i], 0.0, p[i] - boxes[u][1][i]});
          box2 += d * d;
        }
        if (box2 < best2) best2 = std::min(best2, region_distance2(p, triangles[u][0], triangles[u][1], triangles[u][2]));
      }
      worst2 = std::max(worst2, best2);
    }
  }
  return std::sqrt(worst2);
}

double brute_surface_distance(std::span<const Vertex> vertices, std::span<const std::uint32_t> a,
                                     std::span<const std::uint32_t> b) {
  return std::max(brute_one_way(vertices, a, b), brute_one_way(vertices, b, a));
}

}  // namespace aem::test
