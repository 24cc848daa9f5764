#pragma once
// An Assimp scene converted to the pipeline's scene description, following its conventions
// (specs/scene-description.md §2.1) and the rules of specs/assimp-import.md: transposed matrices,
// V flipped (1 - v), quaternions reordered to x, y, z, w, times in seconds, Phong and
// specular-glossiness materials converted to metallic-roughness with a warning saying so, names
// made valid UTF-8. Image files are named, not read: the parent resolves and reads them.
#include <filesystem>
#include <string>

#include "scene/scene_serialization.hpp"

struct aiScene;

namespace aem::pipeline {

// The Assimp import flags the conversion expects (triangulated faces, one primitive type per
// mesh, joined vertices; nothing flipped or limited by Assimp).
unsigned assimp_import_flags();

// `model` names the file in every `where` and warning. Never throws for odd content: what cannot
// be carried over becomes a deferred error or warning on the element, or an import warning.
SerializedImport scene_from_assimp(const aiScene& source, const std::filesystem::path& model);

}  // namespace aem::pipeline
