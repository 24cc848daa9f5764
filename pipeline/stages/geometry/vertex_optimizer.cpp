#include "stages/geometry/vertex_optimizer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>
#include <tuple>
#include <utility>
#include <vector>

#include <meshoptimizer.h>

#include "io/cancellable_call.hpp"
#include "math/unsign_zeros.hpp"

namespace aem::pipeline {
namespace {

// meshopt_optimizeVertexCache rescores every live triangle around each vertex it has in cache
// after every step, so a vertex shared by V triangles costs about V^2: an 80,000-triangle fan
// takes seconds, and a hostile file hours. Ranges with a vertex of higher valence are ordered
// with the linear Tipsify variant instead (real meshes stay far below: a sphere's pole has one
// triangle per segment).
constexpr std::size_t kMaxValenceForCacheOptimizer = 1024;
constexpr unsigned kTipsifyCacheSize = 16;

// Below this many indices a meshoptimizer pass takes a few milliseconds: run on the caller's
// thread, checked after. Above, on a thread the cancel flag does not wait for (run_cancellable).
constexpr std::size_t kIndicesWorthAThread = std::size_t(1) << 18;

// The flag run_cancellable waits on for a pass over `indices` indices: none (the caller's
// thread) for a small one.
const std::atomic<bool>* flag_for(std::size_t indices, const std::atomic<bool>* cancel) {
  return indices < kIndicesWorthAThread ? nullptr : cancel;
}

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

// The optimisers' results depend on the order they are given, so the bake gives them one that
// depends only on the geometry: distinct vertices sorted by their bytes, and each range's
// triangles sorted by those ranks (corners keep their rotation, so winding is kept). The source's
// own order then no longer matters, and a re-bake of the bake's output (the same vertices and
// triangles in another order) orders them exactly as the first bake did.
void canonical_vertex_order(std::vector<Vertex>& vertices, std::vector<std::uint32_t>& indices) {
  std::vector<std::uint32_t> by_bytes(vertices.size());
  std::iota(by_bytes.begin(), by_bytes.end(), 0u);
  std::sort(by_bytes.begin(), by_bytes.end(), [&vertices](std::uint32_t a, std::uint32_t b) {
    return std::memcmp(&vertices[a], &vertices[b], sizeof(Vertex)) < 0;
  });
  std::vector<std::uint32_t> rank(vertices.size());
  std::vector<Vertex> sorted(vertices.size());
  for (std::size_t r = 0; r < by_bytes.size(); ++r) {
    rank[by_bytes[r]] = std::uint32_t(r);
    sorted[r] = vertices[by_bytes[r]];
  }
  for (std::uint32_t& i : indices) i = rank[i];
  vertices = std::move(sorted);
}

void sort_triangles(std::vector<std::uint32_t>& indices) {
  std::vector<std::array<std::uint32_t, 3>> triangles(indices.size() / 3);
  std::memcpy(triangles.data(), indices.data(), triangles.size() * sizeof(triangles[0]));
  std::sort(triangles.begin(), triangles.end());
  std::memcpy(indices.data(), triangles.data(), triangles.size() * sizeof(triangles[0]));
}

std::size_t max_valence(const std::vector<std::uint32_t>& indices, std::vector<std::uint32_t>& uses) {
  std::size_t most = 0;
  for (std::uint32_t i : indices) most = std::max<std::size_t>(most, ++uses[i]);
  for (std::uint32_t i : indices) uses[i] = 0;  // ready for the next range, in time linear in it
  return most;
}

}  // namespace

OptimizedGeometry optimize_geometry(std::vector<Vertex> source, const std::vector<MaterialRange>& ranges,
                                    const std::atomic<bool>* cancel) {
  OptimizedGeometry out;
  std::vector<std::uint32_t> all;
  std::vector<std::size_t> range_start;
  for (const MaterialRange& range : ranges) {
    range_start.push_back(all.size());
    all.insert(all.end(), range.indices.begin(), range.indices.end());
  }
  range_start.push_back(all.size());
  if (all.empty()) return out;
  for (Vertex& v : source) math::unsign_zeros(v);
  out.acmr_before = acmr(all, source.size());
  throw_if_cancelled(cancel);
  // Merge identical vertices (byte-wise; the builder zero-fills every Vertex, so padding-free).
  const auto merge = [](std::vector<std::uint32_t> indices, const std::vector<Vertex>& given) {
    std::vector<unsigned int> remap(given.size());
    std::vector<Vertex> distinct(meshopt_generateVertexRemap(remap.data(), indices.data(), indices.size(),
                                                             given.data(), given.size(), sizeof(Vertex)));
    meshopt_remapVertexBuffer(distinct.data(), given.data(), given.size(), sizeof(Vertex), remap.data());
    meshopt_remapIndexBuffer(indices.data(), indices.data(), indices.size(), remap.data());
    canonical_vertex_order(distinct, indices);
    return std::pair{std::move(indices), std::move(distinct)};
  };
  const std::atomic<bool>* merge_flag = flag_for(all.size(), cancel);
  auto [merged, vertices] =
      run_cancellable(merge_flag, [merge, indices = std::move(all), given = std::move(source)]() mutable {
        return merge(std::move(indices), given);
      });
  const std::size_t unique = vertices.size();
  throw_if_cancelled(cancel);

  std::vector<std::uint32_t> indices, uses(unique, 0);
  indices.reserve(merged.size());
  for (std::size_t r = 0; r < ranges.size(); ++r) {
    std::vector<std::uint32_t> range =
        without_degenerate_triangles(merged.data() + range_start[r], range_start[r + 1] - range_start[r]);
    out.degenerate_triangles += (range_start[r + 1] - range_start[r] - range.size()) / 3;
    if (range.empty()) continue;  // nothing visible is left of it
    const bool tipsify = max_valence(range, uses) > kMaxValenceForCacheOptimizer;
    const auto order = [unique, tipsify](std::vector<std::uint32_t> triangles) {
      sort_triangles(triangles);
      if (tipsify)
        meshopt_optimizeVertexCacheFifo(triangles.data(), triangles.data(), triangles.size(), unique, kTipsifyCacheSize);
      else
        meshopt_optimizeVertexCache(triangles.data(), triangles.data(), triangles.size(), unique);
      return triangles;
    };
    const std::atomic<bool>* order_flag = flag_for(range.size(), cancel);
    range = run_cancellable(order_flag,
                            [order, triangles = std::move(range)]() mutable { return order(std::move(triangles)); });
    out.meshes.push_back(aem::Mesh{std::uint32_t(indices.size()), std::uint32_t(range.size()), std::uint32_t(r)});
    indices.insert(indices.end(), range.begin(), range.end());
    throw_if_cancelled(cancel);
  }
  if (indices.empty()) {
    out.meshes.clear();
    return out;
  }
  // The fetch order, on its own thread for a large mesh: the thread owns its buffers.
  const auto fetch_order = [](std::vector<std::uint32_t> order_indices, std::vector<Vertex> distinct) {
    std::vector<Vertex> ordered(distinct.size());
    ordered.resize(meshopt_optimizeVertexFetch(ordered.data(), order_indices.data(), order_indices.size(),
                                               distinct.data(), distinct.size(), sizeof(Vertex)));
    return std::pair{std::move(order_indices), std::move(ordered)};
  };
  const std::atomic<bool>* fetch_flag = flag_for(indices.size(), cancel);
  std::tie(out.indices, out.vertices) =
      run_cancellable(fetch_flag, [fetch_order, i = std::move(indices), v = std::move(vertices)]() mutable {
        return fetch_order(std::move(i), std::move(v));
      });
  out.acmr_after = acmr(out.indices, out.vertices.size());
  return out;
}

OptimizedGeometry keep_geometry(std::vector<Vertex> vertices, const std::vector<MaterialRange>& ranges) {
  OptimizedGeometry out;
  for (Vertex& v : vertices) math::unsign_zeros(v);
  for (std::size_t r = 0; r < ranges.size(); ++r) {
    if (ranges[r].indices.empty()) continue;
    out.meshes.push_back(
        aem::Mesh{std::uint32_t(out.indices.size()), std::uint32_t(ranges[r].indices.size()), std::uint32_t(r)});
    out.indices.insert(out.indices.end(), ranges[r].indices.begin(), ranges[r].indices.end());
  }
  out.acmr_before = out.acmr_after = acmr(out.indices, vertices.size());
  out.vertices = std::move(vertices);
  return out;
}

}  // namespace aem::pipeline
