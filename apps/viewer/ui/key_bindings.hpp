#pragma once
// The viewer's keyboard in one table: which key does what. The event handling dispatches
// through it (ViewerApp::handle_key looks a key's action up here), the Keys panel lists it and
// the usage prints it, so a key cannot be handled without being listed. The mouse's gestures
// sit beside it, listed the same way (SDL events, not keys, carry them).
#include <SDL.h>

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace aem::viewer {

// What a key asks for. Who carries it out: ViewerApp::handle_key, except the rendering
// settings' actions, which ui/render_controls.hpp's handle_render_key applies.
enum class KeyAction {
  quit,
  frame_model,
  toggle_auto_rotate,
  toggle_playback,
  next_animation,
  previous_animation,
  faster,
  slower,
  scrub_back,
  scrub_forward,
  restart_animation,
  cycle_inspection_mode,  // Shift: backwards
  toggle_wireframe,
  toggle_skeleton,
  toggle_grid,
  toggle_panels,
  cycle_level_lock,       // Shift: backwards
  step_exposure,          // rendering settings from here on
  turn_environment,
  toggle_background,
  toggle_image_based_lighting,
};

struct KeyBinding {
  SDL_Keycode key;                    // the key the panel and the usage name
  std::array<SDL_Keycode, 2> same{};  // other keys that do the same (the keypad's +); 0: none
  KeyAction action;
  std::string_view description;       // what it does, and with Shift where that differs
};

// Every key the viewer handles, each once, in the order the panel and the usage list them.
std::span<const KeyBinding> key_bindings();

// The binding `key` triggers (its own key or one of its `same`), or null: a key the viewer
// ignores.
const KeyBinding* find_key_binding(SDL_Keycode key);

// How the panel and the usage name a key: "E", "Space", "Esc", "Left", "+".
std::string key_name(SDL_Keycode key);

// One line of the reference that the Keys panel shows and the usage prints: the mouse's
// gestures ("left drag": "orbit"...), then one line per binding, named with every key that
// triggers it ("Esc / Q", "+ / = / keypad +").
struct KeyReferenceLine {
  std::string name;
  std::string_view description;
};
std::vector<KeyReferenceLine> key_reference();

// The usage's account of the keyboard and mouse: a "Keys and mouse:" heading, then
// key_reference() in two columns.
std::string key_usage();

}  // namespace aem::viewer
