#pragma once
// Flattens the baked scene's meshes into AEM vertices and triangle lists, one range per glTF
// material: every primitive mode triangulated (points and lines skipped with a warning), node
// transforms applied (winding kept under negative scale), normals and tangents generated where
// missing, the material's UV set chosen and its texture transform baked in, skin weights cut to
// the four largest and renormalised, and vertices of rigid nodes under an animated node bound
// with weight 1.0 to that joint.
#include <cstdint>
#include <map>
#include <vector>

#include "aem/ext_uv1.hpp"
#include "aem/format.hpp"
#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "stages/animation/skeleton_builder.hpp"
#include "stages/geometry/vertex_streams.hpp"
#include "stages/morph/morph_sources.hpp"

namespace aem::pipeline {

struct MaterialRange {
  int material = -1;  // glTF material, -1 for the default material
  std::int32_t first_mesh = kNone;  // the scene mesh whose primitive opened the range (its name)
  std::vector<std::uint32_t> indices;  // into GeometryBuild::vertices
};

// The most vertices a baked model may have (indices are u32; this keeps them clear of the top bit).
constexpr std::size_t kMaxBakedVertices = std::size_t(1) << 31;

struct GeometryBuild {
  std::vector<Vertex> vertices;
  std::vector<VertexStream> streams;  // per-vertex data for the extensions; none without such content
  // In order of first use in a depth-first walk of the scene (children in file order);
  // AEM mesh and material i come from range i.
  std::vector<MaterialRange> ranges;
  MorphSources morph;  // the morph targets' groups, which the "morph source" stream names
  // The texture sets (the uv1 extension) of the glTF materials that sample a second UV set.
  std::map<int, Uv1Material> uv1_sets;
};

GeometryBuild build_geometry(const Scene& scene, const SkeletonBuild& skeleton,
                             const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
