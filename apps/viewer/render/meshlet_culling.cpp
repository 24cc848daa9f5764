#include "render/meshlet_culling.hpp"

#include <cmath>

namespace aem::viewer {

std::array<Plane, 6> frustum_planes(const Mat4& view_projection) {
  // Row i of the column-major matrix is (m[i], m[4 + i], m[8 + i], m[12 + i]); a clip-space
  // point is inside when -w <= x, y, z <= w: the planes are row 3 plus or minus rows 0, 1, 2.
  const float* m = view_projection.m;
  const auto row = [m](int i, float sign) {
    return Plane{m[3] + sign * m[i], m[7] + sign * m[4 + i], m[11] + sign * m[8 + i], m[15] + sign * m[12 + i]};
  };
  return {row(0, 1), row(0, -1), row(1, 1), row(1, -1), row(2, 1), row(2, -1)};
}

bool sphere_outside(const std::array<Plane, 6>& planes, const float center[3], float radius) {
  for (const Plane& p : planes) {
    const float distance = p.a * center[0] + p.b * center[1] + p.c * center[2] + p.d;
    if (distance < -radius * std::sqrt(p.a * p.a + p.b * p.b + p.c * p.c)) return true;
  }
  return false;
}

MeshletCounts count_meshlets(const MeshletsView& meshlets, std::span<const GpuMesh> meshes, const Mat4& view_projection,
                             const Vec3& eye) {
  const std::array<Plane, 6> planes = frustum_planes(view_projection);
  const std::array<float, 3> eye_point{eye.x, eye.y, eye.z};
  MeshletCounts counts;
  for (std::size_t mesh = 0; mesh < meshes.size(); ++mesh) {
    const std::span<const Meshlet> drawn = meshlets.meshlets_of(mesh, meshes[mesh].drawn_level);
    counts.drawn += std::uint32_t(drawn.size());
    if (meshes[mesh].deformed) {
      counts.untested += std::uint32_t(drawn.size());
      continue;
    }
    for (const Meshlet& m : drawn) {
      if (sphere_outside(planes, m.center, m.radius)) {
        ++counts.outside;
      } else if (faces_away(m, eye_point)) {
        ++counts.facing_away;
      }
    }
  }
  return counts;
}

}  // namespace aem::viewer
