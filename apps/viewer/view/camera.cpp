#include "view/camera.hpp"

#include <algorithm>
#include <cmath>

namespace aem::viewer {
namespace {

// OpenGL's perspective projection (clip z from -1 at the near plane to 1 at the far one).
Mat4 perspective(float fov_y, float aspect, float near_plane, float far_plane) {
  const float f = 1.0f / std::tan(fov_y / 2);
  return Mat4{{f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far_plane + near_plane) / (near_plane - far_plane), -1, 0, 0,
               2 * far_plane * near_plane / (near_plane - far_plane), 0}};
}

// The view from `eye` looking at `target`, `up` roughly up: the camera looks down its -z.
Mat4 look_at(Vec3 eye, Vec3 target, Vec3 up) {
  const Vec3 f = normalize(target - eye);
  const Vec3 s = normalize(cross(f, up));
  const Vec3 u = cross(s, f);
  return Mat4{{s.x, u.x, -f.x, 0, s.y, u.y, -f.y, 0, s.z, u.z, -f.z, 0, -dot(s, eye), -dot(u, eye), dot(f, eye), 1}};
}

}  // namespace

void OrbitCamera::frame(const Bounds& bounds, float aspect) {
  target = bounds.center();
  radius_ = bounds.radius();
  const Vec3 back{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};  // to the eye
  const Vec3 right = normalize(cross(back * -1.0f, {0, 1, 0}));
  const Vec3 up = cross(right, back * -1.0f);
  const float tan_y = std::tan(kFovY / 2) * kFramedShare;
  const float tan_x = tan_y * (std::isfinite(aspect) && aspect > 0 ? aspect : 1.0f);
  distance = 0;
  if (length(right) < 0.5f) {  // looking straight up or down: fit the bounding sphere
    distance = radius_ / std::sin(kFovY / 2);
  }
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 c{corner & 1 ? bounds.max.x : bounds.min.x, corner & 2 ? bounds.max.y : bounds.min.y,
               corner & 4 ? bounds.max.z : bounds.min.z};
    const Vec3 r = c - target;
    // The corner sits dot(r, back) nearer the eye than the target; it fits once the eye is far
    // enough back for its sideways offsets to stay inside the view's half-angles.
    const float nearer = dot(r, back);
    // Nothing closer than a quarter radius to the eye: a box seen end-on stays out of the near
    // plane and of extreme perspective.
    distance = std::max({distance, nearer + std::abs(dot(r, right)) / tan_x, nearer + std::abs(dot(r, up)) / tan_y,
                         nearer + radius_ * 0.25f});
  }
  near_plane = std::max(distance - radius_ * 4, distance * 0.01f);
  near_plane = std::min(near_plane, radius_ * 0.05f);
  far_plane = distance + radius_ * 20;
}

void OrbitCamera::orbit(float dx_pixels, float dy_pixels) {
  yaw -= dx_pixels * 0.008f;
  pitch = std::clamp(pitch + dy_pixels * 0.008f, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dx_pixels, float dy_pixels, int viewport_height) {
  const float per_pixel = 2 * distance * std::tan(kFovY / 2) / float(std::max(viewport_height, 1));
  const Mat4 v = view();
  const Vec3 right{v.m[0], v.m[4], v.m[8]};
  const Vec3 up{v.m[1], v.m[5], v.m[9]};
  target = target - right * (dx_pixels * per_pixel) + up * (dy_pixels * per_pixel);
}

void OrbitCamera::zoom(float wheel_steps) {
  distance = std::max(distance * std::pow(0.9f, wheel_steps), radius_ * 0.05f);
  far_plane = std::max(far_plane, distance + radius_ * 20);
  near_plane = std::min(near_plane, distance * 0.05f);
}

Vec3 OrbitCamera::eye() const {
  const Vec3 offset{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
  return target + offset * distance;
}

Mat4 OrbitCamera::view() const { return look_at(eye(), target, {0, 1, 0}); }

Mat4 OrbitCamera::projection(float aspect) const {
  return perspective(kFovY, aspect, near_plane, far_plane);
}

}  // namespace aem::viewer
