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
// depends only on the geometry: the distinct vertices the triangles use, sorted by their bytes
// (the Vertex, then each stream's value), and the triangles on those ranks. The source's own
// order then no longer matters, and a re-bake of the bake's output (the same vertices and
// triangles in another order) orders them exactly as the first bake did. Vertices no triangle uses
// are dropped; equal ones become one.
struct MergedVertices {
  std::vector<std::uint32_t> indices;   // onto `order`'s ranks
  std::vector<std::uint32_t> order;     // order[r]: a source vertex of rank r
};
MergedVertices merge_vertices(std::vector<std::uint32_t> indices, const std::vector<Vertex>& vertices,
                              const std::vector<VertexStream>& streams) {
  const auto compare = [&](std::uint32_t a, std::uint32_t b) {
    if (const int c = std::memcmp(&vertices[a], &vertices[b], sizeof(Vertex)); c != 0) return c;
    for (const VertexStream& s : streams)
      if (const int c = std::memcmp(s.value(a).data(), s.value(b).data(), s.stride); c != 0) return c;
    return 0;
  };
  std::vector<char> used(vertices.size(), 0);
  for (std::uint32_t i : indices) used[i] = 1;
  std::vector<std::uint32_t> by_bytes;
  for (std::uint32_t v = 0; v < vertices.size(); ++v)
    if (used[v]) by_bytes.push_back(v);
  std::sort(by_bytes.begin(), by_bytes.end(), [&](std::uint32_t a, std::uint32_t b) { return compare(a, b) < 0; });
  MergedVertices out;
  std::vector<std::uint32_t> rank(vertices.size());
  for (std::size_t k = 0; k < by_bytes.size(); ++k) {
    if (k == 0 || compare(by_bytes[k - 1], by_bytes[k]) != 0) out.order.push_back(by_bytes[k]);
    rank[by_bytes[k]] = std::uint32_t(out.order.size() - 1);
  }
  for (std::uint32_t& i : indices) i = rank[i];
  out.indices = std::move(indices);
  return out;
}

template <class T>
std::vector<T> gathered(const std::vector<T>& values, std::span<const std::uint32_t> order) {
  std::vector<T> out(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) out[k] = values[order[k]];
  return out;
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
                                    const std::atomic<bool>* cancel, std::vector<VertexStream> streams) {
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
  unsign_stream_zeros(streams);
  out.acmr_before = acmr(all, source.size());
  throw_if_cancelled(cancel);
  // Merge identical vertices (byte-wise; the builder zero-fills every Vertex, so padding-free),
  // on a thread that owns them for a large mesh.
  const auto merge = [](std::vector<std::uint32_t> indices, std::vector<Vertex> given, std::vector<VertexStream> extra) {
    MergedVertices merged = merge_vertices(std::move(indices), given, extra);
    gather_streams(extra, merged.order);
    return std::tuple{std::move(merged.indices), gathered(given, merged.order), std::move(extra)};
  };
  const std::atomic<bool>* merge_flag = flag_for(all.size(), cancel);
  auto [merged, vertices, merged_streams] = run_cancellable(
      merge_flag, [merge, indices = std::move(all), given = std::move(source), extra = std::move(streams)]() mutable {
        return merge(std::move(indices), std::move(given), std::move(extra));
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
  // The fetch order (first use in the index buffer), on its own thread for a large mesh: the
  // thread owns its buffers.
  const auto fetch_order = [](std::vector<std::uint32_t> order_indices, std::vector<Vertex> distinct,
                              std::vector<VertexStream> extra) {
    std::vector<unsigned int> remap(distinct.size());
    const std::size_t used =
        meshopt_optimizeVertexFetchRemap(remap.data(), order_indices.data(), order_indices.size(), distinct.size());
    meshopt_remapIndexBuffer(order_indices.data(), order_indices.data(), order_indices.size(), remap.data());
    std::vector<std::uint32_t> order(used);
    for (std::size_t v = 0; v < remap.size(); ++v)
      if (remap[v] != ~0u) order[remap[v]] = std::uint32_t(v);
    gather_streams(extra, order);
    return std::tuple{std::move(order_indices), gathered(distinct, order), std::move(extra)};
  };
  const std::atomic<bool>* fetch_flag = flag_for(indices.size(), cancel);
  std::tie(out.indices, out.vertices, out.streams) = run_cancellable(
      fetch_flag, [fetch_order, i = std::move(indices), v = std::move(vertices), s = std::move(merged_streams)]() mutable {
        return fetch_order(std::move(i), std::move(v), std::move(s));
      });
  out.acmr_after = acmr(out.indices, out.vertices.size());
  return out;
}

OptimizedGeometry keep_geometry(std::vector<Vertex> vertices, const std::vector<MaterialRange>& ranges,
                                std::vector<VertexStream> streams) {
  OptimizedGeometry out;
  for (Vertex& v : vertices) math::unsign_zeros(v);
  unsign_stream_zeros(streams);
  out.streams = std::move(streams);
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
