// Lighting and environment: edits RenderSettings' lighting fields (the renderer applies them).
#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/ui_panels.hpp"

namespace aem::viewer {

void ui_lighting(UiFrame& frame) {
  if (!ImGui::CollapsingHeader("Lighting")) return;
  RenderSettings& settings = *frame.settings;
  UiState& state = *frame.state;
  ImGui::Checkbox("Image-based lighting", &settings.image_based_lighting);
  if (state.environment_path.empty()) state.environment_path = settings.environment_file.string();
  if (ImGui::InputTextWithHint("Environment", "procedural (or a path to an .hdr)", &state.environment_path,
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
    settings.environment_file = state.environment_path;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("An equirectangular Radiance .hdr; Enter applies, empty: procedural");
  ImGui::SliderFloat("Rotation", &settings.environment_yaw_degrees, -180.0f, 180.0f, "%.0f deg");
  ImGui::SliderFloat("Exposure", &settings.exposure_stops, -6.0f, 6.0f, "%+.1f stops");
  int background = int(settings.background_mode);
  ImGui::RadioButton("Environment", &background, int(BackgroundMode::environment));
  ImGui::SameLine();
  ImGui::RadioButton("Flat colour", &background, int(BackgroundMode::flat_colour));
  settings.background_mode = BackgroundMode(background);
  if (settings.background_mode == BackgroundMode::flat_colour) {
    ImGui::ColorEdit3("Background", settings.background, ImGuiColorEditFlags_NoInputs);
  }
}

}  // namespace aem::viewer
