#pragma once
// Loads a .gltf (external or data-URI buffers and images) or .glb with tinygltf and checks
// everything later stages index into: accessors and buffer views inside their buffers, node
// references in range, a node graph that is a forest (no cycles, one parent per node), skins,
// animation samplers, materials, textures and images. Bad input throws BakeError naming the
// file and the element. An image that is missing or cannot be decoded does not fail the import:
// it is recorded in image_problems, and the material packer decides (only a material in the
// baked scene that uses it makes it an error). What the import tolerates, and what it refuses,
// is listed in specs/gltf-import.md.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "aem/pipeline/bake_options.hpp"

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
  // Per image: why it has no pixels ("file ... not found", "cannot be decoded (...)"), or empty
  // when it was decoded (to RGBA8).
  std::vector<std::string> image_problems;
};

GltfDocument import_gltf(const std::filesystem::path& path, const BakeOptions& options,
                         WarningLog& warnings);

}  // namespace aem::pipeline
