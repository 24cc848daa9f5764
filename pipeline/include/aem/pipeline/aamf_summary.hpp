#pragma once
// What an AAMF file (.aamf) holds, as the AAMF producer reads it (specs/aamf-import.md): for
// `aem info` on a source model, before any bake.
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace aem::pipeline {

struct AamfSummary {
  bool skinned = false;   // SAMF v2; false: the legacy layout (one rigid mesh per bone)
  std::string magic;      // "SAMF" or "AAMF" when skinned, else empty
  std::size_t bones = 0, roots = 0;
  std::size_t vertices = 0;   // legacy: polygon corners
  std::size_t triangles = 0;
  std::vector<std::pair<std::string, std::uint64_t>> polygons;  // legacy: each kind used ("GT4") and its count
  std::vector<std::string> texture_names;                       // legacy: names textured polygons use
  struct Animation {
    std::string name;
    std::uint32_t keyframes = 0;
  };
  std::vector<Animation> animations;
};

// Parses `path` as the bake would. Throws BakeError as the bake would on a bad file.
AamfSummary summarize_aamf(const std::filesystem::path& path);

// Lines of text: the layout, bones and roots, vertices and triangles, the legacy polygon kinds and
// texture names, and each animation with its keyframe count and length at `fps` keyframes per
// second (a bake's default, 30, unless its --fps says otherwise).
std::string describe_aamf(const AamfSummary& summary, double fps);

}  // namespace aem::pipeline
