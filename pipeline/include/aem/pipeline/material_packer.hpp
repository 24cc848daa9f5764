#pragma once
// glTF metallic-roughness materials to AEM materials and their three textures (DESIGN.md §5/§6):
//   base colour: RGB = texture × baseColorFactor (multiplied in linear light, stored sRGB),
//                A = opacity × factor alpha (OPAQUE: 255; MASK: 0/255 at alphaCutoff);
//   normal:      tangent-space XY in RG after normalTexture.scale, renormalised, Z in B;
//   PBR:         R roughness (G of metallicRoughness × roughnessFactor), G occlusion
//                (1 + strength × (R of occlusion − 1)), B metalness (B × metallicFactor),
//                A emissive intensity (largest channel of emissive texture × emissiveFactor ×
//                KHR_materials_emissive_strength, clamped to 1).
// BLEND becomes transparent, OPAQUE and MASK opaque. Missing textures become 1×1 solid ones.
// Textures with the same sources, factors, packing and sampler are made once and shared.
#include <cstdint>
#include <vector>

#include "aem/pipeline/gltf_import.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

struct PackedMaterials {
  std::vector<TextureImage> textures;
  std::vector<Material> materials;  // one per entry of `gltf_materials`, same order
  double compress_seconds = 0;      // time spent in block compression
};

// gltf_materials: glTF material indices (-1: the glTF default material).
PackedMaterials pack_materials(const GltfDocument& doc, const std::vector<int>& gltf_materials,
                               const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
