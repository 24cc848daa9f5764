#pragma once
// An independent reference for the animation runtime, in the simplest possible form: linear key
// search, slerp through acos and sin, double-precision matrices, and every joint's global
// transform rebuilt by walking up its parents. Slow on purpose; only tests use it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/model.hpp"

namespace aem::test {

using Matrix = std::array<double, 16>;  // column-major

struct ReferenceTrs {
  std::array<double, 3> t{0, 0, 0};
  std::array<double, 4> r{0, 0, 0, 1};
  std::array<double, 3> s{1, 1, 1};
};

inline Matrix matrix_product(const Matrix& a, const Matrix& b) {
  Matrix out{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k) out[4 * c + r] += a[4 * k + r] * b[4 * c + k];
  return out;
}

inline Matrix trs_matrix(const ReferenceTrs& p) {
  const auto [x, y, z, w] = p.r;
  Matrix m{};
  m[0] = (1 - 2 * (y * y + z * z)) * p.s[0];
  m[1] = (2 * (x * y + w * z)) * p.s[0];
  m[2] = (2 * (x * z - w * y)) * p.s[0];
  m[4] = (2 * (x * y - w * z)) * p.s[1];
  m[5] = (1 - 2 * (x * x + z * z)) * p.s[1];
  m[6] = (2 * (y * z + w * x)) * p.s[1];
  m[8] = (2 * (x * z + w * y)) * p.s[2];
  m[9] = (2 * (y * z - w * x)) * p.s[2];
  m[10] = (1 - 2 * (x * x + y * y)) * p.s[2];
  m[12] = p.t[0];
  m[13] = p.t[1];
  m[14] = p.t[2];
  m[15] = 1;
  return m;
}

inline std::array<double, 4> reference_slerp(std::array<double, 4> a, std::array<double, 4> b, double t) {
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    for (double& v : b) v = -v;
    d = -d;
  }
  std::array<double, 4> out;
  if (d > 1 - 1e-12) {
    for (int i = 0; i < 4; ++i) out[i] = a[i] + (b[i] - a[i]) * t;
  } else {
    const double angle = std::acos(d);
    const double wa = std::sin((1 - t) * angle) / std::sin(angle);
    const double wb = std::sin(t * angle) / std::sin(angle);
    for (int i = 0; i < 4; ++i) out[i] = a[i] * wa + b[i] * wb;
  }
  return out;
}

// Value of one key kind at time t: hold before the first and after the last key.
template <std::size_t N>
std::array<double, N> reference_key_value(const Keyframe* keys, std::uint32_t count, double t,
                                          std::array<double, N> fallback, bool rotation) {
  if (count == 0) return fallback;
  std::uint32_t after = count;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (keys[i].time > t) {
      after = i;
      break;
    }
  }
  const auto value = [&](std::uint32_t i) {
    std::array<double, N> v;
    for (std::size_t k = 0; k < N; ++k) v[k] = keys[i].value[k];
    return v;
  };
  if (after == 0) return value(0);
  if (after == count) return value(count - 1);
  const Keyframe& a = keys[after - 1];
  const Keyframe& b = keys[after];
  const double f = (t - a.time) / (double(b.time) - a.time);
  if constexpr (N == 4) {
    if (rotation) return reference_slerp(value(after - 1), value(after), f);
  }
  std::array<double, N> out;
  for (std::size_t k = 0; k < N; ++k) out[k] = a.value[k] + (double(b.value[k]) - a.value[k]) * f;
  return out;
}

inline ReferenceTrs reference_local(const Model& model, std::uint32_t animation, std::uint32_t joint, double t) {
  const Track& track = model.track(animation, joint);
  const TrackKeys keys = model.keys(track);
  ReferenceTrs p;
  p.t = reference_key_value<3>(keys.translations.data(), track.translation_count, t, {0, 0, 0}, false);
  p.r = reference_key_value<4>(keys.rotations.data(), track.rotation_count, t, {0, 0, 0, 1}, true);
  p.s = reference_key_value<3>(keys.scales.data(), track.scale_count, t, {1, 1, 1}, false);
  return p;
}

// Skinning matrices (global x inverse bind) of every joint at time t (already wrapped).
inline std::vector<Matrix> reference_skinning(const Model& model, std::uint32_t animation, double t) {
  const auto joints = model.joints();
  std::vector<Matrix> locals(joints.size());
  for (std::uint32_t j = 0; j < joints.size(); ++j) locals[j] = trs_matrix(reference_local(model, animation, j, t));
  std::vector<Matrix> out(joints.size());
  for (std::uint32_t j = 0; j < joints.size(); ++j) {
    Matrix global = locals[j];
    for (std::int32_t p = joints[j].parent; p >= 0; p = joints[std::size_t(p)].parent) {
      global = matrix_product(locals[std::size_t(p)], global);
    }
    Matrix inverse_bind;
    for (int k = 0; k < 16; ++k) inverse_bind[k] = joints[j].inverse_bind[k];
    out[j] = matrix_product(global, inverse_bind);
  }
  return out;
}

// Largest |ours - reference| over all skinning matrices (16 floats per joint), each relative
// to its reference matrix's largest magnitude (at least 1).
inline double skinning_error(std::span<const float> skinning, const std::vector<Matrix>& reference) {
  double worst = 0;
  for (std::size_t j = 0; j < reference.size(); ++j) {
    double scale = 1;
    for (double v : reference[j]) scale = std::max(scale, std::abs(v));
    for (int k = 0; k < 16; ++k) {
      worst = std::max(worst, std::abs(skinning[16 * j + std::size_t(k)] - reference[j][std::size_t(k)]) / scale);
    }
  }
  return worst;
}

}  // namespace aem::test
