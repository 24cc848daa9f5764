#pragma once
// The viewer's Dear ImGui panels. Two movable, collapsible windows keep to the sides of the
// model: "Model" (statistics, materials, joints, bake warnings) on the left, "View"
// (animation, morph targets, render modes, levels of detail, lighting, frame time) on the right. Each section lives in its own
// ui_*.cpp file; they read the viewed model and edit the settings in place.
#include <span>
#include <string>
#include <vector>

#include "model/viewed_model.hpp"
#include "render/meshlet_culling.hpp"
#include "render/renderer.hpp"
#include "render/texture_thumbnails.hpp"

namespace aem::viewer {

// What the panels remember between frames.
struct UiState {
  ThumbnailChannel thumbnail_channel = ThumbnailChannel::rgb;
  int thumbnail_level = 0;
  int fade_from = 0, fade_to = 1;
  float fade_seconds = 0.5f;
  std::string environment_path;  // the text field, applied on Enter
  std::vector<float> frame_ms_history;
  int shown_material = -1;  // the selection the material list last saw: a new one is scrolled to
};

// What the panels show and edit in one frame.
struct UiFrame {
  ViewedModel* viewed = nullptr;  // null: no model open
  RenderSettings* settings = nullptr;
  bool* auto_rotate = nullptr;
  std::string message;  // the last error, shown at the top
  double frame_ms = 0;
  bool bptc = false;  // BC7 decoded by the GPU (false: on the CPU at load)
  float scale = 1;    // content scale, for sizes in pixels
  TextureThumbnails* thumbnails = nullptr;
  UiState* state = nullptr;
  std::span<const LevelChoice> levels;  // per mesh: this frame's level of detail
  const MeshletCounts* meshlets = nullptr;  // this frame's culling counts; null without meshlets
};

// Lays out both windows for this frame (between UiLayer's begin and end).
void draw_ui(UiFrame& frame);

void ui_statistics(UiFrame& frame);  // ui_stats.cpp
void ui_materials(UiFrame& frame);   // ui_materials.cpp
void ui_joints(UiFrame& frame);      // ui_joints.cpp
void ui_warnings(UiFrame& frame);    // ui_warnings.cpp
void ui_animation(UiFrame& frame);   // ui_animation.cpp
void ui_morph_targets(UiFrame& frame);  // ui_morph_targets.cpp
void ui_render_modes(UiFrame& frame);  // ui_render_modes.cpp
void ui_levels(UiFrame& frame);      // ui_levels.cpp
void ui_lighting(UiFrame& frame);    // ui_lighting.cpp
void ui_frame_time(UiFrame& frame);  // ui_frame_time.cpp
void ui_keys(UiFrame& frame);        // ui_keys.cpp

}  // namespace aem::viewer
