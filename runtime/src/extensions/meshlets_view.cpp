#include <cstring>

#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"
#include "extensions/payload_fields.hpp"

namespace aem {
namespace {

// Bytes the header's counts lay out (section 4), in 64 bits: no count can overflow it.
std::uint64_t meshlets_layout(const MeshletsHeader& h) {
  return sizeof(MeshletsHeader) + std::uint64_t(h.mesh_count) * sizeof(MeshletMesh) +
         std::uint64_t(h.group_count) * sizeof(MeshletGroup) + std::uint64_t(h.meshlet_count) * sizeof(Meshlet) +
         detail::align16((std::uint64_t(h.vertex_count) + h.triangle_count) * 4);
}

// Every record inside the array it points into: what meshlets_of, vertices_of and triangles_of
// rely on, checked here too because a trusted open skips the checker.
bool records_in_range(const MeshletsView& view) {
  for (const MeshletMesh& m : view.meshes)
    if (std::uint64_t(m.first_group) + m.group_count > view.groups.size()) return false;
  for (const MeshletGroup& g : view.groups)
    if (std::uint64_t(g.first_meshlet) + g.meshlet_count > view.meshlets.size()) return false;
  for (const Meshlet& m : view.meshlets)
    if (std::uint64_t(m.first_vertex) + m.vertex_count > view.vertices.size() ||
        std::uint64_t(m.first_triangle) + m.triangle_count > view.triangles.size())
      return false;
  return true;
}

}  // namespace

std::optional<MeshletsView> meshlets_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kMeshletsExtension);
  if (!payload || payload->size() < sizeof(MeshletsHeader)) return std::nullopt;
  MeshletsView view;
  std::memcpy(&view.header, payload->data(), sizeof view.header);
  if (meshlets_layout(view.header) != payload->size()) return std::nullopt;
  const std::byte* at = payload->data() + sizeof(MeshletsHeader);  // 4-byte aligned (Model)
  view.meshes = {reinterpret_cast<const MeshletMesh*>(at), view.header.mesh_count};
  at += std::size_t(view.header.mesh_count) * sizeof(MeshletMesh);
  view.groups = {reinterpret_cast<const MeshletGroup*>(at), view.header.group_count};
  at += std::size_t(view.header.group_count) * sizeof(MeshletGroup);
  view.meshlets = {reinterpret_cast<const Meshlet*>(at), view.header.meshlet_count};
  at += std::size_t(view.header.meshlet_count) * sizeof(Meshlet);
  view.vertices = {reinterpret_cast<const std::uint32_t*>(at), view.header.vertex_count};
  at += std::size_t(view.header.vertex_count) * 4;
  view.triangles = {reinterpret_cast<const std::uint32_t*>(at), view.header.triangle_count};
  if (!records_in_range(view)) return std::nullopt;
  return view;
}

}  // namespace aem
