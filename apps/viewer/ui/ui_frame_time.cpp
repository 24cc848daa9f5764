// Frame time: the smoothed value and the last few seconds as a plot.
#include <imgui.h>

#include <algorithm>

#include "ui/ui_panels.hpp"

namespace aem::viewer {

void ui_frame_time(UiFrame& frame) {
  std::vector<float>& history = frame.state->frame_ms_history;
  constexpr std::size_t kKept = 240;
  if (frame.frame_ms > 0) history.push_back(float(frame.frame_ms));
  if (history.size() > kKept) history.erase(history.begin(), history.begin() + std::ptrdiff_t(history.size() - kKept));
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%.2f ms (%.0f fps)", frame.frame_ms,
                frame.frame_ms > 0 ? 1000.0 / frame.frame_ms : 0.0);
  if (!ImGui::CollapsingHeader("Frame time", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const float top = history.empty() ? 1.0f : *std::max_element(history.begin(), history.end());
  ImGui::PlotLines("##frame_ms", history.data(), int(history.size()), 0, overlay, 0.0f, std::max(top * 1.2f, 1.0f),
                   ImVec2(-1, 40 * frame.scale));
}

}  // namespace aem::viewer
