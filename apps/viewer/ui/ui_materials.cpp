// The material list: each material's three AEM textures as previews (one channel or RGB, at a
// chosen mip level); a click on a row (or on the model) selects the material, which the render
// highlights.
#include <imgui.h>

#include <algorithm>
#include <cstdint>

#include "aem/compression_name.hpp"
#include "aem/mip_chain.hpp"
#include "ui/ui_panels.hpp"

namespace aem::viewer {
namespace {

void texture_preview(UiFrame& frame, const Model& model, std::uint32_t index, GLuint gl_texture, bool srgb,
                     const char* role) {
  const aem::Texture& texture = model.textures()[index];
  const int levels = int(mip_count(texture.width, texture.height));
  const int level = std::min(frame.state->thumbnail_level, levels - 1);
  const int size = int(72 * frame.scale);
  const GLuint preview = frame.thumbnails->get(gl_texture, srgb, level, frame.state->thumbnail_channel, size);
  ImGui::BeginGroup();
  ImGui::Image(reinterpret_cast<ImTextureID>(std::uintptr_t(preview)), ImVec2(float(size), float(size)));
  if (ImGui::IsItemHovered()) {
    const GLuint large = frame.thumbnails->get(gl_texture, srgb, level, frame.state->thumbnail_channel, 4 * size);
    ImGui::BeginTooltip();
    ImGui::Text("%s: texture %u, %ux%u %s, %d mip levels; level %d is %ux%u", role, index, texture.width,
                texture.height, display_name(Compression(texture.compression)).c_str(), levels, level,
                std::max(1u, texture.width >> level), std::max(1u, texture.height >> level));
    ImGui::Image(reinterpret_cast<ImTextureID>(std::uintptr_t(large)), ImVec2(float(4 * size), float(4 * size)));
    ImGui::EndTooltip();
  }
  ImGui::TextDisabled("%s %s", role, display_name(Compression(texture.compression)).c_str());
  ImGui::EndGroup();
}

}  // namespace

void ui_materials(UiFrame& frame) {
  UiState& state = *frame.state;
  int& selected = frame.settings->selected_material;
  // A material selected elsewhere (a click on the model) opens the list and scrolls to it.
  const bool newly_selected = selected != state.shown_material && selected >= 0;
  state.shown_material = selected;
  if (newly_selected) ImGui::SetNextItemOpen(true);
  if (!ImGui::CollapsingHeader("Materials")) return;
  ViewedModel& viewed = *frame.viewed;
  const Model& model = viewed.model();

  int channel = int(state.thumbnail_channel);
  for (int c = 0; c < kThumbnailChannelCount; ++c) {
    if (c > 0) ImGui::SameLine();
    ImGui::RadioButton(name(ThumbnailChannel(c)), &channel, c);
  }
  state.thumbnail_channel = ThumbnailChannel(channel);
  int most_levels = 1;
  for (const aem::Texture& t : model.textures()) most_levels = std::max(most_levels, int(mip_count(t.width, t.height)));
  ImGui::SliderInt("Mip level", &state.thumbnail_level, 0, most_levels - 1);
  if (selected >= 0 && ImGui::SmallButton("Clear selection")) selected = -1;
  ImGui::TextDisabled("A click on the model selects");

  const auto materials = model.materials();
  const auto& gpu = viewed.gpu().materials();
  for (std::size_t i = 0; i < materials.size(); ++i) {
    const Material& material = materials[i];
    ImGui::PushID(int(i));
    char label[96];
    std::snprintf(label, sizeof label, "Material %zu (%s)", i,
                  material.type == std::uint32_t(MaterialType::transparent) ? "transparent" : "opaque");
    if (ImGui::Selectable(label, selected == int(i))) {
      selected = selected == int(i) ? -1 : int(i);
      state.shown_material = selected;  // chosen here: no need to scroll
    }
    if (newly_selected && selected == int(i)) ImGui::SetScrollHereY(0.25f);
    texture_preview(frame, model, material.base_color_texture, gpu[i].base_color, true, "base");
    ImGui::SameLine();
    texture_preview(frame, model, material.normal_texture, gpu[i].normal, false, "normal");
    ImGui::SameLine();
    texture_preview(frame, model, material.pbr_texture, gpu[i].pbr, false, "pbr");
    ImGui::PopID();
  }
}

}  // namespace aem::viewer
