// What the model's pixels show (InspectionMode) and the overlays.
#include <imgui.h>

#include <string>

#include "ui/ui_panels.hpp"

namespace aem::viewer {

void ui_render_modes(UiFrame& frame) {
  if (!ImGui::CollapsingHeader("Render", ImGuiTreeNodeFlags_DefaultOpen)) return;
  RenderSettings& settings = *frame.settings;
  const std::string current(name(settings.mode));
  if (ImGui::BeginCombo("Mode", current.c_str())) {
    for (int m = 0; m < kInspectionModeCount; ++m) {
      const std::string label(name(InspectionMode(m)));
      if (ImGui::Selectable(label.c_str(), int(settings.mode) == m)) settings.mode = InspectionMode(m);
    }
    ImGui::EndCombo();
  }
  ImGui::Checkbox("Grid", &settings.grid);
  ImGui::SameLine();
  ImGui::Checkbox("Wireframe", &settings.wireframe);
  ImGui::SameLine();
  ImGui::Checkbox("Skeleton", &settings.skeleton);
  ImGui::Checkbox("Auto-rotate", frame.auto_rotate);
}

}  // namespace aem::viewer
