#pragma once
// glTF primitive modes to triangle lists.
#include <cstdint>
#include <optional>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Triangle list for `indices` drawn with `mode` (triangles, strip or fan); triangles that repeat a vertex
// (strip restarts, degenerate input) are dropped. Strips alternate winding as glTF says
// (triangle i is {i, i+1+i%2, i+2-i%2}); fans are {i+1, i+2, 0}. Returns nullopt for the
// point and line modes, which have no triangles.
std::optional<std::vector<std::uint32_t>> triangulate(const std::vector<std::uint32_t>& indices,
                                                      PrimitiveMode mode);

}  // namespace aem::pipeline
