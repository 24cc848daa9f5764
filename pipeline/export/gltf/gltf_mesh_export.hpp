#pragma once
// AEM vertices, indices and meshes to glTF meshes (specs/gltf-export.md, "Geometry"): a
// primitive per AEM mesh, holding the vertices its indices use (in order of first use) with
// POSITION (min/max), NORMAL, TANGENT (w = sign of dot(cross(N, T), B)), TEXCOORD_0, COLOR_0 (the
// vertex_colours extension, in its stored encoding), TEXCOORD_1 (the uv1 extension, whose texture
// sets become the materials' texCoord) and, in a
// model with joints, JOINTS_0/WEIGHTS_0 (an unused slot: joint 0, weight 0). Each AEM mesh is a
// glTF mesh of its own (its node placed in AEM mesh order, so that a bake of the glTF numbers
// the materials as the AEM does); in a model with joints, its triangles whose vertices weigh on no
// joint (static vertices) are a second, unskinned glTF mesh, since a skinned glTF vertex must
// weigh 1 in all. A primitive that morph groups move is split by group (gltf_morph_export.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"
#include "export/gltf/gltf_double_sided.hpp"
#include "export/gltf/gltf_morph_export.hpp"

namespace aem::pipeline::gltf {

struct ExportedMesh {
  int mesh = -1;                 // the glTF mesh
  bool skinned = false;          // whether its node takes the skin
  std::uint32_t morph_group = 0; // 1 + the morph group its primitive carries; 0: none
  std::string node_name;         // the mesh's name, or its morph group's (empty: none)
};

// The glTF meshes in the order their nodes go into the scene. `materials`: the glTF material of
// each AEM material; `back_faces`: the back copies left out (find_back_faces); `morphs`: the
// morph groups, which split a primitive into one glTF mesh per group moving it.
std::vector<ExportedMesh> export_meshes(const aem::Model& model, const std::vector<int>& materials,
                                        const BackFaces& back_faces, const MorphExport& morphs, Document& document);

}  // namespace aem::pipeline::gltf
