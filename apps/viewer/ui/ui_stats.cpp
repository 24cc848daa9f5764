// Model statistics: the file, counts, sizes, how it was loaded and how long that took.
#include <imgui.h>

#include <filesystem>

#include "ui/ui_panels.hpp"

namespace aem::viewer {

void ui_statistics(UiFrame& frame) {
  if (!ImGui::CollapsingHeader("Statistics", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const ViewedModel& viewed = *frame.viewed;
  const Model& m = viewed.model();
  const Header& h = m.header();
  ImGui::TextUnformatted(viewed.path().filename().string().c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", viewed.path().string().c_str());
  std::error_code ec;
  const auto file_bytes = std::filesystem::file_size(viewed.path(), ec);
  if (ImGui::BeginTable("statistics", 2, ImGuiTableFlags_SizingFixedFit)) {
    const auto row = [](const char* label, const char* format, auto... values) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", label);
      ImGui::TableNextColumn();
      ImGui::Text(format, values...);
    };
    row("Vertices", "%u", h.vertex_count);
    row("Triangles", "%u", h.index_count / 3);
    row("Meshes", "%u", h.mesh_count);
    row("Materials", "%u", h.material_count);
    unsigned by_compression[3] = {0, 0, 0};
    for (const aem::Texture& t : m.textures()) {
      if (t.compression < 3) ++by_compression[t.compression];
    }
    row("Textures", "%u (%u RGBA8, %u BC5, %u BC7)", h.texture_count, by_compression[0], by_compression[1],
        by_compression[2]);
    row("Image data", "%.2f MiB", double(h.image_buffer_size) / (1024.0 * 1024.0));
    row("Joints", "%u", h.joint_count);
    row("Animations", "%u (%u keyframes)", h.animation_count, h.keyframe_count);
    if (!ec) row("File", "%.2f MiB", double(file_bytes) / (1024.0 * 1024.0));
    row("Loaded", "%s in %.1f ms",
        viewed.baked_in_memory() ? "baked in memory"
        : m.mapped()            ? (m.zero_copy() ? "mapped, zero-copy" : "mapped, realigned")
                                : "read into memory",
        viewed.load_ms());
    row("BC7", "%s", frame.bptc ? "decoded by the GPU" : "decoded on the CPU");
    ImGui::EndTable();
  }
}

}  // namespace aem::viewer
