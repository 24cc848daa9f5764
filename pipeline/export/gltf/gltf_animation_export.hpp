#pragma once
// AEM animations to glTF animations (specs/gltf-export.md, "Animations"): per joint and kind
// (translation, rotation, scale) with keys, one LINEAR sampler and channel on the joint's node
// (joint j is node j); a kind without keys gets no channel. Key times that glTF cannot take as
// they are (not strictly increasing: the jumps a bake makes of STEP channels) are moved to the
// next float up, and the model's warning says so. Equal key-time lists share one accessor. Each
// morph group's weight track (gltf_morph_export.hpp) becomes a LINEAR `weights` channel on every
// node in `group_nodes[group]`, its output the group's weights key by key.
#include <vector>

#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"
#include "export/gltf/gltf_morph_export.hpp"

namespace aem::pipeline::gltf {

void export_animations(const aem::Model& model, const MorphExport& morphs,
                       const std::vector<std::vector<int>>& group_nodes, Document& document);

}  // namespace aem::pipeline::gltf
