#include "ui/render_controls.hpp"

#include <algorithm>
#include <cmath>

namespace aem::viewer {

void apply_render_options(const Options& options, RenderSettings& settings) {
  settings.image_based_lighting = options.image_based_lighting;
  settings.environment_file = options.environment;
  settings.exposure_stops = options.exposure_stops;
  settings.environment_yaw_degrees = options.environment_yaw;
  settings.background_mode = options.background_environment ? BackgroundMode::environment : BackgroundMode::flat_colour;
  settings.levels = LevelSettings{.pixels = options.lod_pixels, .locked = options.lod_lock};
}

int next_level_lock(int locked, std::uint32_t last_level, bool backwards) {
  const int states = int(last_level) + 2;  // automatic (-1), then levels 0..last
  const int state = std::clamp(locked, -1, int(last_level)) + 1;
  return (state + (backwards ? states - 1 : 1)) % states - 1;
}

bool handle_render_key(KeyAction action, bool shift, RenderSettings& settings) {
  switch (action) {
    case KeyAction::step_exposure:
      settings.exposure_stops = std::clamp(settings.exposure_stops + (shift ? -0.5f : 0.5f), -20.0f, 20.0f);
      return true;
    case KeyAction::turn_environment:
      settings.environment_yaw_degrees = std::fmod(settings.environment_yaw_degrees + (shift ? -15.0f : 15.0f), 360.0f);
      return true;
    case KeyAction::toggle_background:
      settings.background_mode = settings.background_mode == BackgroundMode::environment ? BackgroundMode::flat_colour
                                                                                         : BackgroundMode::environment;
      return true;
    case KeyAction::toggle_image_based_lighting:
      settings.image_based_lighting = !settings.image_based_lighting;
      return true;
    default:
      return false;
  }
}

}  // namespace aem::viewer
