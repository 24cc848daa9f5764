#pragma once
// The SDL2 window and its OpenGL 3.3 core context (functions through libepoxy): resizable,
// high-DPI aware, vsync, multisampled where the display offers it; or hidden, for headless
// screenshots.
#include <SDL.h>

#include <string>

namespace aem::viewer {

struct WindowOptions {
  int width = 1280;
  int height = 800;
  bool hidden = false;  // screenshot mode: never shown, no vsync
  bool vsync = true;
  int samples = 4;  // multisampled default framebuffer; 1: none. Without one, falls back to none
  std::string title = "aem-viewer";
};

class Window {
 public:
  // Throws std::runtime_error with a clear message when SDL or a GL 3.3 core context fails.
  explicit Window(const WindowOptions& options);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  SDL_Window* handle() const { return window_; }
  // Drawable size in pixels (larger than the window size on high-DPI screens).
  void drawable_size(int& width, int& height) const;
  void set_title(const std::string& title);
  void swap();
  std::string gl_description() const;
  // Samples per pixel of the default framebuffer (1: not multisampled).
  int samples() const { return samples_; }

 private:
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  int samples_ = 1;
};

}  // namespace aem::viewer
