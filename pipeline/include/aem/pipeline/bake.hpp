#pragma once
// `aem bake` as a library call: a model (glTF 2.0 .gltf/.glb, any format Assimp imports: .fbx,
// .obj, .dae, ...; Ecere's .e3d; the UnnamedHB1 game's .aamf; model_formats.hpp is_model_path),
// or a scene description (scene.hpp) from any importer, in; AEM content or file out.
//
//   import_gltf | import_assimp (child process) | import_e3d | import_aamf
//     -> check_scene -> build_skeleton -> build_geometry -> optimize_geometry
//     -> bake_animations -> pack_materials -> serialize/write
//
// The output depends only on the input and the options (not on the thread count or the time),
// so baking twice gives the same bytes. Input problems throw BakeError naming the file and the
// element; with options.strict every warning is an error too.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/bake_report.hpp"
#include "aem/pipeline/model_content.hpp"
#include "aem/pipeline/output_guard.hpp"  // the checks bake_model_file makes, for a tool that writes
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

struct BakeResult {
  ModelContent content;
  BakeReport report;
};

// The producer is chosen by the file name (model_formats.hpp): glTF goes through tinygltf, E3D
// (specs/e3d-import.md) and AAMF (specs/aamf-import.md) through their own readers, all in this
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

}  // namespace aem::pipeline
