#pragma once
// The model file formats the toolkit reads, told by file name, and the listing of the models in a
// tree: the one place that knows them, used by bake, tree bakes, shards, `aem` and the viewer.
// A format's producer joins by a row of the format table (model_formats.cpp) and its case in
// bake_model (bake.cpp). Standard C++ only: `aem` links it (aem_model_formats) also where it is
// built without the pipeline.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace aem::pipeline {

// Which producer imports a model.
enum class ModelFormat {
  gltf,    // .gltf, .glb: tinygltf, in this process
  assimp,  // FBX, OBJ, COLLADA...: Assimp, in its child process (specs/assimp-import.md)
  e3d,     // .e3d: Ecere's E3D, in this process (specs/e3d-import.md)
  aamf,    // .aamf: the UnnamedHB1 PlayStation game's animated models, SAMF v2 and legacy (specs/aamf-import.md)
};

// The extension of `path` with its ASCII letters in lower case (".glb" for "Hero.GLB"); empty
// when it has none.
std::string lower_case_extension(const std::filesystem::path& path);

// The format that the extension of `path` (any letter case) names, or nullopt for a file that
// the toolkit does not read as a model.
std::optional<ModelFormat> model_format_of(const std::filesystem::path& path);

// True for a .gltf or .glb name (any letter case).
bool is_gltf_path(const std::filesystem::path& path);

// True for the names Assimp imports (specs/assimp-import.md): .fbx, .obj, .dae, .3ds, .ply, .stl,
// .x, .3mf, .blend and the other formats of Debian's Assimp 5.2, any letter case; never for
// .gltf/.glb, which tinygltf imports.
bool is_assimp_path(const std::filesystem::path& path);

// True for an Ecere E3D name, .e3d (any letter case), which the E3D producer imports.
bool is_e3d_path(const std::filesystem::path& path);

// True for every name `aem bake` takes as a model: model_format_of gives a format.
bool is_model_path(const std::filesystem::path& path);

// True for a .aem name (any letter case): the only names an output file may be given.
bool is_aem_path(const std::filesystem::path& path);

// True for a packed AEM name, .aemz (any letter case): what `aem pack` writes.
bool is_packed_aem_path(const std::filesystem::path& path);

// The formats the toolkit reads, for messages: "glTF: .gltf, .glb; through Assimp: .3d, ...".
std::string model_formats_text();

// "<path>: unknown model format ...", naming the extension and listing model_formats_text(): what
// a bake of a file that no producer reads says, instead of what one producer makes of it.
std::string unknown_model_format_message(const std::filesystem::path& path);

// Every regular file below `dir` for which `wanted` is true (not following directory links,
// skipping .aem-bake stamp folders), sorted, as paths relative to `dir`. Throws
// std::runtime_error "<dir>: cannot be searched: <why>" when it cannot be read.
std::vector<std::filesystem::path> find_files_below(const std::filesystem::path& dir,
                                                    const std::function<bool(const std::filesystem::path&)>& wanted);

// Every model below `dir`: find_files_below with is_model_path.
std::vector<std::filesystem::path> find_model_files(const std::filesystem::path& dir);

// The total size of the regular files directly in `dir` that are not models: as far as a
// listing can tell before parsing, what a .gltf there reads (its buffers and images). 0 when
// `dir` cannot be listed. Weighs jobs for shards and progress estimates.
std::uint64_t non_model_bytes_in(const std::filesystem::path& dir);

}  // namespace aem::pipeline
