#pragma once
// Loads a .gltf (external or data-URI buffers and images) or .glb with tinygltf and checks
// everything later stages index into: accessors and buffer views inside their buffers, node
// references in range, a node graph that is a forest (no cycles, one parent per node), skins,
// animation samplers, materials, textures and images. Bad input throws BakeError naming the
// file and the element. Images are not decoded here: the import keeps each image's encoded bytes
// and the size its header claims (refusing none), and the material packer decodes only those a
// baked material uses, each once, within BakeOptions::limits. An image that is missing or whose
// header cannot be read does not fail the import: it is recorded as the scene image's problem, and the
// material packer decides (only a material in the baked scene that uses it makes it an error). What the import tolerates, and what it refuses,
// is listed in specs/gltf-import.md.
#include <filesystem>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// The model at `path` described as a Scene (scene.hpp): its buffers, accessors as streams,
// nodes, meshes, skins, animations, materials, textures, samplers and still-encoded images; the
// scene's roots are the nodes of the chosen scene (options.scene), each once. Loader warnings go
// to `warnings`; bad input throws BakeError naming the file and the element.
Scene import_gltf(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
