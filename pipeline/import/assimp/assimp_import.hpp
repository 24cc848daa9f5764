#pragma once
// Imports FBX, OBJ, COLLADA, 3DS, PLY, STL, X, 3MF, Blender... (is_assimp_path, batch_bake.hpp)
// through Assimp, running in a child process, aem-import-assimp (specs/assimp-import.md). A crash,
// an assertion or a hang inside Assimp fails the bake with a BakeError naming the model, never the
// baker. The scene the child sends is hostile input: it is read within limits and every reference
// is checked before anything uses it. Image files the scene names are resolved and read here,
// under the bake's ReadConfinement, never by the child's word.
#include <chrono>
#include <cstdint>
#include <filesystem>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

struct AssimpChildSettings {
  std::filesystem::path importer;                    // empty: assimp_importer_path()
  std::uint64_t max_scene_bytes = std::uint64_t(1) << 32;  // what the child may write to its pipe
  std::chrono::milliseconds time_limit{std::chrono::minutes(10)};  // then the child is killed
  std::uint64_t max_memory_mb = 16384;               // the child's address space (RLIMIT_AS)
};

// Where aem-import-assimp is: beside the running executable (an installed aem, or a tool that
// ships it), else where this build made it (AEM_ASSIMP_IMPORTER_BUILT), else where it installs
// it (AEM_ASSIMP_IMPORTER_INSTALLED). Empty when it is in none of them.
std::filesystem::path assimp_importer_path();

// The model as a Scene. Throws BakeError "<model>: Assimp import failed: <why>" when the child
// fails, crashes, exceeds a limit or sends a malformed scene; BakeCancelled (the child killed)
// once options.signals.cancel is set. Import-wide losses go to `warnings`. A file the model names
// that is missing (an OBJ's material library) is an error naming it, or with
// options.allow_missing a warning. Scene::inputs lists the model, every file the importer looked
// for and every image file, resolved.
Scene import_assimp(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings,
                    const AssimpChildSettings& settings = {});

}  // namespace aem::pipeline
