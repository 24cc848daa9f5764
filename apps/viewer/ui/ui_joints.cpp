// The joint hierarchy as a tree; the selected joint is highlighted in the skeleton overlay.
#include <imgui.h>

#include <vector>

#include "ui/ui_panels.hpp"

namespace aem::viewer {
namespace {

void joint_node(UiFrame& frame, const Model& model, const std::vector<std::vector<int>>& children, int joint) {
  int& selected = frame.settings->selected_joint;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_OpenOnDoubleClick |
                             ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_DefaultOpen;
  if (children[std::size_t(joint)].empty()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (selected == joint) flags |= ImGuiTreeNodeFlags_Selected;
  const std::string name(name_view(model.joints()[std::size_t(joint)].name));
  const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(std::intptr_t(joint)), flags, "%d %s", joint,
                                      name.empty() ? "(unnamed)" : name.c_str());
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
    selected = selected == joint ? -1 : joint;
    if (selected >= 0) frame.settings->skeleton = true;  // show what was selected
  }
  if (open && !children[std::size_t(joint)].empty()) {
    for (int child : children[std::size_t(joint)]) joint_node(frame, model, children, child);
    ImGui::TreePop();
  }
}

}  // namespace

void ui_joints(UiFrame& frame) {
  const Model& model = frame.viewed->model();
  const auto joints = model.joints();
  if (joints.empty() || !ImGui::CollapsingHeader("Joints")) return;
  // Parents come before their children (the format's rule), so one pass builds the lists.
  std::vector<std::vector<int>> children(joints.size());
  std::vector<int> roots;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const std::int32_t parent = joints[j].parent;
    if (parent >= 0 && std::size_t(parent) < j) {
      children[std::size_t(parent)].push_back(int(j));
    } else {
      roots.push_back(int(j));
    }
  }
  ImGui::Checkbox("Skeleton overlay", &frame.settings->skeleton);
  if (frame.settings->selected_joint >= 0) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Clear selection")) frame.settings->selected_joint = -1;
  }
  for (int root : roots) joint_node(frame, model, children, root);
}

}  // namespace aem::viewer
