#include <cstring>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "extensions/meshlets_layout.hpp"
#include "extensions/payload_fields.hpp"

// The `meshlets` checker (specs/aem-extensions.md section 4 and section 6). Time: linear in the
// payload and the levels' triangles but for one sort per level (n log n in its triangles); memory:
// one u32 per vertex of the model and three per triangle of the largest level.
namespace aem::detail {
namespace {

constexpr std::uint64_t kMeshesAt = sizeof(MeshletsHeader);


// The header's counts and limits against the model and the payload's size.
std::optional<Error> check_meshlets_header(const PayloadInput& in, MeshletsLayout& layout) {
  if (std::optional<Error> e = check_header_fits(in, sizeof(MeshletsHeader))) return e;
  std::memcpy(&layout.header, in.payload.data(), sizeof(MeshletsHeader));
  const MeshletsHeader& h = layout.header;
  if (h.mesh_count != in.model.header.mesh_count)
    return payload_problem(in, offsetof(MeshletsHeader, mesh_count),
                           "mesh_count: " + std::to_string(h.mesh_count) + " but the model has " +
                               std::to_string(in.model.header.mesh_count) + " meshes");
  if (h.meshlet_count == 0)
    return payload_problem(in, offsetof(MeshletsHeader, meshlet_count), "meshlet_count: 0, at least 1 is required");
  if (h.max_vertices < 3 || h.max_vertices > kMeshletVertexLimit)
    return payload_problem(in, offsetof(MeshletsHeader, max_vertices),
                           "max_vertices: " + std::to_string(h.max_vertices) + " is outside 3.." +
                               std::to_string(kMeshletVertexLimit));
  if (h.max_triangles < 1 || h.max_triangles > kMeshletTriangleLimit)
    return payload_problem(in, offsetof(MeshletsHeader, max_triangles),
                           "max_triangles: " + std::to_string(h.max_triangles) + " is outside 1.." +
                               std::to_string(kMeshletTriangleLimit));
  if (std::optional<Error> e = check_reserved(in, offsetof(MeshletsHeader, reserved), 1, "reserved")) return e;
  layout.groups_at = kMeshesAt + std::uint64_t(h.mesh_count) * sizeof(MeshletMesh);
  layout.meshlets_at = layout.groups_at + std::uint64_t(h.group_count) * sizeof(MeshletGroup);
  layout.vertices_at = layout.meshlets_at + std::uint64_t(h.meshlet_count) * sizeof(Meshlet);
  layout.triangles_at = layout.vertices_at + std::uint64_t(h.vertex_count) * 4;
  return check_padded_end(in, layout.triangles_at + std::uint64_t(h.triangle_count) * 4);
}

// Mesh records: groups consecutive from 0, covering group_count; each mesh none or one per level.
std::optional<Error> check_meshlet_meshes(const PayloadInput& in, const MeshletsLayout& layout,
                                          const std::optional<LodsView>& lods) {
  std::uint64_t next = 0;
  for (std::uint32_t m = 0; m < layout.header.mesh_count; ++m) {
    const std::uint64_t at = kMeshesAt + std::uint64_t(m) * sizeof(MeshletMesh);
    const std::uint32_t first = payload_u32(in.payload, at), count = payload_u32(in.payload, at + 4);
    const std::string mesh = "mesh " + std::to_string(m);
    if (first != next)
      return payload_problem(in, at, mesh + " first_group: " + std::to_string(first) +
                                         " but its groups follow the previous mesh's at " + std::to_string(next));
    const std::size_t levels = 1 + (lods ? lods->levels_of(m).size() : 0);
    if (count != 0 && count != levels)
      return payload_problem(in, at + 4, mesh + " group_count: " + std::to_string(count) + " but the mesh has " +
                                             std::to_string(levels) + " levels (0 or one group per level)");
    next += count;
    if (next > layout.header.group_count)
      return payload_problem(in, at + 4, mesh + " group_count: its groups end at " + std::to_string(next) +
                                             ", past the header's group_count " +
                                             std::to_string(layout.header.group_count));
    if (std::optional<Error> e = check_reserved(in, at + offsetof(MeshletMesh, reserved), 2, "mesh reserved")) return e;
  }
  if (next != layout.header.group_count)
    return payload_problem(in, offsetof(MeshletsHeader, group_count),
                           "group_count: " + std::to_string(layout.header.group_count) + " but the meshes have " +
                               std::to_string(next) + " groups");
  return std::nullopt;
}

// Group records: meshlets consecutive from 0, at least one each, covering meshlet_count.
std::optional<Error> check_meshlet_groups(const PayloadInput& in, const MeshletsLayout& layout) {
  std::uint64_t next = 0;
  for (std::uint32_t g = 0; g < layout.header.group_count; ++g) {
    const std::uint64_t at = layout.groups_at + std::uint64_t(g) * sizeof(MeshletGroup);
    const std::uint32_t first = payload_u32(in.payload, at), count = payload_u32(in.payload, at + 4);
    const std::string group = "group " + std::to_string(g);
    if (first != next)
      return payload_problem(in, at, group + " first_meshlet: " + std::to_string(first) +
                                         " but its meshlets follow the previous group's at " + std::to_string(next));
    if (count == 0) return payload_problem(in, at + 4, group + " meshlet_count: 0, at least 1 is required");
    next += count;
    if (next > layout.header.meshlet_count)
      return payload_problem(in, at + 4, group + " meshlet_count: its meshlets end at " + std::to_string(next) +
                                             ", past the header's meshlet_count " +
                                             std::to_string(layout.header.meshlet_count));
    if (std::optional<Error> e = check_reserved(in, at + offsetof(MeshletGroup, reserved), 2, "group reserved")) return e;
  }
  if (next != layout.header.meshlet_count)
    return payload_problem(in, offsetof(MeshletsHeader, meshlet_count),
                           "meshlet_count: " + std::to_string(layout.header.meshlet_count) + " but the groups have " +
                               std::to_string(next) + " meshlets");
  return std::nullopt;
}

// A meshlet's ranges (following the previous meshlet's) and counts (within the header's limits).
std::optional<Error> check_meshlet_ranges(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t index,
                                          std::uint64_t& next_vertex, std::uint64_t& next_triangle) {
  const Meshlet m = meshlet_at(in, layout, index);
  const std::string name = meshlet_name(index);
  if (m.first_vertex != next_vertex)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, first_vertex)),
                           name + " first_vertex: " + std::to_string(m.first_vertex) +
                               " but its vertices follow the previous meshlet's at " + std::to_string(next_vertex));
  if (m.first_triangle != next_triangle)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, first_triangle)),
                           name + " first_triangle: " + std::to_string(m.first_triangle) +
                               " but its triangles follow the previous meshlet's at " + std::to_string(next_triangle));
  if (m.vertex_count < 1 || m.vertex_count > layout.header.max_vertices)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, vertex_count)),
                           name + " vertex_count: " + std::to_string(m.vertex_count) + " is outside 1..max_vertices " +
                               std::to_string(layout.header.max_vertices));
  if (m.triangle_count < 1 || m.triangle_count > layout.header.max_triangles)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, triangle_count)),
                           name + " triangle_count: " + std::to_string(m.triangle_count) +
                               " is outside 1..max_triangles " + std::to_string(layout.header.max_triangles));
  next_vertex += m.vertex_count;
  next_triangle += m.triangle_count;
  if (next_vertex > layout.header.vertex_count)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, vertex_count)),
                           name + " vertex_count: its vertices end past the header's vertex_count " +
                               std::to_string(layout.header.vertex_count));
  if (next_triangle > layout.header.triangle_count)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, triangle_count)),
                           name + " triangle_count: its triangles end past the header's triangle_count " +
                               std::to_string(layout.header.triangle_count));
  return std::nullopt;
}

std::optional<Error> check_meshlet_record_ranges(const PayloadInput& in, const MeshletsLayout& layout) {
  std::uint64_t next_vertex = 0, next_triangle = 0;
  for (std::uint32_t i = 0; i < layout.header.meshlet_count; ++i)
    if (std::optional<Error> e = check_meshlet_ranges(in, layout, i, next_vertex, next_triangle)) return e;
  if (next_vertex != layout.header.vertex_count)
    return payload_problem(in, offsetof(MeshletsHeader, vertex_count),
                           "vertex_count: " + std::to_string(layout.header.vertex_count) + " but the meshlets use " +
                               std::to_string(next_vertex));
  if (next_triangle != layout.header.triangle_count)
    return payload_problem(in, offsetof(MeshletsHeader, triangle_count),
                           "triangle_count: " + std::to_string(layout.header.triangle_count) +
                               " but the meshlets use " + std::to_string(next_triangle));
  return std::nullopt;
}

}  // namespace

std::optional<Error> check_meshlets(const PayloadInput& in) {
  MeshletsLayout layout{};
  if (std::optional<Error> e = check_meshlets_header(in, layout)) return e;
  const std::optional<LodsView> lods = lods_of(in.whole);
  if (std::optional<Error> e = check_meshlet_meshes(in, layout, lods)) return e;
  if (std::optional<Error> e = check_meshlet_groups(in, layout)) return e;
  if (std::optional<Error> e = check_meshlet_record_ranges(in, layout)) return e;
  return check_meshlet_contents(in, layout, lods);
}

}  // namespace aem::detail
