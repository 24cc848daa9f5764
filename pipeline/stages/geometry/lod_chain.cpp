#include "stages/geometry/lod_chain.hpp"

#include "stages/geometry/surface_distance.hpp"

#include <meshoptimizer.h>

#include <algorithm>

namespace aem::pipeline {
namespace {

// The levels of one mesh whose level 0 is `base` (see build_lods). The simplifier sees only the
// mesh's range of vertices (its cost grows with the vertices it is given), so its relative
// errors are converted between that range's extent and the model's `model_scale`.
std::vector<LodLevelContent> mesh_levels(std::span<const Vertex> vertices, std::span<const std::uint32_t> base,
                                         float model_scale, const LodSettings& settings) {
  std::vector<LodLevelContent> levels;
  if (base.empty()) return levels;
  const auto [lo, hi] = std::minmax_element(base.begin(), base.end());
  const std::uint32_t first = *lo;
  const std::span<const Vertex> range = vertices.subspan(first, std::size_t(*hi - first) + 1);
  std::vector<std::uint32_t> local(base.begin(), base.end());
  for (std::uint32_t& i : local) i -= first;
  const float scale = meshopt_simplifyScale(range[0].position, range.size(), sizeof(Vertex));
  if (!(scale > 0)) return levels;  // every vertex at one point: nothing to simplify
  std::size_t previous = local.size();
  float previous_error = 0;
  std::vector<std::uint32_t> simplified(local.size());
  while (levels.size() < settings.max_levels) {
    const std::size_t target = previous / 6 * 3;  // half the triangles, in whole triangles
    float relative_error = 0;
    const std::size_t count = meshopt_simplify(simplified.data(), local.data(), local.size(), range[0].position, range.size(),
                                               sizeof(Vertex), target, settings.max_relative_error * model_scale / scale,
                                               meshopt_SimplifyLockBorder, &relative_error);
    if (count == 0 || double(count) > (1.0 - kLodMinimumSaving) * double(previous)) break;
    const std::span<const std::uint32_t> level(simplified.data(), count);
    // The simplifier's error is an estimate that real levels exceed (up to 2.3 times on the
    // corpus): the stated error is the larger of it and the measured distance.
    const double measured = surface_distance(range, local, level);
    previous_error = std::max({previous_error, relative_error * scale, float(measured)});
    std::vector<std::uint32_t> indices(level.begin(), level.end());
    for (std::uint32_t& i : indices) i += first;
    levels.push_back({std::move(indices), previous_error});
    previous = count;
  }
  return levels;
}

}  // namespace

LodsContent build_lods(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices,
                       std::span<const aem::Mesh> meshes, const LodSettings& settings) {
  LodsContent lods;
  if (settings.max_levels == 0 || vertices.empty()) return lods;
  // --lod-error is relative to the whole model's extent.
  const float scale = meshopt_simplifyScale(vertices[0].position, vertices.size(), sizeof(Vertex));
  for (const aem::Mesh& mesh : meshes)
    lods.meshes.push_back(mesh_levels(vertices, indices.subspan(mesh.first_index, mesh.index_count), scale, settings));
  if (lods.empty()) lods.meshes.clear();
  return lods;
}

}  // namespace aem::pipeline
