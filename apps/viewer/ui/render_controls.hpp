#pragma once
// The command line's and the keyboard's hold on the rendering settings (issue 17): lighting,
// environment, exposure and background.
#include <cstdint>

#include "options/options.hpp"
#include "render/renderer.hpp"
#include "ui/key_bindings.hpp"

namespace aem::viewer {

void apply_render_options(const Options& options, RenderSettings& settings);

// The rendering settings' key actions (key_bindings.cpp binds them to E, Y, V and I): exposure
// by half a stop (Shift: down), the environment turned by 15 degrees (Shift: back), the
// background (environment or flat colour), image-based lighting on or off. Returns whether
// `action` was one of them.
bool handle_render_key(KeyAction action, bool shift, RenderSettings& settings);

// The level lock after the L key (KeyAction::cycle_level_lock): automatic, level 0, 1, ...
// `last_level` (the model's deepest), automatic again; backwards (Shift) the other way round.
int next_level_lock(int locked, std::uint32_t last_level, bool backwards);

}  // namespace aem::viewer
