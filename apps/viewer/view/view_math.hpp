#pragma once
// The little linear algebra the viewer needs: column-major 4x4 matrices (as OpenGL and the
// runtime's aem::Mat4), 3-vectors, a perspective projection and a look-at view.
#include <array>
#include <cmath>

namespace aem::viewer {

struct V3 {
  float x = 0, y = 0, z = 0;
};
inline V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline V3 operator*(V3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
inline float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V3 cross(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline float length(V3 a) { return std::sqrt(dot(a, a)); }
inline V3 normalized(V3 a) {
  const float l = length(a);
  return l > 0 ? a * (1.0f / l) : V3{0, 0, 0};
}

// Column-major: m[4 * column + row].
struct M4 {
  std::array<float, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  const float* data() const { return m.data(); }
};

inline M4 operator*(const M4& a, const M4& b) {
  M4 r;
  for (int c = 0; c < 4; ++c) {
    for (int row = 0; row < 4; ++row) {
      float s = 0;
      for (int k = 0; k < 4; ++k) s += a.m[4 * k + row] * b.m[4 * c + k];
      r.m[4 * c + row] = s;
    }
  }
  return r;
}

inline V3 transform_point(const M4& a, V3 p) {
  return {a.m[0] * p.x + a.m[4] * p.y + a.m[8] * p.z + a.m[12],
          a.m[1] * p.x + a.m[5] * p.y + a.m[9] * p.z + a.m[13],
          a.m[2] * p.x + a.m[6] * p.y + a.m[10] * p.z + a.m[14]};
}

inline M4 perspective(float fov_y, float aspect, float near_plane, float far_plane) {
  const float f = 1.0f / std::tan(fov_y / 2);
  M4 r;
  r.m = {f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far_plane + near_plane) / (near_plane - far_plane), -1,
         0, 0, 2 * far_plane * near_plane / (near_plane - far_plane), 0};
  return r;
}

inline M4 look_at(V3 eye, V3 target, V3 up) {
  const V3 f = normalized(target - eye);
  const V3 s = normalized(cross(f, up));
  const V3 u = cross(s, f);
  M4 r;
  r.m = {s.x, u.x, -f.x, 0, s.y, u.y, -f.y, 0, s.z, u.z, -f.z, 0,
         -dot(s, eye), -dot(u, eye), dot(f, eye), 1};
  return r;
}

}  // namespace aem::viewer
