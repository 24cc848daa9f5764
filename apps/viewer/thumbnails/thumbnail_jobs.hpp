#pragma once
// Which models --screenshot-dir renders and where each thumbnail goes (no GL here).
#include <filesystem>
#include <string>
#include <vector>

namespace aem::viewer {

struct ThumbnailJob {
  std::filesystem::path model;      // as found under its input
  std::filesystem::path thumbnail;  // OUT / its path relative to the input, with .png
};

// Every .aem and model file (is_model_path, any case) under the inputs, recursively, skipping
// .aem-bake stamp folders, in path order; an input
// that is a model file itself gives OUT/<its name>.png. What cannot be listed (an input that
// does not exist, a directory that cannot be read, a second model whose thumbnail name is
// already taken, as x.gltf and x.glb) goes to `problems`, one line each naming the path.
std::vector<ThumbnailJob> find_thumbnail_jobs(const std::vector<std::filesystem::path>& inputs,
                                              const std::filesystem::path& output, std::vector<std::string>& problems);

}  // namespace aem::viewer
