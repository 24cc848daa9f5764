#pragma once
// Opens what the viewer was given: an .aem file through the runtime (read into owned memory:
// Storage::copy, so that rewriting the file in place cannot reach the model on screen), or a
// .gltf/.glb baked in memory by the pipeline when the build has a glTF importer.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "aem/model.hpp"

namespace aem::viewer {

struct LoadedModel {
  std::unique_ptr<std::vector<std::byte>> bytes;  // in-memory bakes only; the Model views it
  Model model;
  bool baked_in_memory = false;
  std::vector<std::string> warnings;  // of an in-memory bake: what the preview lost
  double load_ms = 0;                 // how long load_model took (reading, or baking)
};

struct LoadOptions {
  // glTF only: textures baked as BC7/BC5 (exactly what `aem bake` writes) or as RGBA8, several
  // times faster to bake and the source's own quality: the default for a preview.
  bool bake_compressed = false;
  // Directories besides the model's own that its buffers and images may be read from, as
  // `aem bake --allow-dir` takes them (relative to the working directory; each must exist).
  std::vector<std::filesystem::path> allowed_dirs;
};

// A glTF is baked as `aem bake --allow-missing` would, with options.allowed_dirs as its
// --allow-dir: a file it references outside the model's directory and the allowed ones is an
// error, a missing or undecodable image a warning, so that the model still shows. Every warning of the bake is printed on stderr
// ("aem-viewer: warning: ...") and kept in LoadedModel::warnings.
// Throws std::runtime_error with a message naming the file and the problem; for a file that is
// neither a model (is_model_path) nor an AEM file, one naming the formats the viewer reads.
LoadedModel load_model(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace aem::viewer
