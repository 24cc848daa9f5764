#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <vector>

#include "extensions/meshlets_layout.hpp"
#include "extensions/payload_fields.hpp"

namespace aem::detail {
namespace {

// How far a vertex may lie outside its meshlet's sphere: float rounding of the sphere's center and
// radius, relative to the radius plus the center's largest coordinate.
constexpr double kSphereTolerance = 1e-5;
// How far |cone_axis| may be from 1 when the cone is used.
constexpr double kAxisTolerance = 1e-3;

using Triangle = std::array<std::uint32_t, 3>;

// The triangle's rotation that starts at its lexicographically smallest corner sequence: the same
// for every rotation of one winding, different for the opposite winding.
Triangle canonical(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  return std::min({Triangle{a, b, c}, Triangle{b, c, a}, Triangle{c, a, b}});
}

std::string triangle_text(const Triangle& t) {
  return "(" + std::to_string(t[0]) + ", " + std::to_string(t[1]) + ", " + std::to_string(t[2]) + ")";
}

// Vertex indices below the model's vertex count, none repeated within the meshlet (`stamp` holds,
// per vertex, the last meshlet that used it).
std::optional<Error> check_meshlet_vertices(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t index,
                                            const Meshlet& m, std::vector<std::uint32_t>& stamp) {
  for (std::uint32_t i = 0; i < m.vertex_count; ++i) {
    const std::uint64_t at = layout.vertices_at + (std::uint64_t(m.first_vertex) + i) * 4;
    const std::uint32_t v = payload_u32(in.payload, at);
    if (v >= in.model.vertices.size())
      return payload_problem(in, at, meshlet_name(index) + " vertex " + std::to_string(i) + ": " + std::to_string(v) +
                                         " is not below the vertex count " + std::to_string(in.model.vertices.size()));
    if (stamp[v] == index)
      return payload_problem(in, at, meshlet_name(index) + " vertex " + std::to_string(i) + ": " + std::to_string(v) +
                                         " is repeated within the meshlet");
    stamp[v] = index;
  }
  return std::nullopt;
}

// Packed triangles: top byte 0, each local index below the meshlet's vertex_count.
std::optional<Error> check_meshlet_triangles(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t index,
                                             const Meshlet& m) {
  for (std::uint32_t i = 0; i < m.triangle_count; ++i) {
    const std::uint64_t at = layout.triangles_at + (std::uint64_t(m.first_triangle) + i) * 4;
    const std::uint32_t packed = payload_u32(in.payload, at);
    const std::string name = meshlet_name(index) + " triangle " + std::to_string(i);
    if (packed >> 24 != 0)
      return payload_problem(in, at, name + ": " + std::to_string(packed) + " has a non-zero top byte");
    for (int corner = 0; corner < 3; ++corner)
      if (meshlet_corner(packed, corner) >= m.vertex_count)
        return payload_problem(in, at, name + ": local index " + std::to_string(meshlet_corner(packed, corner)) +
                                           " is not below the meshlet's vertex_count " + std::to_string(m.vertex_count));
  }
  return std::nullopt;
}

// The sphere holds every vertex of the meshlet (within kSphereTolerance).
std::optional<Error> check_meshlet_sphere(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t index,
                                          const Meshlet& m) {
  const double reach = double(m.radius) + kSphereTolerance * (double(m.radius) + std::max({std::fabs(m.center[0]),
                                                                                            std::fabs(m.center[1]),
                                                                                            std::fabs(m.center[2])}));
  for (std::uint32_t i = 0; i < m.vertex_count; ++i) {
    const std::uint32_t v = payload_u32(in.payload, layout.vertices_at + (std::uint64_t(m.first_vertex) + i) * 4);
    const float* p = in.model.vertices[v].position;
    const double dx = double(p[0]) - m.center[0], dy = double(p[1]) - m.center[1], dz = double(p[2]) - m.center[2];
    if (const double d = std::sqrt(dx * dx + dy * dy + dz * dz); d > reach)
      return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, radius)),
                             meshlet_name(index) + " radius: vertex " + std::to_string(v) + " lies " + std::to_string(d) +
                                 " from the center, outside the radius " + std::to_string(m.radius));
  }
  return std::nullopt;
}

// Finite floats, a radius of at least 0, a cutoff in [-1, 1], a unit axis when the cone is used.
std::optional<Error> check_meshlet_floats(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t index,
                                          const Meshlet& m) {
  const std::string name = meshlet_name(index);
  const float* floats = m.center;  // center, radius, cone_apex, cone_cutoff, cone_axis: 11 floats from byte 16
  static constexpr const char* kFields[] = {"center", "center", "center", "radius", "cone_apex", "cone_apex",
                                            "cone_apex", "cone_cutoff", "cone_axis", "cone_axis", "cone_axis"};
  for (std::size_t i = 0; i < 11; ++i)
    if (!std::isfinite(floats[i]))
      return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, center) + 4 * i),
                             name + " " + kFields[i] + ": " + std::to_string(floats[i]) + " is not finite");
  if (m.radius < 0)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, radius)),
                           name + " radius: " + std::to_string(m.radius) + " is negative");
  if (m.cone_cutoff < -1 || m.cone_cutoff > 1)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, cone_cutoff)),
                           name + " cone_cutoff: " + std::to_string(m.cone_cutoff) + " is outside [-1, 1]");
  const double length = std::sqrt(double(m.cone_axis[0]) * m.cone_axis[0] + double(m.cone_axis[1]) * m.cone_axis[1] +
                                  double(m.cone_axis[2]) * m.cone_axis[2]);
  if (m.cone_cutoff < 1 && std::fabs(length - 1) > kAxisTolerance)
    return payload_problem(in, meshlet_offset(layout, index, offsetof(Meshlet, cone_axis)),
                           name + " cone_axis: length " + std::to_string(length) +
                               ", not 1, for a cone in use (cone_cutoff below 1)");
  return std::nullopt;
}

std::optional<Error> check_each_meshlet(const PayloadInput& in, const MeshletsLayout& layout) {
  std::vector<std::uint32_t> stamp(in.model.vertices.size(), ~0u);
  for (std::uint32_t i = 0; i < layout.header.meshlet_count; ++i) {
    const Meshlet m = meshlet_at(in, layout, i);
    if (std::optional<Error> e = check_meshlet_vertices(in, layout, i, m, stamp)) return e;
    if (std::optional<Error> e = check_meshlet_triangles(in, layout, i, m)) return e;
    if (std::optional<Error> e = check_meshlet_floats(in, layout, i, m)) return e;
    if (std::optional<Error> e = check_meshlet_sphere(in, layout, i, m)) return e;
  }
  return std::nullopt;
}

// The group's meshlets' triangles in version-1 numbering, canonical and sorted.
std::vector<Triangle> group_triangles(const PayloadInput& in, const MeshletsLayout& layout, const MeshletGroup& group) {
  std::vector<Triangle> out;
  for (std::uint32_t i = group.first_meshlet; i < group.first_meshlet + group.meshlet_count; ++i) {
    const Meshlet m = meshlet_at(in, layout, i);
    const auto vertex = [&](std::uint32_t packed, int corner) {
      return payload_u32(in.payload, layout.vertices_at + (std::uint64_t(m.first_vertex) + meshlet_corner(packed, corner)) * 4);
    };
    for (std::uint32_t t = 0; t < m.triangle_count; ++t) {
      const std::uint32_t packed = payload_u32(in.payload, layout.triangles_at + (std::uint64_t(m.first_triangle) + t) * 4);
      out.push_back(canonical(vertex(packed, 0), vertex(packed, 1), vertex(packed, 2)));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The level's triangles (`indices`) and its group's, as multisets of wound triangles: equal.
std::optional<Error> check_group_coverage(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t g,
                                          std::span<const std::uint32_t> indices, const std::string& level) {
  MeshletGroup group;
  const std::uint64_t at = layout.groups_at + std::uint64_t(g) * sizeof(MeshletGroup);
  std::memcpy(&group, in.payload.data() + at, sizeof group);
  std::vector<Triangle> wanted;
  wanted.reserve(indices.size() / 3);
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) wanted.push_back(canonical(indices[i], indices[i + 1], indices[i + 2]));
  std::sort(wanted.begin(), wanted.end());
  const std::vector<Triangle> held = group_triangles(in, layout, group);
  if (held == wanted) return std::nullopt;
  const std::string name = "group " + std::to_string(g) + " (" + level + ")";
  if (held.size() != wanted.size())
    return payload_problem(in, at + 4, name + ": its meshlets hold " + std::to_string(held.size()) +
                                           " triangles but the level has " + std::to_string(wanted.size()));
  const auto [w, h] = std::mismatch(wanted.begin(), wanted.end(), held.begin());
  if (*w < *h)
    return payload_problem(in, at, name + ": the level's triangle " + triangle_text(*w) +
                                       " is not in its meshlets (each triangle once, with its winding)");
  return payload_problem(in, at, name + ": its meshlets hold triangle " + triangle_text(*h) +
                                     " more often than the level (each triangle once, with its winding)");
}

// Every group against its level: level 0 is the mesh's version-1 range, level k its `lods` level k.
std::optional<Error> check_coverage(const PayloadInput& in, const MeshletsLayout& layout,
                                    const std::optional<LodsView>& lods) {
  for (std::uint32_t mesh = 0; mesh < layout.header.mesh_count; ++mesh) {
    const std::uint64_t at = sizeof(MeshletsHeader) + std::uint64_t(mesh) * sizeof(MeshletMesh);
    const std::uint32_t first = payload_u32(in.payload, at), count = payload_u32(in.payload, at + 4);
    for (std::uint32_t k = 0; k < count; ++k) {
      const Mesh& m = in.model.meshes[mesh];
      const std::span<const std::uint32_t> indices =
          k == 0 ? in.model.indices.subspan(m.first_index, m.index_count) : lods->indices_of(lods->levels_of(mesh)[k - 1]);
      const std::string level = "mesh " + std::to_string(mesh) + " level " + std::to_string(k);
      if (std::optional<Error> e = check_group_coverage(in, layout, first + k, indices, level)) return e;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> check_meshlet_contents(const PayloadInput& in, const MeshletsLayout& layout,
                                            const std::optional<LodsView>& lods) {
  if (std::optional<Error> e = check_each_meshlet(in, layout)) return e;
  return check_coverage(in, layout, lods);
}

}  // namespace aem::detail
