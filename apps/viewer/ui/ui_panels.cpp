#include "ui/ui_panels.hpp"

#include <imgui.h>

#include <algorithm>

namespace aem::viewer {

void draw_ui(UiFrame& frame) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float margin = 8 * frame.scale;
  const ImVec2 max_size(std::max(display.x * 0.4f, 300 * frame.scale), display.y - 2 * margin);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing;
  // In a small frame the panels would hide the model: they start as title bars.
  const bool small = display.x < 640 * frame.scale || display.y < 480 * frame.scale;

  ImGui::SetNextWindowPos(ImVec2(margin, margin), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowCollapsed(small, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints(ImVec2(260 * frame.scale, 0), max_size);
  if (ImGui::Begin("Model", nullptr, kFlags)) {
    if (!frame.message.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1));
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 300 * frame.scale);
      ImGui::TextUnformatted(("Error: " + frame.message).c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
    }
    if (frame.viewed == nullptr) {
      ImGui::TextUnformatted("No model: drop an .aem, .gltf or .glb file on this window");
    } else {
      ui_statistics(frame);
      ui_materials(frame);
      ui_joints(frame);
      ui_warnings(frame);
    }
  }
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(display.x - margin, margin), ImGuiCond_FirstUseEver, ImVec2(1, 0));
  ImGui::SetNextWindowCollapsed(small, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints(ImVec2(240 * frame.scale, 0), max_size);
  if (ImGui::Begin("View", nullptr, kFlags)) {
    if (frame.viewed != nullptr) {
      ui_animation(frame);
      ui_morph_targets(frame);
    }
    ui_render_modes(frame);
    if (frame.viewed != nullptr) ui_levels(frame);
    ui_lighting(frame);
    ui_frame_time(frame);
    ui_keys(frame);
    ImGui::TextDisabled("H hides these panels");
  }
  ImGui::End();
}

}  // namespace aem::viewer
