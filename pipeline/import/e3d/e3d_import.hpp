#pragma once
// Imports an Ecere E3D model (.e3d; ../shared/reference/peers/e3d-spec.adoc) as the pipeline's
// Scene, beside the glTF, Assimp and AAMF producers (specs/e3d-import.md). The file is hostile input:
// every block length, count and index is checked, lzma blocks decode within
// BakeOptions::limits.max_decoded_bytes and nesting is bounded, and the first problem throws one
// BakeError naming the file and the block's offset.
#include <filesystem>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// The model at `path` as a Scene: meshes (one primitive per face-material run), nodes, materials
// (Phong mapped to metallic-roughness), textures (embedded or files beside the model, under the
// bake's confinement), animations resampled into linear keys, all converted to the scene's
// right-handed space. Losses go to `warnings`, naming the model and element.
Scene import_e3d(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
