#pragma once
// Dear ImGui on the viewer's SDL2 window and GL 3.3 context: its SDL2 and OpenGL3 backends
// (the latter loads GL through its own small loader, beside libepoxy: both resolve to the same
// driver), sized for high-DPI screens, and drawable into the window or an off-screen target.
#include <SDL.h>

namespace aem::viewer {

class UiLayer {
 public:
  // Needs the window's GL context current. `content_scale` enlarges text and widgets (1 on a
  // 96-dpi screen); the framebuffer's own pixel ratio is handled on top of it.
  UiLayer(SDL_Window* window, float content_scale);
  ~UiLayer();
  UiLayer(const UiLayer&) = delete;
  UiLayer& operator=(const UiLayer&) = delete;

  // Passes an event to ImGui; true when ImGui wants it for itself (the pointer is over a panel,
  // or a text field has the keyboard), so the viewer leaves it alone.
  bool handle(const SDL_Event& event) const;

  // Starts a frame for the window as it is.
  void begin_window_frame();
  // Starts a frame for an off-screen target of width x height pixels (screenshots): no mouse,
  // a pixel ratio of 1.
  void begin_offscreen_frame(int width, int height);
  // Ends the frame and draws it into the bound framebuffer (render = false: lays it out only,
  // which windows that size themselves need once before they first show).
  void end_frame(bool render);

  float content_scale() const { return content_scale_; }

 private:
  SDL_Window* window_;
  float content_scale_;
};

// The UI's content scale: AEM_VIEWER_UI_SCALE from the environment when set (0.5 to 4, for a
// display that misreports its dpi, and for screenshots); otherwise 1 off-screen (screenshots
// look the same everywhere) and in a window the display's dpi / 96, from 1 to 4 (1 where SDL
// cannot tell, as under Xvfb).
float ui_content_scale(SDL_Window* window, bool offscreen);

}  // namespace aem::viewer
