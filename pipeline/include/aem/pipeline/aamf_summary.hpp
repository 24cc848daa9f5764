#pragma once
// What an AAMF file (.aamf) holds, as the AAMF producer reads it (specs/aamf-import.md): for
// `aem info` on a source model, before any bake.
#include <filesystem>
#include <string>

namespace aem::pipeline {

// Lines of text: the layout (SAMF v2 and its magic, or legacy), bones and roots, vertices and
// triangles, the legacy polygon kinds and texture names, and each animation with its keyframe
// count and length at 30 keyframes per second. Throws BakeError as the bake would on a bad file.
std::string describe_aamf(const std::filesystem::path& path);

}  // namespace aem::pipeline
