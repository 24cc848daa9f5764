#pragma once
// The orbit camera: yaw and pitch around a target at a distance; framing fits a bounding box as
// seen from the current angles.
#include <algorithm>

#include "aem/model_bounds.hpp"
#include "aem/vector_math.hpp"

namespace aem::viewer {

struct Bounds {
  Vec3 min{0, 0, 0};
  Vec3 max{0, 0, 0};
  Vec3 center() const { return (min + max) * 0.5f; }
  float radius() const { return std::max(length(max - min) * 0.5f, 1e-4f); }
};

// The runtime's box (aem/model_bounds.hpp) as the viewer's; `box` must not be empty.
inline Bounds bounds_of(const BoundingBox& box) {
  return Bounds{{box.min[0], box.min[1], box.min[2]}, {box.max[0], box.max[1], box.max[2]}};
}

class OrbitCamera {
 public:
  static constexpr float kFovY = 0.7853982f;  // 45 degrees

  float yaw = 0.6f;     // radians, around +Y; 0 looks down -Z from +Z
  float pitch = 0.25f;  // radians, positive looks down on the model
  float distance = 5;
  Vec3 target{0, 0, 0};
  float near_plane = 0.01f, far_plane = 100;

  // Share of the half-width and half-height of the view that framing lets the box reach.
  static constexpr float kFramedShare = 0.9f;

  // Aims at the centre of the bounds and backs off until the box's 8 corners, seen from the
  // current yaw and pitch in a view of this aspect (width / height), lie within kFramedShare
  // of the view: the model fills the frame from this angle whatever its proportions (a
  // bounding sphere would leave a long or flat model small). Orbiting may then need F again.
  void frame(const Bounds& bounds, float aspect = 1);
  void orbit(float dx_pixels, float dy_pixels);
  void pan(float dx_pixels, float dy_pixels, int viewport_height);
  void zoom(float wheel_steps);

  Vec3 eye() const;
  Mat4 view() const;
  Mat4 projection(float aspect) const;

 private:
  float radius_ = 1;
};

}  // namespace aem::viewer
