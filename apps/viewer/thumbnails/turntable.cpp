#include "thumbnails/turntable.hpp"

#include <algorithm>
#include <cstdio>
#include <numbers>
#include <string>

#include "render/screenshot.hpp"

namespace aem::viewer {

std::filesystem::path turntable_frame_path(const std::filesystem::path& screenshot, int index, int count) {
  const int digits = std::max(3, int(std::to_string(std::max(count - 1, 0)).size()));
  std::string number = std::to_string(index);
  number.insert(0, std::size_t(std::max(0, digits - int(number.size()))), '0');
  return screenshot.parent_path() / (screenshot.stem().string() + "-" + number + screenshot.extension().string());
}

void write_turntable(ViewerApp& app) {
  const Options& options = app.options();
  const int count = options.turntable;
  OrbitCamera& camera = app.camera();
  const float start_yaw = camera.yaw;
  const float step = 2 * std::numbers::pi_v<float> / float(count);
  const float aspect = float(app.screenshot_width()) / float(app.screenshot_height());
  if (!options.distance) {
    OrbitCamera farthest = camera;
    for (int i = 0; i < count; ++i) {
      camera.yaw = start_yaw + step * float(i);
      camera.frame(app.framed_bounds(), aspect);
      if (camera.distance > farthest.distance) farthest = camera;
    }
    camera = farthest;
  }
  for (int i = 0; i < count; ++i) {
    camera.yaw = start_yaw + step * float(i);
    const std::filesystem::path path = turntable_frame_path(*options.screenshot, i, count);
    write_png(path, app.screenshot_width(), app.screenshot_height(), app.render_offscreen());
  }
  std::printf("aem-viewer: wrote %d turntable frames %s ... %s (%dx%d)\n", count,
              turntable_frame_path(*options.screenshot, 0, count).string().c_str(),
              turntable_frame_path(*options.screenshot, count - 1, count).string().c_str(), app.screenshot_width(),
              app.screenshot_height());
}

}  // namespace aem::viewer
