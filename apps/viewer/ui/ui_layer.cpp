#include "ui/ui_layer.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace aem::viewer {

float ui_content_scale(SDL_Window* window, bool offscreen) {
  if (const char* text = std::getenv("AEM_VIEWER_UI_SCALE"); text != nullptr && *text != 0) {
    char* end = nullptr;
    const float scale = std::strtof(text, &end);
    if (end != text && *end == 0 && scale >= 0.5f && scale <= 4.0f) return scale;
  }
  if (offscreen) return 1;
  float dpi = 0;
  const int display = SDL_GetWindowDisplayIndex(window);
  if (display < 0 || SDL_GetDisplayDPI(display, &dpi, nullptr, nullptr) != 0 || !(dpi > 0)) return 1;
  return std::clamp(dpi / 96.0f, 1.0f, 4.0f);
}

UiLayer::UiLayer(SDL_Window* window, float content_scale) : window_(window), content_scale_(content_scale) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini dropped in the working directory
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 4;
  style.FrameRounding = 2;
  style.Colors[ImGuiCol_WindowBg].w = 0.88f;
  style.ScaleAllSizes(content_scale);

  // The font is rasterised for the framebuffer's pixels (a 2x drawable on a Retina display gets
  // a 2x atlas) and drawn back at 1/ratio in window coordinates, so text stays sharp.
  int window_w = 1, drawable_w = 1, h = 1;
  SDL_GetWindowSize(window, &window_w, &h);
  SDL_GL_GetDrawableSize(window, &drawable_w, &h);
  const float pixel_ratio = std::max(1.0f, std::round(float(drawable_w) / float(std::max(window_w, 1))));
  ImFontConfig font;
  font.SizePixels = std::round(13.0f * content_scale * pixel_ratio);
  io.Fonts->AddFontDefault(&font);
  io.FontGlobalScale = 1.0f / pixel_ratio;

  if (!ImGui_ImplSDL2_InitForOpenGL(window, SDL_GL_GetCurrentContext())) {
    ImGui::DestroyContext();
    throw std::runtime_error("Dear ImGui's SDL2 backend did not initialise");
  }
  if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    throw std::runtime_error("Dear ImGui's OpenGL3 backend did not initialise on this GL context");
  }
}

UiLayer::~UiLayer() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
}

bool UiLayer::handle(const SDL_Event& event) const {
  ImGui_ImplSDL2_ProcessEvent(&event);
  const ImGuiIO& io = ImGui::GetIO();
  switch (event.type) {
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEWHEEL:
    case SDL_MOUSEMOTION:
      return io.WantCaptureMouse;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
    case SDL_TEXTINPUT:
      return io.WantCaptureKeyboard;
    default:
      return false;
  }
}

void UiLayer::begin_window_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
}

void UiLayer::begin_offscreen_frame(int width, int height) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();  // time step; the sizes it took from the hidden window go next
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(width), float(height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.FontGlobalScale = 1;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  io.DeltaTime = 1.0f / 60;  // passes follow each other closely: never let the step reach 0
  ImGui::NewFrame();
}

void UiLayer::end_frame(bool render) {
  ImGui::Render();
  if (render) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace aem::viewer
