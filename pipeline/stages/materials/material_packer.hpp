#pragma once
// glTF metallic-roughness materials to AEM materials and their three textures (specs/aem-v1.md §7 and §9):
//   base colour: RGB = texture × baseColorFactor (multiplied in linear light, stored sRGB),
//                A = opacity × factor alpha (OPAQUE: 255; MASK: 0/255 at alphaCutoff);
//   normal:      tangent-space XY in RG after normalTexture.scale, renormalised, Z in B;
//   PBR:         R roughness (G of metallicRoughness × roughnessFactor), G occlusion
//                (1 + strength × (R of occlusion − 1)), B metalness (B × metallicFactor),
//                A emissive intensity: per texel the k in [0, 1] that brings k × base colour
//                closest (least squares, linear light) to the glTF's emitted colour (emissive
//                texture × emissiveFactor × KHR_materials_emissive_strength); a material whose
//                emitted light changes by more than 10% is warned about (specs/aem-v1.md §9).
// BLEND becomes transparent, OPAQUE and MASK opaque. Textures the material does not have become
// 1×1 solid ones. A texture a baked material uses whose image is missing or cannot be decoded
// (or that has no image the bake reads) is a BakeError naming the model, the material and the
// image; with BakeOptions::allow_missing it is a warning and the factor alone is used.
// Textures with the same sources, factors, packing and sampler are made once and shared. The PBR
// texture takes the size of its largest source (by texel count), the others resampled to it.
// Only the images a baked material uses are decoded, each once; an image larger than
// BakeOptions::limits allows (per image, or all decoded images together) is a BakeError whatever
// allow_missing says, raised from its header before its pixels are decoded.
#include <cstdint>
#include <map>
#include <vector>

#include "aem/ext_emissive.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/bake_report.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

struct PackedMaterials {
  std::vector<TextureImage> textures;
  std::vector<aem::Material> materials;  // one per entry of `gltf_materials`, same order
  // The `emissive` extension's records, one per material, for materials whose emitted light is
  // not a multiple of their base colour (mode 1: glTF's factor, strength and emissive map, the
  // map appended to `textures` after the version-1 ones); empty when there is none, and always
  // with BakeOptions::version_1_only (the core rule's warnings then stand).
  std::vector<EmissiveRecord> emission;
  // Per material, the texture holding its occlusion in R where it samples occlusion with another
  // UV set than its PBR texture (the uv1 extension's packing: the PBR texture's G is then 1),
  // appended after the emissive ones; kUv1NoTexture elsewhere. Empty when no material has one.
  std::vector<std::uint32_t> occlusion_textures;
  double compress_seconds = 0;      // time spent in block compression
  std::vector<TextureRdoChoice> rdo_choices;  // with rdo_max_loss: each encoded texture's choice
  std::uint64_t images_decoded = 0, decoded_pixels = 0;  // source images decoded, each once
};

// gltf_materials: the scene's material indices (-1: the glTF default material). uv1_sets: the
// UV sets of the materials that sample two (geometry_builder's plan); a material whose
// occlusion_set differs from its pbr_set gets its own occlusion texture.
PackedMaterials pack_materials(const Scene& scene, const std::vector<int>& gltf_materials,
                               const std::map<int, Uv1Material>& uv1_sets, const BakeOptions& options,
                               WarningLog& warnings);

}  // namespace aem::pipeline
