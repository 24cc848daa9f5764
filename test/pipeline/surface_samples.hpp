#pragma once
// The tests' own measure of how far two triangle lists over one vertex array are apart, by brute
// force: the sample points surface_distance's contract names (each corner, edge midpoint and
// centroid of one list) against every triangle of the other, with a point-triangle distance
// found by the Voronoi region the point falls in (not the pipeline's projection-and-edges one).
// Compiled optimised on its own (surface_samples.cpp): the suites around it are built for a short
// compile, and this search is quadratic.
#include <array>
#include <cstdint>
#include <span>

#include "aem/format.hpp"

namespace aem::test {

using SampleVec = std::array<double, 3>;

// The squared distance from p to triangle abc (closest point by regions: a corner, an edge or the
// face; Ericson, "Real-Time Collision Detection", 5.1.5). Degenerate triangles are not handled.
double region_distance2(const SampleVec& p, const SampleVec& a, const SampleVec& b, const SampleVec& c);

// The largest distance from the samples of `from` to the triangles of `to` (a bounding-box cut
// skips triangles that cannot be nearer).
double brute_one_way(std::span<const Vertex> vertices, std::span<const std::uint32_t> from, std::span<const std::uint32_t> to);

// Both ways: the symmetric distance on the samples.
double brute_surface_distance(std::span<const Vertex> vertices, std::span<const std::uint32_t> a,
                              std::span<const std::uint32_t> b);

}  // namespace aem::test
