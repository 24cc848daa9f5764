#pragma once
// The viewer itself: a window, the viewed model, the camera and the controls; the interactive
// loop and the headless screenshot.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/file_watch.hpp"
#include "app/window.hpp"
#include "model/viewed_model.hpp"
#include "options/options.hpp"
#include "render/meshlet_culling.hpp"
#include "render/renderer.hpp"
#include "render/texture_thumbnails.hpp"
#include "ui/ui_layer.hpp"
#include "ui/ui_panels.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

class ViewerApp {
 public:
  // `initial` is the model already opened from options.file (or null for none). Creates the
  // window; throws std::runtime_error when there is no GL 3.3 context.
  ViewerApp(const Options& options, std::unique_ptr<LoadedModel> initial,
            std::chrono::steady_clock::time_point process_start);
  ~ViewerApp();

  // Renders one frame off-screen and writes it to options.screenshot.
  void screenshot();
  // The interactive loop, until the window closes (or options.frames frames were presented).
  void run();

  // For the headless modes built on the screenshot (turntable.cpp, batch_thumbnails.cpp):
  // renders the current model off-screen at the screenshot size; RGBA8, rows top to bottom.
  std::vector<std::uint8_t> render_offscreen();
  // Replaces the viewed model with `loaded`, opened from `path`, posed and framed as options say.
  // Throws (std::invalid_argument for --animation past its last, std::runtime_error for what
  // the GPU refuses) and then shows no model.
  void show(std::unique_ptr<LoadedModel> loaded, const std::filesystem::path& path);
  OrbitCamera& camera() { return camera_; }
  const Bounds& framed_bounds() const { return bounds_; }
  const Options& options() const { return options_; }
  // What --size gives a headless frame: 512x512 unless asked.
  int screenshot_width() const { return options_.width > 0 ? options_.width : 512; }
  int screenshot_height() const { return options_.height > 0 ? options_.height : 512; }

 private:
  void apply_camera_options();
  bool headless() const { return options_.screenshot.has_value() || options_.thumbnail_output.has_value(); }
  float view_aspect() const;  // of the frame being drawn: screenshot size or window
  void open(const std::filesystem::path& path, bool keep_camera);
  void handle_event(const SDL_Event& event, bool& quit);
  void handle_key(const SDL_KeyboardEvent& key, bool& quit);
  void draw_frame(int width, int height);
  // Chooses each mesh's level of detail for a width x height frame and sets it to be drawn; counts
  // what a meshlet culler would skip of those levels.
  void choose_levels_of_detail(int width, int height);
  // The screenshot's account of the levels drawn (the panel is hidden there): one line per mesh,
  // and the meshlets' counts, or that the meshlets mode has none to show.
  void print_levels_of_detail() const;
  // The UI (viewer_app_ui.cpp): created on first use; drawn over the frame when shown.
  void draw_panels(int width, int height);
  // Selects the material under pixel (x, y) of a width x height frame (none: -1); returns it.
  int select_material_at(float x, float y, int width, int height);
  // --keys and --pick: what happens before the first frame of a width x height view.
  void apply_start_actions(int width, int height);

  Options options_;
  std::chrono::steady_clock::time_point process_start_;
  Window window_;
  TextureCaps caps_;
  std::unique_ptr<Renderer> renderer_;
  std::unique_ptr<UiLayer> ui_;
  std::unique_ptr<TextureThumbnails> thumbnails_;
  UiState ui_state_;
  std::unique_ptr<ViewedModel> viewed_;
  OrbitCamera camera_;
  RenderSettings settings_;
  FileWatch watch_;
  Bounds bounds_;  // posed bounds at load (or the last F): framing and the grid
  bool show_panel_ = true;
  bool auto_rotate_ = false;
  bool dragging_orbit_ = false, dragging_pan_ = false;
  float click_travel_ = 0;  // pointer movement since the left button went down: < 4 px picks
  std::string message_;  // the last error (a file that did not open), shown in the panel
  double frame_ms_ = 0;
  std::vector<LevelChoice> level_choices_;  // per mesh of the viewed model, this frame's
  std::optional<MeshletCounts> meshlet_counts_;  // this frame's, for a model with meshlets
};

}  // namespace aem::viewer
