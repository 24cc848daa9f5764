#include "aem/pipeline/vertex_optimizer.hpp"

#include <meshoptimizer.h>

namespace aem::pipeline {
namespace {

double acmr(const std::vector<std::uint32_t>& indices, std::size_t vertex_count) {
  if (indices.empty()) return 0;
  return double(meshopt_analyzeVertexCache(indices.data(), indices.size(), vertex_count, 16, 0, 0).acmr);
}

}  // namespace

OptimizedGeometry optimize_geometry(const GeometryBuild& geometry) {
  OptimizedGeometry out;
  std::vector<std::uint32_t> all;
  for (std::size_t r = 0; r < geometry.ranges.size(); ++r) {
    const auto& idx = geometry.ranges[r].indices;
    out.meshes.push_back(Mesh{std::uint32_t(all.size()), std::uint32_t(idx.size()), std::uint32_t(r)});
    all.insert(all.end(), idx.begin(), idx.end());
  }
  if (all.empty()) return out;
  out.acmr_before = acmr(all, geometry.vertices.size());
  // Merge identical vertices (byte-wise; the builder zero-fills every Vertex, so padding-free).
  std::vector<unsigned int> remap(geometry.vertices.size());
  const std::size_t unique = meshopt_generateVertexRemap(remap.data(), all.data(), all.size(),
                                                         geometry.vertices.data(),
                                                         geometry.vertices.size(), sizeof(Vertex));
  std::vector<Vertex> vertices(unique);
  meshopt_remapVertexBuffer(vertices.data(), geometry.vertices.data(), geometry.vertices.size(),
                            sizeof(Vertex), remap.data());
  std::vector<std::uint32_t> indices(all.size());
  meshopt_remapIndexBuffer(indices.data(), all.data(), all.size(), remap.data());
  for (const Mesh& mesh : out.meshes)
    meshopt_optimizeVertexCache(indices.data() + mesh.first_index, indices.data() + mesh.first_index,
                                mesh.index_count, unique);
  out.vertices.resize(unique);
  const std::size_t used = meshopt_optimizeVertexFetch(out.vertices.data(), indices.data(), indices.size(),
                                                       vertices.data(), unique, sizeof(Vertex));
  out.vertices.resize(used);
  out.indices = std::move(indices);
  out.acmr_after = acmr(out.indices, out.vertices.size());
  return out;
}

}  // namespace aem::pipeline
