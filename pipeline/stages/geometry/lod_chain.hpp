#pragma once
// Levels of detail for the `lods` extension (specs/aem-extensions.md section 4 and section 8,
// "lods"): per mesh, a chain of simplified triangle lists over the final vertex section, made
// with meshoptimizer's simplifier. A level drops triangles and never moves or adds a vertex.
#include <cstdint>
#include <span>
#include <vector>

#include "aem/format.hpp"
#include "aem/pipeline/extension_content.hpp"

namespace aem::pipeline {

// `aem bake --lods N --lod-error E`: N levels at most per mesh (0: none), E the largest error any
// level may have, relative to the extent of the model's vertices (meshoptimizer's target_error).
struct LodSettings {
  std::uint32_t max_levels = 0;
  float max_relative_error = 0.05f;
};
// A level that keeps more than this share of the previous level's triangles ends the chain.
inline constexpr double kLodMinimumSaving = 0.10;

// The levels of every mesh of `meshes` (ranges of `indices` over `vertices`). Level k simplifies
// level 0 towards half of level k-1's triangles with meshopt_SimplifyLockBorder, so its error is
// measured against level 0 directly; the stored error is the larger of the simplifier's estimate
// (in the model's units) and surface_distance(level 0, level k), raised to the previous level's
// when lower (errors never fall). The chain stops at max_levels, at a level that saves less than kLodMinimumSaving, or at
// one with no triangles. Empty when max_levels is 0 or no mesh has a level.
LodsContent build_lods(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices,
                       std::span<const aem::Mesh> meshes, const LodSettings& settings);

}  // namespace aem::pipeline
