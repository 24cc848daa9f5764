#include "render/level_choice.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "aem/ext_lods.hpp"

namespace aem::viewer {

float distance_to_bounds(const Bounds& bounds, const Vec3& point) {
  const auto outside = [](float value, float low, float high) { return std::max({low - value, 0.0f, value - high}); };
  const Vec3 d{outside(point.x, bounds.min.x, bounds.max.x), outside(point.y, bounds.min.y, bounds.max.y),
               outside(point.z, bounds.min.z, bounds.max.z)};
  return length(d);
}

float error_in_pixels(float object_error, float distance, const LevelView& view) {
  if (object_error <= 0) return 0;
  const float one_pixel = allowed_object_error(1.0f, distance, view.vertical_fov, view.viewport_height);
  return one_pixel > 0 ? object_error / one_pixel : std::numeric_limits<float>::infinity();
}

void choose_levels(std::span<const GpuMesh> meshes, const Bounds& motion_bounds, const LevelView& view,
                   const LevelSettings& settings, std::span<LevelChoice> choices) {
  for (std::size_t m = 0; m < meshes.size() && m < choices.size(); ++m) {
    const GpuMesh& mesh = meshes[m];
    LevelChoice& choice = choices[m];
    choice.distance = distance_to_bounds(mesh.deformed ? motion_bounds : mesh.bounds, view.eye);
    const auto last = std::uint32_t(mesh.levels.size() - 1);
    if (settings.locked >= 0) {
      choice.level = std::min(std::uint32_t(settings.locked), last);
    } else {
      const float allowed = allowed_object_error(settings.pixels, choice.distance, view.vertical_fov, view.viewport_height);
      choice.level = std::min(lod_for(mesh.file_levels, allowed), last);
    }
    choice.error_pixels = error_in_pixels(mesh.levels[choice.level].error, choice.distance, view);
  }
}

std::uint32_t last_level(std::span<const GpuMesh> meshes) {
  std::uint32_t last = 0;
  for (const GpuMesh& mesh : meshes) last = std::max(last, std::uint32_t(mesh.levels.size() - 1));
  return last;
}

}  // namespace aem::viewer
