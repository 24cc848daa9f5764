// The keys and mouse gestures, for reference (closed by default), from the one table that the
// event handling dispatches through (key_bindings.hpp).
#include <imgui.h>

#include "ui/key_bindings.hpp"
#include "ui/ui_panels.hpp"

namespace aem::viewer {
namespace {

void key_row(const char* name, std::string_view description) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%.*s", int(description.size()), description.data());
}

}  // namespace

void ui_keys(UiFrame&) {
  if (!ImGui::CollapsingHeader("Keys and mouse")) return;
  if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) return;
  for (const KeyReferenceLine& line : key_reference()) key_row(line.name.c_str(), line.description);
  ImGui::EndTable();
}

}  // namespace aem::viewer
