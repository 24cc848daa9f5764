// summarize_aamf and describe_aamf: the parsed file in numbers and in words, for `aem info`.
#include "aem/pipeline/aamf_summary.hpp"

#include <cstdio>

#include "aem/pipeline/bake_error.hpp"
#include "import/aamf/aamf_parser.hpp"
#include "io/confined_files.hpp"

namespace aem::pipeline {

AamfSummary summarize_aamf(const std::filesystem::path& path) {
  std::vector<unsigned char> file;
  if (const std::string why = read_regular_file(path, file, std::uint64_t(1) << 30); !why.empty()) throw BakeError(path.string() + ": " + why);
  const aamf::Model model = aamf::parse_model(aamf::Bytes(file.data(), file.size(), path.string()));
  AamfSummary s;
  s.skinned = model.skinned;
  s.magic = model.skinned ? model.magic : "";
  s.bones = model.bones.size();
  for (std::size_t b = 0; b < model.bones.size(); ++b) s.roots += model.bones[b].parent == b ? 1 : 0;
  for (const aamf::MeshData& m : model.meshes) {
    s.vertices += m.positions.size();
    s.triangles += m.triangles.size();
  }
  for (std::size_t k = 0; k < model.polygons.size(); ++k)
    if (model.polygons[k] > 0) s.polygons.emplace_back(aamf::kPolygonKindNames[k], model.polygons[k]);
  s.texture_names = model.texture_names;
  for (const aamf::AnimationData& a : model.animations) s.animations.push_back({a.name, a.frames});
  return s;
}

std::string describe_aamf(const AamfSummary& s, double fps) {
  std::string text = s.skinned ? "layout: SAMF v2 (skinned, magic \"" + s.magic + "\")\n" : "layout: legacy AAMF (one rigid mesh per bone)\n";
  text += "bones: " + std::to_string(s.bones) + " (" + std::to_string(s.roots) + (s.roots == 1 ? " root)\n" : " roots)\n");
  text += "vertices: " + std::to_string(s.vertices) + (s.skinned ? "" : " (polygon corners)") + ", triangles: " + std::to_string(s.triangles) + "\n";
  if (!s.skinned) {
    text += "polygons:";
    for (const auto& [kind, count] : s.polygons) text += " " + kind + " " + std::to_string(count);
    text += "\ntextures named (not in the file):";
    for (const std::string& n : s.texture_names) text += " '" + n + "'";
    text += s.texture_names.empty() ? " none\n" : "\n";
  }
  text += "animations: " + std::to_string(s.animations.size()) + "\n";
  for (const AamfSummary::Animation& a : s.animations) {
    char seconds[48];
    const double span = a.keyframes > 1 ? double(a.keyframes - 1) : 0.0;  // keyframe k at k / fps
    std::snprintf(seconds, sizeof seconds, "%.3f s at %g fps", span / fps, fps);
    text += "  '" + a.name + "': " + std::to_string(a.keyframes) + " keyframes (" + seconds + ")\n";
  }
  return text;
}

}  // namespace aem::pipeline
