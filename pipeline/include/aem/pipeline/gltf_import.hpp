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
#include <memory>
#include <string>
#include <vector>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/scene.hpp"

namespace tinygltf {
class Model;
}

namespace aem::pipeline {

struct GltfDocument {
  std::filesystem::path path;
  std::shared_ptr<tinygltf::Model> model;
  std::vector<int> parent;  // per node: its parent node, or -1
  int scene = -1;           // the scene to bake, or -1 when the file has none (all root nodes)
  std::vector<int> roots;   // the nodes to bake from, in order
  std::vector<std::filesystem::path> files;  // `path`, then every file the loader looked for
  // The model described for the bake stages (scene.hpp), the buffers moved into it. Each image
  // there has its problem ("file ... not found", "cannot be decoded (...)"), or its encoded bytes
  // and the size its header claims (its pixels may still fail to decode, which the packer reports).
  Scene scene_description;
};

GltfDocument import_gltf(const std::filesystem::path& path, const BakeOptions& options,
                         WarningLog& warnings);

}  // namespace aem::pipeline
