#pragma once
// Files `aem info` recognises as source models (what `aem bake` reads, not AEM files), so that it
// can say how to bake one and what the bake would lose instead of failing to open it as AEM.
#include <filesystem>
#include <optional>
#include <string>

namespace aem::cli {

// The source format `path` names, by its extension in any letter case ("glTF" for .gltf and
// .glb, "FBX (through Assimp)"), or nullopt for anything else: model_format_of
// (model_formats.hpp) decides, also in a build without the baker.
std::optional<std::string> source_model_format(const std::filesystem::path& path);

// `aem info` on a source model: says it is one, the command that bakes it (to NAME.aem beside
// it), and, from a dry run of that bake, what it would lose and write. `json`: one JSON object
// instead (specs/reports.md, "aem info on a source model"). Returns the exit status: 0, or 1 when
// the bake would fail (with the reason).
int describe_source_model(const std::string& path, const std::string& format, bool json);

}  // namespace aem::cli
