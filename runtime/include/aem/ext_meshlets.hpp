#pragma once
// The `meshlets` extension (specs/aem-extensions.md section 4): every level of a mesh (level 0,
// the version-1 index range, and the `lods` levels 1..n) cut into clusters of at most
// `max_vertices` vertices and `max_triangles` triangles, each with a bounding sphere and a normal
// cone, laid out so a mesh shader or a compute culler reads the arrays as they lie.
//
// Payload layout: a MeshletsHeader, mesh_count MeshletMesh records, group_count MeshletGroup
// records, meshlet_count Meshlet records, vertex_count u32 vertex indices, triangle_count u32
// packed triangles, then zeros to the first multiple of 16.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

class Model;

inline constexpr std::string_view kMeshletsExtension = "meshlets";
inline constexpr std::uint32_t kMeshletsRecordVersion = 1;

// The most vertices and triangles a meshlet may have: what one D3D12 mesh-shader group may output
// (256 each; Vulkan's EXT_mesh_shader guarantees at least as many) and what a u8 local index reaches.
inline constexpr std::uint32_t kMeshletVertexLimit = 256;
inline constexpr std::uint32_t kMeshletTriangleLimit = 256;

struct MeshletsHeader {
  std::uint32_t mesh_count;      // the header's mesh count
  std::uint32_t group_count;     // one group per (mesh, level) that has meshlets
  std::uint32_t meshlet_count;   // every group's meshlets together, at least 1
  std::uint32_t vertex_count;    // every meshlet's vertex indices together
  std::uint32_t triangle_count;  // every meshlet's packed triangles together
  std::uint32_t max_vertices;    // the limit the meshlets were built to: 3..kMeshletVertexLimit
  std::uint32_t max_triangles;   // 1..kMeshletTriangleLimit
  std::uint32_t reserved;        // 0
};
static_assert(sizeof(MeshletsHeader) == 32 && kIsRecord<MeshletsHeader>);

// One per version-1 mesh, in mesh order: its groups first_group.. (consecutive, following the
// previous mesh's). group_count is 0 (no meshlets) or the mesh's level count including level 0
// (1 + its `lods` levels; 1 without the `lods` extension): group k holds level k.
struct MeshletMesh {
  std::uint32_t first_group;
  std::uint32_t group_count;
  std::uint32_t reserved[2];  // 0
};
static_assert(sizeof(MeshletMesh) == 16 && kIsRecord<MeshletMesh>);

// One level's meshlets: Meshlet records first_meshlet.. (consecutive, following the previous
// group's). Together they hold every triangle of the level exactly once, with its winding.
struct MeshletGroup {
  std::uint32_t first_meshlet;
  std::uint32_t meshlet_count;  // at least 1
  std::uint32_t reserved[2];    // 0
};
static_assert(sizeof(MeshletGroup) == 16 && kIsRecord<MeshletGroup>);

// One cluster (64 bytes, 16-aligned: a GPU reads the array as a structured buffer).
// Vertices first_vertex.. of the vertex array are version-1 vertex indices (below the header's
// vertex count, no repeats within a meshlet); triangles first_triangle.. of the triangle array
// are packed local indices `a | b << 8 | c << 16` (top byte 0; each below vertex_count).
// The bounds are in object space, in the bind pose without morph weights: the sphere holds every
// vertex of the meshlet; the cone (meshoptimizer's) bounds its triangles' normals. A skinned or
// morphed mesh moves away from them, so cull such meshes only with bounds of your own.
struct Meshlet {
  std::uint32_t first_vertex;
  std::uint32_t first_triangle;
  std::uint32_t vertex_count;    // 1..header.max_vertices (under 3 only for repeated-index triangles)
  std::uint32_t triangle_count;  // 1..header.max_triangles
  float center[3];               // bounding sphere
  float radius;
  float cone_apex[3];            // the normal cone's apex, for faces_away
  float cone_cutoff;             // faces_away's bound on dot(normalize(apex - eye), axis), in [-1, 1]; 1: never
  float cone_axis[3];            // unit length (any finite value when cone_cutoff is 1)
  std::int8_t cone_axis_s8[3];   // the axis and cutoff quantized (meshoptimizer's 8-bit form)
  std::int8_t cone_cutoff_s8;
};
static_assert(sizeof(Meshlet) == 64 && offsetof(Meshlet, center) == 16 && offsetof(Meshlet, cone_apex) == 32 &&
              offsetof(Meshlet, cone_axis) == 48 && offsetof(Meshlet, cone_axis_s8) == 60 && kIsRecord<Meshlet>);

// Local index `corner` (0..2) of a packed triangle.
constexpr std::uint32_t meshlet_corner(std::uint32_t packed_triangle, int corner) {
  return (packed_triangle >> (8 * corner)) & 0xffu;
}

// True when, seen from `eye` (object space), every triangle of the meshlet faces away, so the
// whole meshlet can be skipped with back-face culling on: the eye lies inside the cone spanned
// backwards from the apex. Never true for a cone_cutoff of 1. Allocates nothing.
inline bool faces_away(const Meshlet& m, const std::array<float, 3>& eye) {
  const float d[3] = {m.cone_apex[0] - eye[0], m.cone_apex[1] - eye[1], m.cone_apex[2] - eye[2]};
  const float length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const float along = d[0] * m.cone_axis[0] + d[1] * m.cone_axis[1] + d[2] * m.cone_axis[2];
  return m.cone_cutoff < 1.0f && along >= m.cone_cutoff * length;
}

// The payload in place. Valid as long as the Model; checked at open unless the open was trusted
// (OpenOptions::validate = false).
struct MeshletsView {
  MeshletsHeader header{};
  std::span<const MeshletMesh> meshes;
  std::span<const MeshletGroup> groups;
  std::span<const Meshlet> meshlets;
  std::span<const std::uint32_t> vertices;
  std::span<const std::uint32_t> triangles;

  // The meshlets of mesh `mesh` at level `level` (0: the version-1 range; k: `lods` level k);
  // empty when that mesh or level has none.
  std::span<const Meshlet> meshlets_of(std::size_t mesh, std::size_t level) const {
    if (mesh >= meshes.size() || level >= meshes[mesh].group_count) return {};
    const MeshletGroup& g = groups[meshes[mesh].first_group + level];
    return meshlets.subspan(g.first_meshlet, g.meshlet_count);
  }
  // A meshlet's version-1 vertex indices and its packed triangles.
  std::span<const std::uint32_t> vertices_of(const Meshlet& m) const { return vertices.subspan(m.first_vertex, m.vertex_count); }
  std::span<const std::uint32_t> triangles_of(const Meshlet& m) const { return triangles.subspan(m.first_triangle, m.triangle_count); }
};

// The model's meshlets, or nullopt when it has none. Also nullopt for a payload whose size is not
// its header's layout, or whose meshes, groups or meshlets point outside their arrays (only a
// trusted open can hand one over): the spans never leave the payload.
AEM_API std::optional<MeshletsView> meshlets_of(const Model& model);

}  // namespace aem
