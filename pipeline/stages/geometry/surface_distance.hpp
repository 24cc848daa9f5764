#pragma once
// How far a simplified triangle list strays from the surface it simplifies, measured rather than
// estimated: the `lods` extension states this distance as each level's error (specs/aem-extensions.md
// section 8, "lods"), because the simplifier's own error is an estimate from quadrics that real
// levels exceed (up to 2.3 times on the corpus).
#include <cstdint>
#include <span>

#include "aem/format.hpp"

namespace aem::pipeline {

// The largest distance, in the vertices' units, between the surfaces of the triangle lists
// `reference` and `simplified` (both indices into `vertices`, every index in range, counts
// multiples of 3), measured both ways on sample points: each corner, edge midpoint and centroid
// of one list against the nearest point of the other's triangles (exact point-triangle
// distances, found through a bounding volume hierarchy, triangle_tree.hpp). A symmetric Hausdorff distance taken on those
// samples: it can miss a larger gap strictly inside a triangle, never overstate one. 0 when either
// list is empty.
double surface_distance(std::span<const Vertex> vertices, std::span<const std::uint32_t> reference,
                        std::span<const std::uint32_t> simplified);

}  // namespace aem::pipeline
