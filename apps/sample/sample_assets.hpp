#pragma once
// The sample asset tree, one model per file, every part of it made here (no third-party asset):
//   characters/tentacle.gltf   skinned tube, three joints, animations "wave" and "curl"
//   props/crate.gltf           PBR textures: base colour, normal map, metal-roughness, emissive strip
//   props/lantern.glb          an opaque frame around alpha-blended glass (one .glb)
//   machines/crank.gltf        node animation: a wheel turning and a piston sliding
// Each writer makes its directory, leaves files that already hold the same bytes alone, and
// throws std::runtime_error on I/O errors.
#include <filesystem>

#include "gltf_builder.hpp"

namespace aem::sample {

FileCounts write_tentacle(const std::filesystem::path& directory);
FileCounts write_crate(const std::filesystem::path& directory);
FileCounts write_lantern(const std::filesystem::path& directory);
FileCounts write_crank(const std::filesystem::path& directory);

}  // namespace aem::sample
