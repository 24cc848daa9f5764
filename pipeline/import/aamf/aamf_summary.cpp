// describe_aamf: the parsed file in words, for `aem info`.
#include "aem/pipeline/aamf_summary.hpp"

#include <cstdio>

#include "aem/pipeline/bake_options.hpp"
#include "import/aamf/aamf_import.hpp"
#include "import/aamf/aamf_parser.hpp"
#include "io/confined_files.hpp"

namespace aem::pipeline {

std::string describe_aamf(const std::filesystem::path& path) {
  std::vector<unsigned char> file;
  if (const std::string why = read_regular_file(path, file, std::uint64_t(1) << 30); !why.empty()) throw BakeError(path.string() + ": " + why);
  const aamf::Model model = aamf::parse_model(aamf::Bytes(file.data(), file.size(), path.string()));
  std::size_t roots = 0, vertices = 0, triangles = 0;
  for (std::size_t b = 0; b < model.bones.size(); ++b) roots += model.bones[b].parent == b ? 1 : 0;
  for (const aamf::MeshData& m : model.meshes) { vertices += m.positions.size(); triangles += m.triangles.size(); }
  std::string text = model.skinned ? "layout: SAMF v2 (skinned, magic \"" + model.magic + "\")\n" : "layout: legacy AAMF (one rigid mesh per bone)\n";
  text += "bones: " + std::to_string(model.bones.size()) + " (" + std::to_string(roots) + (roots == 1 ? " root)\n" : " roots)\n");
  text += "vertices: " + std::to_string(vertices) + (model.skinned ? "" : " (polygon corners)") + ", triangles: " + std::to_string(triangles) + "\n";
  if (!model.skinned) {
    text += "polygons:";
    for (std::size_t k = 0; k < 8; ++k)
      if (model.polygons[k] > 0) text.append(" ").append(aamf::kPolygonKindNames[k]).append(" ").append(std::to_string(model.polygons[k]));
    text += "\ntextures named (not in the file):";
    for (const std::string& n : model.texture_names) text += " '" + n + "'";
    text += model.texture_names.empty() ? " none\n" : "\n";
  }
  text += "animations: " + std::to_string(model.animations.size()) + "\n";
  for (const aamf::AnimationData& a : model.animations) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", (a.frames - 1) / kAamfDefaultFps);
    text += "  '" + a.name + "': " + std::to_string(a.frames) + " keyframes (" + seconds + " s at 30 fps)\n";
  }
  return text;
}

}  // namespace aem::pipeline
