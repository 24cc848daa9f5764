#pragma once
// AEM materials to glTF metallic-roughness materials (specs/gltf-export.md, "Materials"):
//   base colour texture  -> baseColorTexture (RGBA as stored; type 1 -> BLEND; type 0 -> MASK at
//                           0.5 when some texel's alpha is below 255, else OPAQUE);
//   normal texture       -> normalTexture (Z rebuilt from X and Y where the AEM holds BC5);
//   PBR texture          -> one image holding occlusion in R, roughness in G, metalness in B,
//                           used as occlusionTexture and metallicRoughnessTexture;
//   emissive intensity k -> emissiveTexture k × base colour (linear light), emissiveFactor 1,
//                           only for materials with some k above 0.
// Every AEM texture becomes one glTF image and texture per use, shared by the materials that
// share it; samplers come from the wrap modes. A solid texture (1×1, repeating: what the bake
// makes where the source has no texture) becomes factors instead where glTF has one
// (specs/gltf-export.md, "Solid textures").
#include <vector>

#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"

namespace aem::pipeline::gltf {

// Adds images, samplers, textures and materials; returns the glTF material of each AEM material.
std::vector<int> export_materials(const aem::Model& model, Document& document);

}  // namespace aem::pipeline::gltf
