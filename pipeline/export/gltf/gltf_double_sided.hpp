#pragma once
// Double-sided materials back from their baked back faces (specs/gltf-export.md, "Double-sided
// materials"). A bake gives every triangle of a glTF doubleSided material a back-facing copy
// (flipped winding, normal, tangent and bitangent turned round) since AEM faces are one-sided.
// Where every triangle of every mesh using an AEM material has such a copy, the export writes one
// of each pair and marks the material doubleSided, which a bake turns into the same triangles
// again; anywhere else the triangles are exported as they are.
#include <vector>

#include "aem/model.hpp"

namespace aem::pipeline::gltf {

struct BackFaces {
  std::vector<bool> double_sided;              // per AEM material
  std::vector<std::vector<bool>> left_out;     // per AEM mesh, per triangle: a back copy the export omits
};

// Pairs each triangle with its back copy, mesh by mesh (a triangle pairs with at most one copy,
// the earlier of the two is kept); a material is double-sided when all its meshes pair up whole.
BackFaces find_back_faces(const aem::Model& model);

}  // namespace aem::pipeline::gltf
