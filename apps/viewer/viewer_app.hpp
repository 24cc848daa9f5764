#pragma once
// The viewer itself: a window, a scene, the camera and the controls; the interactive loop and
// the headless screenshot.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "camera.hpp"
#include "file_watch.hpp"
#include "options.hpp"
#include "renderer.hpp"
#include "scene.hpp"
#include "text_panel.hpp"
#include "window.hpp"

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
  // renders the current scene off-screen at the screenshot size; RGBA8, rows top to bottom.
  std::vector<std::uint8_t> render_offscreen();
  // Replaces the scene with `loaded`, opened from `path`, posed and framed as options say.
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
  void draw_frame(int width, int height, float ui_scale);
  std::vector<std::string> panel_lines() const;

  Options options_;
  std::chrono::steady_clock::time_point process_start_;
  Window window_;
  TextureCaps caps_;
  std::unique_ptr<Renderer> renderer_;
  std::unique_ptr<TextPanel> panel_;
  std::unique_ptr<Scene> scene_;
  OrbitCamera camera_;
  RenderSettings settings_;
  FileWatch watch_;
  Bounds bounds_;  // posed bounds at load (or the last F): framing and the grid
  bool show_panel_ = true;
  bool auto_rotate_ = false;
  bool dragging_orbit_ = false, dragging_pan_ = false;
  std::string message_;  // the last error (a file that did not open), shown in the panel
  double frame_ms_ = 0;
};

}  // namespace aem::viewer
