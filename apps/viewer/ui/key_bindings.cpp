#include "ui/key_bindings.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace aem::viewer {
namespace {

constexpr KeyBinding kBindings[] = {
    {SDLK_f, {}, KeyAction::frame_model, "frame the model"},
    {SDLK_r, {}, KeyAction::toggle_auto_rotate, "auto-rotate on or off"},
    {SDLK_SPACE, {}, KeyAction::toggle_playback, "play / pause"},
    {SDLK_n, {}, KeyAction::next_animation, "next animation"},
    {SDLK_b, {}, KeyAction::previous_animation, "previous animation"},
    // '=' is '+' without Shift on most layouts.
    {SDLK_PLUS, {SDLK_EQUALS, SDLK_KP_PLUS}, KeyAction::faster, "play faster"},
    {SDLK_MINUS, {SDLK_KP_MINUS}, KeyAction::slower, "play slower"},
    {SDLK_LEFT, {}, KeyAction::scrub_back, "scrub back 0.1 s (Shift: 0.01 s)"},
    {SDLK_RIGHT, {}, KeyAction::scrub_forward, "scrub forward 0.1 s (Shift: 0.01 s)"},
    {SDLK_HOME, {}, KeyAction::restart_animation, "back to the animation's start"},
    {SDLK_m, {}, KeyAction::cycle_inspection_mode, "next inspection mode (Shift: previous)"},
    {SDLK_w, {}, KeyAction::toggle_wireframe, "wireframe on or off"},
    {SDLK_k, {}, KeyAction::toggle_skeleton, "skeleton on or off"},
    {SDLK_g, {}, KeyAction::toggle_grid, "grid on or off"},
    {SDLK_h, {}, KeyAction::toggle_panels, "the UI panels on or off"},
    {SDLK_l, {}, KeyAction::cycle_level_lock, "lock the next level of detail, then automatic (Shift: back)"},
    {SDLK_e, {}, KeyAction::step_exposure, "exposure up half a stop (Shift: down)"},
    {SDLK_y, {}, KeyAction::turn_environment, "turn the environment 15 degrees (Shift: back)"},
    {SDLK_v, {}, KeyAction::toggle_background, "background: environment or flat colour"},
    {SDLK_i, {}, KeyAction::toggle_image_based_lighting, "environment lighting on or off"},
    {SDLK_ESCAPE, {SDLK_q}, KeyAction::quit, "quit"},
};

// The mouse and the window: SDL events that are not keys (ViewerApp::handle_event).
constexpr std::string_view kGestures[][2] = {
    {"left drag", "orbit"},
    {"right/middle drag", "pan"},
    {"wheel", "zoom"},
    {"left click", "select the material under the cursor"},
    {"drop a file", "open it (it reloads when it changes)"},
};

// Wide enough for the longest name ("right/middle drag") and a gap.
constexpr std::size_t kUsageNameColumn = 21;

std::string usage_line(std::string_view name, std::string_view description) {
  std::string line = "  ";  // appended: GCC 12 warns (-Wrestrict, falsely) on "literal" + std::string
  line += name;
  line.resize(std::max(line.size() + 1, kUsageNameColumn), ' ');
  return line + std::string(description) + "\n";
}

}  // namespace

std::span<const KeyBinding> key_bindings() { return kBindings; }

const KeyBinding* find_key_binding(SDL_Keycode key) {
  if (key == 0) return nullptr;  // the unused `same` slots
  for (const KeyBinding& binding : kBindings) {
    if (binding.key == key || binding.same[0] == key || binding.same[1] == key) return &binding;
  }
  return nullptr;
}

std::string key_name(SDL_Keycode key) {
  switch (key) {
    case SDLK_SPACE: return "Space";
    case SDLK_ESCAPE: return "Esc";
    case SDLK_LEFT: return "Left";
    case SDLK_RIGHT: return "Right";
    case SDLK_HOME: return "Home";
    case SDLK_KP_PLUS: return "keypad +";
    case SDLK_KP_MINUS: return "keypad -";
    default: break;
  }
  // Printable keys are their (lower-case) character in SDL: shown upper-case, as on the key.
  if (key > 32 && key < 127) return std::string(1, char(std::toupper(int(key))));
  std::string name = "key ";
  return name += std::to_string(key);
}

std::vector<KeyReferenceLine> key_reference() {
  std::vector<KeyReferenceLine> lines;
  for (const auto& [gesture, description] : kGestures) lines.push_back({std::string(gesture), description});
  for (const KeyBinding& binding : kBindings) {
    std::string name = key_name(binding.key);
    for (const SDL_Keycode same : binding.same) {
      if (same != 0) name.append(" / ").append(key_name(same));
    }
    lines.push_back({std::move(name), binding.description});
  }
  return lines;
}

std::string key_usage() {
  std::string text = "Keys and mouse:\n";
  for (const KeyReferenceLine& line : key_reference()) text += usage_line(line.name, line.description);
  return text;
}

}  // namespace aem::viewer
