#pragma once
// What a meshlet culler would skip in the current view (issue 38), counted on the CPU for the
// panel: of the meshlets of each mesh's drawn level, those whose bounding sphere lies outside the
// view frustum and those whose normal cone faces away from the eye (aem::faces_away). The bounds
// are the bind pose's: a skinned or morphed mesh moves off them, so its meshlets are counted as
// drawn but not tested. The viewer draws the model untransformed: object space is world space.
#include <array>
#include <cstdint>
#include <span>

#include "aem/ext_meshlets.hpp"
#include "render/gpu_model.hpp"

namespace aem::viewer {

struct MeshletCounts {
  std::uint32_t drawn = 0;        // meshlets of the drawn levels
  std::uint32_t outside = 0;      // bounding sphere outside the frustum
  std::uint32_t facing_away = 0;  // inside the frustum (or not tested for it) and faces_away
  std::uint32_t untested = 0;     // of skinned or morphed meshes: neither test holds
};

// A frustum plane (a, b, c, d): a point p is on the inside when a p.x + b p.y + c p.z + d >= 0.
struct Plane {
  float a = 0, b = 0, c = 0, d = 0;
};
// The six planes of the clip volume of `view_projection` (column-major, OpenGL clip space).
std::array<Plane, 6> frustum_planes(const Mat4& view_projection);
// Whether a sphere lies wholly on the outside of one of the planes.
bool sphere_outside(const std::array<Plane, 6>& planes, const float center[3], float radius);

// Counts for `meshes` at their drawn levels (GpuMesh::drawn_level). Allocates nothing.
MeshletCounts count_meshlets(const MeshletsView& meshlets, std::span<const GpuMesh> meshes, const Mat4& view_projection,
                             const Vec3& eye);

}  // namespace aem::viewer
