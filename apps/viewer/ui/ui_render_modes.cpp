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
  if (settings.mode == InspectionMode::meshlets && frame.viewed != nullptr && frame.meshlets == nullptr) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 280 * frame.scale);
    ImGui::TextUnformatted(std::string(kNoMeshletsMessage).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  ImGui::Checkbox("Grid", &settings.grid);
  ImGui::SameLine();
  ImGui::Checkbox("Wireframe", &settings.wireframe);
  ImGui::SameLine();
  ImGui::Checkbox("Skeleton", &settings.skeleton);
  ImGui::Checkbox("Auto-rotate", frame.auto_rotate);
}

}  // namespace aem::viewer
