#include "stages/geometry/lod_chain.hpp"

#include <meshoptimizer.h>

#include <algorithm>

namespace aem::pipeline {
namespace {

// The levels of one mesh whose level 0 is `base` (see build_lods).
std::vector<LodLevelContent> mesh_levels(std::span<const Vertex> vertices, std::span<const std::uint32_t> base,
                                         float scale, const LodSettings& settings) {
  std::vector<LodLevelContent> levels;
  std::size_t previous = base.size();
  float previous_error = 0;
  std::vector<std::uint32_t> simplified(base.size());
  while (levels.size() < settings.max_levels) {
    const std::size_t target = previous / 6 * 3;  // half the triangles, in whole triangles
    float relative_error = 0;
    const std::size_t count = meshopt_simplify(simplified.data(), base.data(), base.size(), vertices[0].position,
                                               vertices.size(), sizeof(Vertex), target, settings.max_relative_error,
                                               meshopt_SimplifyLockBorder, &relative_error);
    if (count == 0 || double(count) > (1.0 - kLodMinimumSaving) * double(previous)) break;
    previous_error = std::max(previous_error, relative_error * scale);
    levels.push_back({std::vector<std::uint32_t>(simplified.begin(), simplified.begin() + std::ptrdiff_t(count)),
                      previous_error});
    previous = count;
  }
  return levels;
}

}  // namespace

LodsContent build_lods(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices,
                       std::span<const aem::Mesh> meshes, const LodSettings& settings) {
  LodsContent lods;
  if (settings.max_levels == 0 || vertices.empty()) return lods;
  // The simplifier's errors are relative to the extent of the vertices it is given: all of them.
  const float scale = meshopt_simplifyScale(vertices[0].position, vertices.size(), sizeof(Vertex));
  for (const aem::Mesh& mesh : meshes)
    lods.meshes.push_back(mesh_levels(vertices, indices.subspan(mesh.first_index, mesh.index_count), scale, settings));
  if (lods.empty()) lods.meshes.clear();
  return lods;
}

}  // namespace aem::pipeline
