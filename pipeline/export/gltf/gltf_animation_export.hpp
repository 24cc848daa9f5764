#pragma once
// AEM animations to glTF animations (specs/gltf-export.md, "Animations"): per joint and kind
// (translation, rotation, scale) with keys, one LINEAR sampler and channel on the joint's node
// (joint j is node j); a kind without keys gets no channel. Key times that glTF cannot take as
// they are (not strictly increasing: the jumps a bake makes of STEP channels) are moved to the
// next float up, and the model's warning says so. Equal key-time lists share one accessor.
#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"

namespace aem::pipeline::gltf {

void export_animations(const aem::Model& model, Document& document);

}  // namespace aem::pipeline::gltf
