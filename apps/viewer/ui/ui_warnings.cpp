// What the in-memory bake of a glTF preview lost (empty for an .aem file).
#include <imgui.h>

#include "ui/ui_panels.hpp"
#include "ui/warning_lines.hpp"

namespace aem::viewer {

void ui_warnings(UiFrame& frame) {
  const ViewedModel& viewed = *frame.viewed;
  if (viewed.warnings().empty()) return;
  char title[64];
  std::snprintf(title, sizeof title, "Bake warnings (%zu)###warnings", viewed.warnings().size());
  if (!ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen)) return;
  WarningLayout layout;
  layout.width = 42;  // characters: the Model window's usual width
  layout.per_warning = 6;
  layout.total = 60;
  const std::vector<std::string> lines = warning_lines(viewed.warnings(), viewed.path().string(), layout);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.4f, 1));
  for (std::size_t i = 1; i < lines.size(); ++i) ImGui::TextUnformatted(lines[i].c_str());  // [0]: the heading
  ImGui::PopStyleColor();
}

}  // namespace aem::viewer
