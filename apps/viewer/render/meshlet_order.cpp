#include "render/meshlet_order.hpp"

namespace aem::viewer {

MeshletOrder meshlet_order(const Model& model, const MeshletsView& meshlets) {
  MeshletOrder order;
  order.levels.resize(model.meshes().size());
  const auto vertex_count = std::uint32_t(model.vertices().size());
  for (std::size_t mesh = 0; mesh < order.levels.size() && mesh < meshlets.meshes.size(); ++mesh) {
    for (std::size_t level = 0; level < meshlets.meshes[mesh].group_count; ++level) {
      MeshletOrder::Range range{std::uint32_t(order.meshlet_of_triangle.size()), 0};
      for (const Meshlet& m : meshlets.meshlets_of(mesh, level)) {
        const std::span<const std::uint32_t> vertices = meshlets.vertices_of(m);
        const auto index = std::uint32_t(&m - meshlets.meshlets.data());
        for (const std::uint32_t packed : meshlets.triangles_of(m)) {
          const std::uint32_t corners[3] = {meshlet_corner(packed, 0), meshlet_corner(packed, 1), meshlet_corner(packed, 2)};
          if (corners[0] >= vertices.size() || corners[1] >= vertices.size() || corners[2] >= vertices.size()) continue;
          if (vertices[corners[0]] >= vertex_count || vertices[corners[1]] >= vertex_count || vertices[corners[2]] >= vertex_count) continue;
          for (const std::uint32_t corner : corners) order.indices.push_back(vertices[corner]);
          order.meshlet_of_triangle.push_back(index);
          ++range.triangle_count;
        }
      }
      order.levels[mesh].push_back(range);
    }
  }
  return order;
}

}  // namespace aem::viewer
