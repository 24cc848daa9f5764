#pragma once
// Turning what `aem bake` was given into bake jobs: model files (glTF, Assimp's formats, E3D,
// AAMF: is_model_path), directories searched for them, and manifests (bake_manifest.cpp).
// Problems are UsageErrors naming the path or the JSON place.
#include <filesystem>
#include <vector>

#include "aem/pipeline/bake_cache.hpp"
#include "aem/pipeline/batch_bake.hpp"

namespace aem::bake_request {

// A file bakes to OUTPUT_DIR/<its stem>.aem; a directory to OUTPUT_DIR/<path below it>.aem for
// every model below it (find_model_files), in a stable (sorted) order.
std::vector<pipeline::BakeJob> jobs_for_input(const std::filesystem::path& input,
                                              const std::filesystem::path& output_dir,
                                              const pipeline::BakeOptions& options);

// The jobs a manifest lists (format in bake_command.cpp's usage). `options` are the command
// line's, under the manifest's "defaults" and each entry's own settings. `output_dir`, when not
// empty, overrides the manifest's "output_dir".
std::vector<pipeline::BakeJob> jobs_from_manifest(const std::filesystem::path& manifest,
                                                  const std::filesystem::path& output_dir,
                                                  const pipeline::BakeOptions& options);

// The manifest's "cache" (a directory relative to the manifest, which must lie inside the
// manifest's directory or a command-line --allow-dir: a manifest writes nowhere else) and
// "cache_url". Unset ones are empty.
pipeline::BakeCacheSettings manifest_cache_settings(const std::filesystem::path& manifest,
                                                    const pipeline::BakeOptions& options);

}  // namespace aem::bake_request
