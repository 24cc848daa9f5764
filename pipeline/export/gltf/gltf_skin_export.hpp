#pragma once
// AEM joints to glTF nodes and one skin (specs/gltf-export.md, "Skin"): node j is joint j, named
// as the joint, a child of its parent joint, with the local transform of the bind pose
// (inverse(parent global) × global, global = inverse(inverse bind matrix)) as T, R, S; the skin
// lists every joint with the AEM's inverse bind matrices. Several root joints get a common root
// (node joint count, no transform), as glTF wants of a skin's joints.
#include <vector>

#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"

namespace aem::pipeline::gltf {

// Adds the joint nodes (nodes 0 .. joint count − 1, before any other node) and the skin;
// returns the skin's index, or -1 for a model without joints. `roots` gets the root joints.
int export_skin(const aem::Model& model, Document& document, std::vector<int>& roots);

}  // namespace aem::pipeline::gltf
