#pragma once
// AEM vertices, indices and meshes to glTF meshes (specs/gltf-export.md, "Geometry"): a
// primitive per AEM mesh, holding the vertices its indices use (in order of first use) with
// POSITION (min/max), NORMAL, TANGENT (w = sign of dot(cross(N, T), B)), TEXCOORD_0 and, in a
// model with joints, JOINTS_0/WEIGHTS_0 (an unused slot: joint 0, weight 0). In a model with
// joints, triangles whose vertices weigh on no joint (static vertices) go to a second, unskinned
// mesh, since a skinned glTF vertex must weigh 1 in all.
#include <vector>

#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"

namespace aem::pipeline::gltf {

struct ExportedMeshes {
  int skinned = -1;  // glTF mesh of the skinned triangles, or -1
  int rigid = -1;    // glTF mesh of the others, or -1
};

// `materials`: the glTF material of each AEM material.
ExportedMeshes export_meshes(const aem::Model& model, const std::vector<int>& materials, Document& document);

}  // namespace aem::pipeline::gltf
