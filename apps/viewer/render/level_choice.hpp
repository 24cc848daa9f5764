#pragma once
// Which level of detail each mesh draws (issue 38): the coarsest level whose object-space error
// projects to at most `pixels` on screen at the mesh's distance from the eye, or a locked level.
// Plain maths over GpuMesh records, no GL: the app calls it every frame and hands the result to
// GpuModel::set_drawn_level; the UI shows it.
#include <cstdint>
#include <span>

#include "render/gpu_model.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

// The command line's and the UI's hold on the choice.
struct LevelSettings {
  float pixels = 1;  // the screen error allowed, in pixels (--lod-pixels)
  int locked = -1;   // -1: chosen by distance; N: level N, clamped per mesh to its last (--lod N)
};

// The view the choice is made for: the eye in the model's space (the viewer draws the model
// untransformed: no node transform, an instance scale of 1), the vertical field of view
// (radians) and the viewport's height in pixels.
struct LevelView {
  Vec3 eye;
  float vertical_fov = OrbitCamera::kFovY;
  float viewport_height = 1;
};

struct LevelChoice {
  std::uint32_t level = 0;   // index into GpuMesh::levels
  float distance = 0;        // from the eye to the nearest point of the bounds used (0 inside)
  float error_pixels = 0;    // the chosen level's error on screen at that distance
};

// The distance from `point` to the nearest point of `bounds` (0 inside).
float distance_to_bounds(const Bounds& bounds, const Vec3& point);

// The error in pixels that `object_error` (model units) projects to at `distance`: the inverse
// of aem::allowed_object_error. Infinite for a positive error at distance 0, 0 for none.
float error_in_pixels(float object_error, float distance, const LevelView& view);

// Fills choices[i] for meshes[i] (the spans are the same size). The distance is taken to the
// mesh's bind-pose bounds, or, for a deformed mesh (skinned or morphed: it moves off them), to
// `motion_bounds` (bounds that hold the whole motion: never farther than the posed mesh).
// Allocates nothing.
void choose_levels(std::span<const GpuMesh> meshes, const Bounds& motion_bounds, const LevelView& view,
                   const LevelSettings& settings, std::span<LevelChoice> choices);

// The largest level index any mesh has (0 when none has levels of detail).
std::uint32_t last_level(std::span<const GpuMesh> meshes);

}  // namespace aem::viewer
