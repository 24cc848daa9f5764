#include "stages/geometry/vertex_optimizer.hpp"

#include <algorithm>

#include <meshoptimizer.h>

namespace aem::pipeline {
namespace {

// meshopt_optimizeVertexCache rescores every live triangle around each vertex it has in cache
// after every step, so a vertex shared by V triangles costs about V^2: an 80,000-triangle fan
// takes seconds, and a hostile file hours. Ranges with a vertex of higher valence are ordered
// with the linear Tipsify variant instead (real meshes stay far below: a sphere's pole has one
// triangle per segment).
constexpr std::size_t kMaxValenceForCacheOptimizer = 1024;
constexpr unsigned kTipsifyCacheSize = 16;

double acmr(const std::vector<std::uint32_t>& indices, std::size_t vertex_count) {
  if (indices.empty()) return 0;
  return double(meshopt_analyzeVertexCache(indices.data(), indices.size(), vertex_count, 16, 0, 0).acmr);
}

// Keeps the triangles of `indices` whose three vertices are distinct: the others cover no area
// whatever the vertices hold, so dropping them loses nothing and keeps them from the optimiser.
std::vector<std::uint32_t> without_degenerate_triangles(const std::uint32_t* indices, std::size_t count) {
  std::vector<std::uint32_t> kept;
  kept.reserve(count);
  for (std::size_t t = 0; t + 2 < count; t += 3) {
    const std::uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (a == b || b == c || a == c) continue;
    kept.insert(kept.end(), {a, b, c});
  }
  return kept;
}

std::size_t max_valence(const std::vector<std::uint32_t>& indices, std::vector<std::uint32_t>& uses) {
  std::size_t most = 0;
  for (std::uint32_t i : indices) most = std::max<std::size_t>(most, ++uses[i]);
  for (std::uint32_t i : indices) uses[i] = 0;  // ready for the next range, in time linear in it
  return most;
}

}  // namespace

OptimizedGeometry optimize_geometry(const GeometryBuild& geometry, const std::atomic<bool>* cancel) {
  OptimizedGeometry out;
  std::vector<std::uint32_t> all;
  std::vector<std::size_t> range_start;
  for (const MaterialRange& range : geometry.ranges) {
    range_start.push_back(all.size());
    all.insert(all.end(), range.indices.begin(), range.indices.end());
  }
  range_start.push_back(all.size());
  if (all.empty()) return out;
  out.acmr_before = acmr(all, geometry.vertices.size());
  throw_if_cancelled(cancel);
  // Merge identical vertices (byte-wise; the builder zero-fills every Vertex, so padding-free).
  std::vector<unsigned int> remap(geometry.vertices.size());
  const std::size_t unique = meshopt_generateVertexRemap(remap.data(), all.data(), all.size(),
                                                         geometry.vertices.data(),
                                                         geometry.vertices.size(), sizeof(Vertex));
  std::vector<Vertex> vertices(unique);
  meshopt_remapVertexBuffer(vertices.data(), geometry.vertices.data(), geometry.vertices.size(),
                            sizeof(Vertex), remap.data());
  std::vector<std::uint32_t> merged(all.size());
  meshopt_remapIndexBuffer(merged.data(), all.data(), all.size(), remap.data());
  throw_if_cancelled(cancel);

  std::vector<std::uint32_t> indices, uses(unique, 0);
  indices.reserve(merged.size());
  for (std::size_t r = 0; r < geometry.ranges.size(); ++r) {
    std::vector<std::uint32_t> range =
        without_degenerate_triangles(merged.data() + range_start[r], range_start[r + 1] - range_start[r]);
    if (range.empty()) continue;  // nothing visible is left of it
    if (max_valence(range, uses) > kMaxValenceForCacheOptimizer)
      meshopt_optimizeVertexCacheFifo(range.data(), range.data(), range.size(), unique, kTipsifyCacheSize);
    else
      meshopt_optimizeVertexCache(range.data(), range.data(), range.size(), unique);
    out.meshes.push_back(aem::Mesh{std::uint32_t(indices.size()), std::uint32_t(range.size()), std::uint32_t(r)});
    indices.insert(indices.end(), range.begin(), range.end());
    throw_if_cancelled(cancel);
  }
  if (indices.empty()) {
    out.meshes.clear();
    return out;
  }
  out.vertices.resize(unique);
  const std::size_t used = meshopt_optimizeVertexFetch(out.vertices.data(), indices.data(), indices.size(),
                                                       vertices.data(), unique, sizeof(Vertex));
  out.vertices.resize(used);
  out.indices = std::move(indices);
  out.acmr_after = acmr(out.indices, out.vertices.size());
  return out;
}

}  // namespace aem::pipeline
