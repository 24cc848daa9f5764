// Levels of detail (issue 38): the screen error allowed, a level locked or chosen by distance,
// and the levels in use: per mesh of the selected material, or the model's total.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/ui_panels.hpp"

namespace aem::viewer {
namespace {

// "level 2 of 3, 1200 triangles, 0.8 px" for one mesh's choice.
void mesh_line(std::size_t index, const GpuMesh& mesh, const LevelChoice& choice) {
  ImGui::Text("mesh %zu: level %u of %zu, %u triangles, %.2g px", index, choice.level, mesh.levels.size() - 1,
              mesh.levels[choice.level].triangle_count(), double(choice.error_pixels));
}

// Every mesh together: triangles drawn against level 0's, and the largest error on screen.
void total_line(const std::vector<GpuMesh>& meshes, std::span<const LevelChoice> levels) {
  std::uint64_t drawn = 0, full = 0;
  std::uint32_t coarsest = 0;
  float worst = 0;
  for (std::size_t m = 0; m < meshes.size() && m < levels.size(); ++m) {
    drawn += meshes[m].levels[levels[m].level].triangle_count();
    full += meshes[m].levels[0].triangle_count();
    coarsest = std::max(coarsest, levels[m].level);
    worst = std::max(worst, levels[m].error_pixels);
  }
  ImGui::Text("all meshes: %llu of %llu triangles", (unsigned long long)drawn, (unsigned long long)full);
  ImGui::Text("levels up to %u, at most %.2g px", coarsest, double(worst));
}

// What a meshlet culler would skip of the drawn levels in this view.
void meshlet_lines(const MeshletCounts& c) {
  ImGui::Text("meshlets: %u drawn, %u outside the view, %u facing away", c.drawn, c.outside, c.facing_away);
  if (c.untested > 0) ImGui::TextDisabled("%u of skinned or morphed meshes not tested (bind-pose bounds)", c.untested);
}

}  // namespace

void ui_levels(UiFrame& frame) {
  if (!ImGui::CollapsingHeader("Levels and meshlets", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (frame.meshlets != nullptr) meshlet_lines(*frame.meshlets);
  const std::vector<GpuMesh>& meshes = frame.viewed->gpu().meshes();
  const std::uint32_t last = last_level(meshes);
  if (last == 0) {
    ImGui::TextDisabled("No levels in this model (aem bake --lods N)");
    return;
  }
  LevelSettings& settings = frame.settings->levels;
  ImGui::SliderFloat("Pixel error", &settings.pixels, 0.25f, 16.0f, "%.2f px", ImGuiSliderFlags_Logarithmic);
  const std::string current = settings.locked < 0 ? "auto" : "level " + std::to_string(settings.locked);
  if (ImGui::BeginCombo("Level (L)", current.c_str())) {
    if (ImGui::Selectable("auto", settings.locked < 0)) settings.locked = -1;
    for (std::uint32_t k = 0; k <= last; ++k) {
      const std::string label = "level " + std::to_string(k);
      if (ImGui::Selectable(label.c_str(), settings.locked == int(k))) settings.locked = int(k);
    }
    ImGui::EndCombo();
  }
  const int material = frame.settings->selected_material;
  if (material < 0) {
    total_line(meshes, frame.levels);
    return;
  }
  for (std::size_t m = 0; m < meshes.size() && m < frame.levels.size(); ++m) {
    if (int(meshes[m].material) == material) mesh_line(m, meshes[m], frame.levels[m]);
  }
}

}  // namespace aem::viewer
