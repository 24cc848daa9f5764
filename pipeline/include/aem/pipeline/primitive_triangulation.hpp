#pragma once
// glTF primitive modes to triangle lists.
#include <cstdint>
#include <optional>
#include <vector>

namespace aem::pipeline {

// glTF mode numbers.
enum class PrimitiveMode { points = 0, lines = 1, line_loop = 2, line_strip = 3, triangles = 4,
                           triangle_strip = 5, triangle_fan = 6 };

// Triangle list for `indices` drawn with `mode` (4, 5 or 6); triangles that repeat a vertex
// (strip restarts, degenerate input) are dropped. Strips alternate winding as glTF says
// (triangle i is {i, i+1+i%2, i+2-i%2}); fans are {i+1, i+2, 0}. Returns nullopt for the
// point and line modes, which have no triangles.
std::optional<std::vector<std::uint32_t>> triangulate(const std::vector<std::uint32_t>& indices,
                                                      int mode);

}  // namespace aem::pipeline
