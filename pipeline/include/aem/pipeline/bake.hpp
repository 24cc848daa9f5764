#pragma once
// `aem bake` as a library call: a model (glTF 2.0 .gltf/.glb, or any format Assimp imports:
// .fbx, .obj, .dae, ...; model_formats.hpp is_model_path), or a scene description (scene.hpp) from any
// importer, in; AEM content or file out.
//
//   import_gltf | import_assimp (child process) -> check_scene -> build_skeleton -> build_geometry -> optimize_geometry
//               -> bake_animations -> pack_materials -> serialize/write
//
// The output depends only on the input and the options (not on the thread count or the time),
// so baking twice gives the same bytes. Input problems throw BakeError naming the file and the
// element; with options.strict every warning is an error too.
#include <cstddef>
#include <filesystem>
#include <string>
#include <span>
#include <vector>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/model_content.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

struct BakeResult {
  ModelContent content;
  BakeReport report;
};

// The producer is chosen by the file name (model_formats.hpp): glTF goes through tinygltf in this
// process; an is_assimp_path model through Assimp in a child process (specs/assimp-import.md), so
// that Assimp crashing on a bad file is a BakeError. A name no producer reads throws BakeError
// unknown_model_format_message(input) before the file is opened.
BakeResult bake_model(const std::filesystem::path& input, const BakeOptions& options);

// Bakes a scene description. The scene is checked first (every index, enum value, count and byte
// range, specs/scene-description.md §2.4): a scene from another process is hostile input, and
// a bad one throws BakeError naming scene.model and the element. report.inputs is scene.inputs.
// bake_model is an import, then this.
BakeResult bake_scene(const Scene& scene, const BakeOptions& options);

// Everything bake_model_file does but writing (no directory, no file): the same checks, the same
// errors and warnings, and the bytes it would write. `aem bake --dry-run` calls it with
// options.encode_textures false, which keeps bytes.size() exact.
struct BakedFile {
  BakeResult bake;
  std::vector<std::byte> bytes;
};
BakedFile bake_model_in_memory(const std::filesystem::path& input, const std::filesystem::path& output,
                              const BakeOptions& options);

// Bakes and writes `output` atomically, making its directory if needed once the bake has
// succeeded (nothing is left behind on failure; a failed bake makes no directory). Throws
// BakeError, before writing anything, when the output is the model or a file the bake reads, or
// exists and is not a regular file (output_guard.hpp).
BakeReport bake_model_file(const std::filesystem::path& input, const std::filesystem::path& output,
                          const BakeOptions& options);

// Output guards, for a tool that writes the bytes itself (examples/bake_in_tool.cpp).
// What is wrong with writing `output` when baking `model` before anything is read: an existing
// output that is not a regular file, or the model itself. An empty string when nothing is.
// The description is led by the model.
std::string output_problem_before_bake(const std::filesystem::path& model, const std::filesystem::path& output);

// What is wrong with writing `output` once the bake of `model` has read `inputs` (BakeReport::
// inputs): the output is one of them. An empty string when it is none.
std::string output_problem_after_bake(const std::filesystem::path& model, const std::filesystem::path& output,
                                      std::span<const std::filesystem::path> inputs);

}  // namespace aem::pipeline
