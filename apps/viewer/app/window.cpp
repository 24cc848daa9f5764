#include "app/window.hpp"

#include <epoxy/gl.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace aem::viewer {

Window::Window(const WindowOptions& options) {
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    throw std::runtime_error(std::string("cannot initialise SDL video (is a display available?): ") +
                             SDL_GetError());
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  flags |= options.hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN;
  // Multisampling asked for where it is wanted; a display that offers no such visual or context
  // gets a plain one (said once on stderr: the frame is then aliased).
  std::string error;
  for (int samples : {options.samples, 1}) {
    SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, samples > 1 ? 1 : 0);
    SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, samples > 1 ? samples : 0);
    window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                               options.width, options.height, flags);
    if (window_ == nullptr) {
      error = "cannot create an OpenGL window: " + std::string(SDL_GetError());
    } else {
      context_ = SDL_GL_CreateContext(window_);
      if (context_ != nullptr && epoxy_gl_version() >= 33) {
        GLint got = 0;
        glGetIntegerv(GL_SAMPLES, &got);
        samples_ = std::max(1, int(got));  // may be 1 where the visual has no samples
        break;
      }
      error = "no OpenGL 3.3 core context: " + (context_ == nullptr ? std::string(SDL_GetError()) : "the driver offers GL " +
          std::to_string(epoxy_gl_version() / 10) + "." + std::to_string(epoxy_gl_version() % 10));
      if (context_ != nullptr) SDL_GL_DeleteContext(context_);
      context_ = nullptr;
      SDL_DestroyWindow(window_);
      window_ = nullptr;
    }
    if (samples <= 1) break;
  }
  if (window_ == nullptr || context_ == nullptr) {
    SDL_Quit();
    throw std::runtime_error(error);
  }
  if (options.samples > 1 && samples_ <= 1 && !options.hidden) {
    std::fprintf(stderr, "aem-viewer: the display offers no %dx multisampled window: edges are not anti-aliased\n",
                 options.samples);
  }
  SDL_GL_SetSwapInterval(options.hidden || !options.vsync ? 0 : 1);
}

Window::~Window() {
  SDL_GL_DeleteContext(context_);
  SDL_DestroyWindow(window_);
  SDL_Quit();
}

void Window::drawable_size(int& width, int& height) const {
  SDL_GL_GetDrawableSize(window_, &width, &height);
}

void Window::set_title(const std::string& title) { SDL_SetWindowTitle(window_, title.c_str()); }

void Window::swap() { SDL_GL_SwapWindow(window_); }

std::string Window::gl_description() const {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  return std::string(renderer ? renderer : "?") + ", " + (version ? version : "?");
}

}  // namespace aem::viewer
