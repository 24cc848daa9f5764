// The animation list, a timeline to scrub, play/pause, loop, speed, and a cross-fade between
// two chosen animations through the mixer.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/ui_panels.hpp"

namespace aem::viewer {
namespace {

std::string animation_label(const Model& model, int animation) {
  if (animation < 0) return "bind pose";
  const Animation& a = model.animations()[std::size_t(animation)];
  const std::string name(name_view(a.name));
  char buffer[200];
  std::snprintf(buffer, sizeof buffer, "%d %s (%.2f s)", animation, name.empty() ? "(unnamed)" : name.c_str(),
                double(a.duration));
  return buffer;
}

bool animation_combo(const char* label, const Model& model, int& animation) {
  bool changed = false;
  if (ImGui::BeginCombo(label, animation_label(model, animation).c_str())) {
    for (int a = 0; a < int(model.animations().size()); ++a) {
      if (ImGui::Selectable(animation_label(model, a).c_str(), a == animation)) {
        animation = a;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

}  // namespace

void ui_animation(UiFrame& frame) {
  AnimationPlayer& player = frame.viewed->player();
  const Model& model = frame.viewed->model();
  if (player.animation_count() == 0 || !ImGui::CollapsingHeader("Animation", ImGuiTreeNodeFlags_DefaultOpen)) return;

  const float rows = float(std::min(player.animation_count() + 1, 6u));  // the bind pose too
  const float list_height = ImGui::GetTextLineHeightWithSpacing() * rows + ImGui::GetStyle().FramePadding.y * 2;
  if (ImGui::BeginListBox("##animations", ImVec2(-1, list_height))) {
    for (int a = -1; a < int(player.animation_count()); ++a) {
      if (ImGui::Selectable(animation_label(model, a).c_str(), player.animation() == a)) player.select(a);
    }
    ImGui::EndListBox();
  }

  if (player.animation() >= 0) {
    float time = player.time();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##time", &time, 0.0f, player.duration(), "%.3f s")) {
      player.playing = false;  // scrubbing holds the frame
      player.set_time(time);
    }
  }
  if (ImGui::Button(player.playing ? "Pause" : "Play", ImVec2(60 * frame.scale, 0))) player.playing = !player.playing;
  ImGui::SameLine();
  if (ImGui::Button("|<")) player.set_time(0);
  ImGui::SameLine();
  ImGui::Checkbox("Loop", &player.loop);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &player.speed, -4.0f, 4.0f, "speed %.2fx");

  if (player.animation_count() >= 2) ImGui::SetNextItemOpen(true, ImGuiCond_Once);
  if (player.animation_count() >= 2 && ImGui::TreeNode("Cross-fade")) {
    UiState& state = *frame.state;
    const int last = int(player.animation_count()) - 1;
    state.fade_from = std::clamp(state.fade_from, 0, last);
    state.fade_to = std::clamp(state.fade_to, 0, last);
    animation_combo("from", model, state.fade_from);
    animation_combo("to", model, state.fade_to);
    ImGui::SliderFloat("seconds", &state.fade_seconds, 0.05f, 5.0f, "%.2f s", ImGuiSliderFlags_Logarithmic);
    if (ImGui::Button("Play 'from', fade to 'to'")) {
      player.select(state.fade_from);
      player.set_time(0);
      player.playing = true;
      player.cross_fade(state.fade_to, state.fade_seconds);
    }
    ImGui::SameLine();
    if (ImGui::Button("Fade to 'to' now")) {
      player.playing = true;
      player.cross_fade(state.fade_to, state.fade_seconds);
    }
    if (player.fading()) {
      char overlay[160];
      std::snprintf(overlay, sizeof overlay, "%s -> %s", animation_label(model, player.fade_from()).c_str(),
                    animation_label(model, player.animation()).c_str());
      ImGui::ProgressBar(player.fade_weight(), ImVec2(-1, 0), overlay);
    }
    ImGui::TreePop();
  }
}

}  // namespace aem::viewer
