// The keys and mouse actions, for reference (closed by default).
#include <imgui.h>

#include "ui/ui_panels.hpp"

namespace aem::viewer {

void ui_keys(UiFrame&) {
  if (!ImGui::CollapsingHeader("Keys and mouse")) return;
  static const char* const kLines[][2] = {
      {"left drag", "orbit"},
      {"right/middle drag", "pan"},
      {"wheel", "zoom"},
      {"left click", "select the material"},
      {"F / R", "frame / auto-rotate"},
      {"Space", "play / pause"},
      {"N / B", "next / previous animation"},
      {"+ / -", "speed"},
      {"Left / Right", "scrub (Shift: fine)"},
      {"Home", "restart"},
      {"M / Shift+M", "inspection mode"},
      {"W / K / G", "wireframe / skeleton / grid"},
      {"H", "these panels"},
      {"Esc", "quit"},
      {"drop a file", "open it (reloads when it changes)"},
  };
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const auto& line : kLines) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(line[0]);
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", line[1]);
    }
    ImGui::EndTable();
  }
}

}  // namespace aem::viewer
