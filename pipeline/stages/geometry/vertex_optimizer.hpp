#pragma once
// Unsigns zeros (-0 becomes +0), merges bit-identical vertices, drops triangles that then use a
// vertex twice (they cover no area), and orders triangles and vertices for the GPU with
// meshoptimizer: vertex-cache order per material range (ranges stay whole), then vertex-fetch
// order over the whole index buffer. The result depends only on the vertices and triangles, not
// on the order they come in, so optimising its own output changes nothing. Deterministic; the
// sorts are O(n log n), the passes linear in the triangle count however triangles share vertices.
#include <atomic>
#include <cstdint>
#include <vector>

#include "aem/format.hpp"
#include "stages/geometry/geometry_builder.hpp"

namespace aem::pipeline {

struct OptimizedGeometry {
  std::vector<Vertex> vertices;
  std::vector<VertexStream> streams;  // the vertex streams, in the vertices' new order
  std::vector<std::uint32_t> indices;
  std::vector<aem::Mesh> meshes;  // material field = index into GeometryBuild::ranges; a range with
                             // no triangle left has no mesh
  double acmr_before = 0;    // average cache miss ratio (16-entry FIFO), before and after
  double acmr_after = 0;
  // Triangles dropped because merging identical vertices left two or three of their corners on
  // one vertex (they cover no area). Those whose source indices already repeat a vertex were
  // dropped before (triangulate) and are not counted here.
  std::uint64_t degenerate_triangles = 0;
};

// The vertices of `geometry`, moved in (a large mesh's passes run on a thread that owns them),
// merged and ordered for the vertex cache and fetch, range by range. Throws BakeCancelled once
// `cancel` is set: looked at between meshoptimizer's passes, and while waiting on the large ones.
// The vertex streams (GeometryBuild::streams) are merged and ordered with their vertices.
OptimizedGeometry optimize_geometry(std::vector<Vertex> vertices, const std::vector<MaterialRange>& ranges,
                                    const std::atomic<bool>* cancel = nullptr, std::vector<VertexStream> streams = {});

// The vertices and triangles as given (Scene::keep_geometry_order): zeros unsigned, one mesh per
// range that has triangles, in range order; nothing merged, dropped or reordered.
OptimizedGeometry keep_geometry(std::vector<Vertex> vertices, const std::vector<MaterialRange>& ranges,
                                std::vector<VertexStream> streams = {});

}  // namespace aem::pipeline
