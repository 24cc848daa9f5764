#pragma once
// Meshlets for the `meshlets` extension (specs/aem-extensions.md section 4 and section 8,
// "meshlets"): every level of every mesh (level 0, then each `lods` level) cut into clusters with
// meshoptimizer's meshlet builder, each with its bounding sphere and normal cone.
#include <cstdint>
#include <span>

#include "aem/format.hpp"
#include "aem/pipeline/extension_content.hpp"

namespace aem::pipeline {

// `aem bake --meshlets --meshlet-vertices V --meshlet-triangles T`: off, or on with the limits of
// one meshlet (meshlet_option_problem holds them to what meshoptimizer 0.18 builds).
struct MeshletSettings {
  bool enabled = false;
  std::uint32_t max_vertices = 64;
  std::uint32_t max_triangles = 124;
};
// meshopt_buildMeshlets' cone_weight: how much the builder favours clusters whose normals agree
// (tighter cones, more culled by faces_away) over compact ones (tighter spheres).
inline constexpr float kMeshletConeWeight = 0.25f;

// Per mesh of `meshes` (ranges of `indices` over `vertices`), one group per level: level 0 (the
// mesh's range) and each level of `lods` (empty, or one level list per mesh). Every triangle of a
// level lies in exactly one of its meshlets, with its winding (degenerate ones included); each
// sphere holds every vertex of its meshlet; a meshlet whose triangles all have zero area gets no
// cone (cutoff 1). Empty when settings.enabled is false or no mesh has a triangle.
MeshletsContent build_meshlets(std::span<const Vertex> vertices, std::span<const std::uint32_t> indices,
                               std::span<const aem::Mesh> meshes, const LodsContent& lods,
                               const MeshletSettings& settings);

}  // namespace aem::pipeline
