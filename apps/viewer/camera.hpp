#pragma once
// The orbit camera: yaw and pitch around a target at a distance; framing fits a bounding sphere.
#include <algorithm>

#include "view_math.hpp"

namespace aem::viewer {

struct Bounds {
  V3 min{0, 0, 0};
  V3 max{0, 0, 0};
  V3 center() const { return (min + max) * 0.5f; }
  float radius() const { return std::max(length(max - min) * 0.5f, 1e-4f); }
};

class OrbitCamera {
 public:
  static constexpr float kFovY = 0.7853982f;  // 45 degrees

  float yaw = 0.6f;     // radians, around +Y; 0 looks down -Z from +Z
  float pitch = 0.25f;  // radians, positive looks down on the model
  float distance = 5;
  V3 target{0, 0, 0};
  float near_plane = 0.01f, far_plane = 100;

  // Centres the bounds and backs off until the bounding sphere fills the view.
  void frame(const Bounds& bounds);
  void orbit(float dx_pixels, float dy_pixels);
  void pan(float dx_pixels, float dy_pixels, int viewport_height);
  void zoom(float wheel_steps);

  V3 eye() const;
  M4 view() const;
  M4 projection(float aspect) const;

 private:
  float radius_ = 1;
};

}  // namespace aem::viewer
