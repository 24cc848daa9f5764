// The morph targets (the morph_targets extension): a slider per target, grouped as the file
// groups them, showing the weight drawn this frame. Moving a slider holds that target at its
// value over the animation until "Animated weights" lets the animation (or the default weights)
// drive it again. When the GPU cannot hold the targets, why (the model is drawn at rest).
#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>

#include "aem/ext_morph_targets.hpp"
#include "ui/ui_panels.hpp"

namespace aem::viewer {
namespace {

std::string label_of(std::string_view name, const char* kind, std::uint32_t index) {
  return name.empty() ? std::string(kind) + " " + std::to_string(index) : std::string(name);
}

void group_sliders(AnimationPlayer& player, const MorphTargetsView& morphs, std::uint32_t group) {
  const MorphGroup& g = morphs.groups[group];
  for (std::uint32_t t = g.first_target; t < g.first_target + g.target_count; ++t) {
    float weight = t < player.morph_weights().size() ? player.morph_weights()[t] : 0.0f;
    const bool held = player.morph_weight_held(t);
    ImGui::PushID(int(t));
    if (held) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.45f, 0.3f, 0.1f, 0.8f));  // held: not animated
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("MMMMMMMMMMMM").x);
    if (ImGui::SliderFloat(label_of(morphs.name(morphs.targets[t]), "target", t).c_str(), &weight, 0.0f, 1.0f, "%.3f")) {
      player.hold_morph_weight(t, weight);
    }
    if (held) ImGui::PopStyleColor();
    ImGui::PopID();
  }
}

}  // namespace

void ui_morph_targets(UiFrame& frame) {
  const std::optional<MorphTargetsView> morphs = morph_targets_of(frame.viewed->model());
  if (!morphs || morphs->targets.empty()) return;
  char title[64];
  std::snprintf(title, sizeof title, "Morph targets (%zu)###morph_targets", morphs->targets.size());
  if (!ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::string& refusal = frame.viewed->gpu().morphs().refusal();
  if (!refusal.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.4f, 1));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 300 * frame.scale);
    ImGui::TextUnformatted(refusal.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    return;
  }
  AnimationPlayer& player = frame.viewed->player();
  ImGui::BeginDisabled(!player.any_morph_weight_held());
  if (ImGui::Button("Animated weights")) player.release_morph_weights();
  ImGui::EndDisabled();
  // Many targets (a face rig has hundreds) scroll in a box of their own.
  const float row = ImGui::GetFrameHeightWithSpacing();
  const float rows = float(morphs->targets.size() + morphs->groups.size());
  ImGui::BeginChild("##morph_sliders", ImVec2(0, std::min(rows, 12.0f) * row + ImGui::GetStyle().WindowPadding.y));
  for (std::uint32_t g = 0; g < morphs->groups.size(); ++g) {
    ImGui::PushID(int(g));
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (ImGui::TreeNode(label_of(morphs->name(morphs->groups[g]), "group", g).c_str())) {
      group_sliders(player, *morphs, g);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace aem::viewer
