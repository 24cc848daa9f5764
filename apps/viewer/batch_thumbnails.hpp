#pragma once
// --screenshot-dir OUT DIR...: a thumbnail of every model under the DIRs for asset browsers,
// rendered one after the other in a single hidden window's GL context (no window per model).
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "options.hpp"

namespace aem::viewer {

struct ThumbnailJob {
  std::filesystem::path model;      // as found under its input
  std::filesystem::path thumbnail;  // OUT / its path relative to the input, with .png
};

// Every .aem, .gltf and .glb (any case) under the inputs, recursively, in path order; an input
// that is a model file itself gives OUT/<its name>.png. What cannot be listed (an input that
// does not exist, a directory that cannot be read, a second model whose thumbnail name is
// already taken, as x.gltf and x.glb) goes to `problems`, one line each naming the path.
std::vector<ThumbnailJob> find_thumbnail_jobs(const std::vector<std::filesystem::path>& inputs,
                                              const std::filesystem::path& output, std::vector<std::string>& problems);

// Renders every job at --size (default 512x512) with the other options (angles, mode,
// --animation, --time) applied to each model. A model that fails is one line on stderr naming
// it, and the others still render. Returns the exit status: 0 when every thumbnail was
// written, 1 otherwise (also when there is no GL context at all).
int write_thumbnails(const Options& options, std::chrono::steady_clock::time_point process_start);

}  // namespace aem::viewer
