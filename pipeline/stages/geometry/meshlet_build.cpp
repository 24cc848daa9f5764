#include "stages/geometry/meshlet_build.hpp"

#include <meshoptimizer.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace aem::pipeline {
namespace {

// The smallest float radius at least `d` (rounding must not leave a vertex outside).
float radius_holding(double d) {
  float r = float(d);
  while (double(r) < d) r = std::nextafter(r, std::numeric_limits<float>::infinity());
  return r;
}

// meshoptimizer's cone, checked again in double. It computes the cone in float from normalized
// float normals; on the slivers of CAD models far from the origin a triangle's normal then lies
// outside the cone by more than rounding (2CylinderEngine: a meshlet with cutoff 0, "every normal
// on the axis", culled a triangle seen 0.004 degrees off edge-on from 1,700 units). The test
// culls eyes within acos(cutoff) of the axis behind the apex; it is right when every normal is
// within 90 degrees minus that of the axis (cutoff >= sqrt(1 - dot(n, axis)^2)) and the apex is
// behind every triangle's plane. So the cutoff rises to what the least aligned normal needs
// (no cone when that normal is within 0.1 of perpendicular, as meshoptimizer rules), and an apex
// in front of a plane moves back along the axis; both only shrink the region the test culls.
void keep_cone_conservative(Meshlet& out, std::span<const std::uint32_t> local_vertices,
                            const unsigned char* local_triangles, const Vertex* base) {
  if (!(out.cone_cutoff < 1)) return;
  using V = std::array<double, 3>;
  const auto at = [&](unsigned char local) {
    const float* p = base[local_vertices[local]].position;
    return V{p[0], p[1], p[2]};
  };
  const auto sub = [](const V& a, const V& b) { return V{a[0] - b[0], a[1] - b[1], a[2] - b[2]}; };
  const auto dot = [](const V& a, const V& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
  const V axis{out.cone_axis[0], out.cone_axis[1], out.cone_axis[2]};
  const V apex{out.cone_apex[0], out.cone_apex[1], out.cone_apex[2]};
  double least_along = 1, back = 0;
  for (std::uint32_t t = 0; t < out.triangle_count; ++t) {
    const V a = at(local_triangles[3 * t]), ab = sub(at(local_triangles[3 * t + 1]), a), ac = sub(at(local_triangles[3 * t + 2]), a);
    V n{ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2], ab[0] * ac[1] - ab[1] * ac[0]};
    const double length = std::sqrt(dot(n, n));
    if (length == 0) continue;  // no area: never drawn, never wrongly culled
    for (double& c : n) c /= length;
    const double along = dot(n, axis);
    least_along = std::min(least_along, along);
    if (least_along <= 0.1) {
      out.cone_cutoff = 1, out.cone_cutoff_s8 = 127;
      return;
    }
    back = std::max(back, dot(sub(apex, a), n) / along);
  }
  const double needed = std::sqrt(std::max(0.0, 1 - least_along * least_along));
  if (needed > out.cone_cutoff) {
    const float raised = std::nextafter(float(needed), 2.0f);  // rounded up: never below what is needed
    // The 8-bit cutoff rises by as much, rounded up.
    const int s8 = out.cone_cutoff_s8 + int(std::ceil(127 * (double(raised) - out.cone_cutoff)));
    out.cone_cutoff = std::min(raised, 1.0f);
    out.cone_cutoff_s8 = std::int8_t(std::min(s8, 127));
  }
  if (back <= 0) return;
  // A margin for the float the apex is stored in.
  const double margin = 1e-6 * (std::max({std::abs(apex[0]), std::abs(apex[1]), std::abs(apex[2])}) + out.radius);
  for (int i = 0; i < 3; ++i) out.cone_apex[i] = float(apex[i] - (back + margin) * axis[i]);
}

// meshoptimizer's bounds of one meshlet, made to hold what the format promises: its sphere only
// covers triangles of non-zero area, so it is widened to every vertex of the meshlet; a meshlet
// with no such triangle (meshoptimizer: a zero sphere and a zero cone that culls it) gets the
// sphere around its vertices' box and no cone.
void set_bounds(Meshlet& out, std::span<const std::uint32_t> local_vertices, const unsigned char* local_triangles,
                const Vertex* base, std::size_t vertex_count) {
  const meshopt_Bounds b = meshopt_computeMeshletBounds(local_vertices.data(), local_triangles, out.triangle_count,
                                                        base[0].position, vertex_count, sizeof(Vertex));
  std::copy_n(b.center, 3, out.center);
  std::copy_n(b.cone_apex, 3, out.cone_apex);
  std::copy_n(b.cone_axis, 3, out.cone_axis);
  std::copy_n(b.cone_axis_s8, 3, out.cone_axis_s8);
  out.cone_cutoff = b.cone_cutoff;
  out.cone_cutoff_s8 = b.cone_cutoff_s8;
  const bool no_area = b.cone_axis[0] == 0 && b.cone_axis[1] == 0 && b.cone_axis[2] == 0 && b.cone_cutoff == 0;
  if (no_area) {
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (std::uint32_t v : local_vertices)
      for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], base[v].position[i]), hi[i] = std::max(hi[i], base[v].position[i]);
    for (int i = 0; i < 3; ++i) out.center[i] = lo[i] + (hi[i] - lo[i]) * 0.5f;
    out.cone_cutoff = 1;
    out.cone_cutoff_s8 = 127;
  }
  double reach = 0;
  for (std::uint32_t v : local_vertices) {
    const float* p = base[v].position;
    const double dx = double(p[0]) - out.center[0], dy = double(p[1]) - out.center[1], dz = double(p[2]) - out.center[2];
    reach = std::max(reach, std::sqrt(dx * dx + dy * dy + dz * dz));
  }
  out.radius = std::max(no_area ? 0.0f : b.radius, radius_holding(reach));
}

// One level's meshlets; `level` holds indices into vertices [first, first + count).
MeshletGroupContent level_meshlets(std::span<const std::uint32_t> level, std::span<const Vertex> vertices,
                                   std::uint32_t first, const MeshletSettings& settings) {
  std::vector<std::uint32_t> local(level.size());
  for (std::size_t i = 0; i < level.size(); ++i) local[i] = level[i] - first;
  const std::size_t bound = meshopt_buildMeshletsBound(local.size(), settings.max_vertices, settings.max_triangles);
  std::vector<meshopt_Meshlet> built(bound);
  std::vector<unsigned int> built_vertices(bound * settings.max_vertices);
  std::vector<unsigned char> built_triangles(bound * settings.max_triangles * 3);
  const std::size_t count = meshopt_buildMeshlets(built.data(), built_vertices.data(), built_triangles.data(),
                                                  local.data(), local.size(), vertices[0].position, vertices.size(),
                                                  sizeof(Vertex), settings.max_vertices, settings.max_triangles,
                                                  kMeshletConeWeight);
  MeshletGroupContent group;
  for (std::size_t i = 0; i < count; ++i) {
    const meshopt_Meshlet& b = built[i];
    Meshlet m{};
    m.first_vertex = std::uint32_t(group.vertices.size());
    m.first_triangle = std::uint32_t(group.triangles.size());
    m.vertex_count = b.vertex_count;
    m.triangle_count = b.triangle_count;
    const std::span<const std::uint32_t> mv(built_vertices.data() + b.vertex_offset, b.vertex_count);
    const unsigned char* mt = built_triangles.data() + b.triangle_offset;
    set_bounds(m, mv, mt, vertices.data(), vertices.size());
    keep_cone_conservative(m, mv, mt, vertices.data());
    for (std::uint32_t v : mv) group.vertices.push_back(v + first);
    for (std::uint32_t t = 0; t < b.triangle_count; ++t)
      group.triangles.push_back(std::uint32_t(mt[3 * t]) | std::uint32_t(mt[3 * t + 1]) << 8 |
                                std::uint32_t(mt[3 * t + 2]) << 16);
    group.meshlets.push_back(m);
  }
  return group;
}

}  // namespace

MeshletsContent build_meshlets(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices,
                               std::span<const aem::Mesh> meshes, const LodsContent& lods,
                               const MeshletSettings& settings) {
  MeshletsContent out{settings.max_vertices, settings.max_triangles, {}};
  if (!settings.enabled || vertices.empty()) return out;
  for (std::size_t mesh = 0; mesh < meshes.size(); ++mesh) {
    const std::span<const std::uint32_t> level_0 = indices.subspan(meshes[mesh].first_index, meshes[mesh].index_count);
    std::vector<MeshletGroupContent>& groups = out.meshes.emplace_back();
    if (level_0.empty()) continue;
    // The builder's time and memory grow with the vertices it is given: only the mesh's range
    // (every level of a mesh uses vertices of its level 0's range).
    const auto [lo, hi] = std::minmax_element(level_0.begin(), level_0.end());
    const std::span<const Vertex> range = vertices.subspan(*lo, *hi - *lo + 1);
    groups.push_back(level_meshlets(level_0, range, *lo, settings));
    if (mesh < lods.meshes.size())
      for (const LodLevelContent& level : lods.meshes[mesh]) groups.push_back(level_meshlets(level.indices, range, *lo, settings));
    const bool every_level_cut = std::none_of(groups.begin(), groups.end(), [](const auto& g) { return g.meshlets.empty(); });
    if (!every_level_cut) groups.clear();
  }
  if (out.empty()) out.meshes.clear();
  return out;
}

}  // namespace aem::pipeline
