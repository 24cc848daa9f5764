#pragma once
// Loads a .gltf (external or data-URI buffers and images) or .glb with tinygltf and checks
// everything later stages index into: accessors and buffer views inside their buffers, node
// references in range, a node graph that is a forest (no cycles, one parent per node), skins,
// animation samplers, materials, textures and images. Bad input throws BakeError naming the
// file and the element. Images are not decoded here: the import keeps each image's encoded bytes
// and the size its header claims (refusing none), and the material packer decodes only those a
// baked material uses, each once, within BakeOptions::limits. An image that is missing or whose
// header cannot be read does not fail the import: it is recorded in image_problems, and the
// material packer decides (only a material in the baked scene that uses it makes it an error). What the import tolerates, and what it refuses,
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

// One glTF image, still encoded (PNG, JPEG): its bytes are `bytes`, or with buffer_view >= 0 that
// bufferView of the model's buffers (not copied); width x height is what its header claims.
struct EncodedImage {
  std::vector<unsigned char> bytes;
  int buffer_view = -1;
  int width = 0, height = 0;
  int same_as = -1;  // an earlier image with the very same bytes, whose pixels these are (no bytes kept)
};

struct GltfDocument {
  std::filesystem::path path;
  std::shared_ptr<tinygltf::Model> model;
  std::vector<int> parent;  // per node: its parent node, or -1
  int scene = -1;           // the scene to bake, or -1 when the file has none (all root nodes)
  std::vector<int> roots;   // the nodes to bake from, in order
  std::vector<std::filesystem::path> files;  // `path`, then every file the loader looked for
  // Per image: why it has no pixels ("file ... not found", "cannot be decoded (...)"), or empty
  // when its header was read (its pixels may still fail to decode, which the packer reports).
  std::vector<std::string> image_problems;
  std::vector<EncodedImage> images;  // per image; meaningful where image_problems is empty
};

GltfDocument import_gltf(const std::filesystem::path& path, const BakeOptions& options,
                         WarningLog& warnings);

}  // namespace aem::pipeline
