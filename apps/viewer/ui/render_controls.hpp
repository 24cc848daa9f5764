#pragma once
// The command line's and the keyboard's hold on the rendering settings (issue 17): lighting,
// environment, exposure and background.
#include <SDL.h>

#include "options.hpp"
#include "render/renderer.hpp"

namespace aem::viewer {

void apply_render_options(const Options& options, RenderSettings& settings);

// E/Shift+E exposure by half a stop, Y/Shift+Y turn the environment by 15 degrees, V the
// background (environment or flat colour), I image-based lighting on or off. Returns whether
// `key` was one of them.
bool handle_render_key(SDL_Keycode key, bool shift, RenderSettings& settings);

}  // namespace aem::viewer
