#pragma once
// The glTF importer's last step: the checked tinygltf model described as a Scene (scene.hpp), the
// only thing the bake stages read. Private to the importer: it names tinygltf.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace tinygltf {
class Model;
struct Sampler;
}

namespace aem::pipeline {

// The importer's working state: the loaded model and what checking it found.
struct GltfDocument {
  std::filesystem::path path;
  std::shared_ptr<tinygltf::Model> model;
  std::vector<int> parent;  // per node: its parent node, or -1
  int scene = -1;           // the scene to bake, or -1 when the file has none (all root nodes)
  std::vector<int> roots;   // the nodes to bake from, in order
  std::vector<std::filesystem::path> files;  // `path`, then every file the loader looked for
};

// What the import learnt of one glTF image: why it has no pixels (`problem`), or its encoded
// bytes (`bytes`, or with buffer_view >= 0 that bufferView of the model) and the size its header
// claims; same_as names an earlier image with the very same bytes (then no bytes are kept).
struct EncodedImage {
  std::string problem;
  std::vector<unsigned char> bytes;
  int buffer_view = -1;
  int width = 0, height = 0;
  int same_as = -1;
};

// Describes `model`, which import_gltf has checked (every index and byte range), as a Scene.
// Its buffers are moved into the scene (the model keeps empty ones); each image's bytes outside a
// bufferView become a buffer of their own. `images` has one entry per model image.
Scene describe_gltf(tinygltf::Model& model, const GltfDocument& doc, std::vector<EncodedImage> images);

// glTF's sampler wrap codes (OpenGL's enums) as AEM's; nothing for a code outside glTF's three.
std::optional<WrapMode> wrap_mode_of(int gltf_wrap);
// A glTF sampler as the scene's: an unknown wrap code is baked as repeat (glTF's default) with a
// deferred warning, reported when a baked material uses the sampler.
Sampler sampler_of(const tinygltf::Sampler& sampler, std::size_t index);

}  // namespace aem::pipeline
