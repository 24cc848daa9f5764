#pragma once
// Imports an AAMF model (.aamf), the UnnamedHB1 PlayStation game's animated model, as the
// pipeline's Scene (specs/aamf-import.md): SAMF v2 (skinned, "SAMF"/"AAMF" magic) and the legacy
// layout (one rigid mesh per bone). The file is hostile input: every count and offset is checked
// against its size before use, and the first problem throws one BakeError naming the file, what is
// wrong and the offset.
#include <filesystem>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Keyframes play at options.aamf_fps per second: AAMF stores no rate. 30 (the default) is the SAMF
// exporter's default and what the game's converters assume (specs/aamf-import.md §4).
Scene import_aamf(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
