#pragma once
// E3D's frame-track curves: Kochanek-Bartels (tension, continuity, bias) Hermite splines over
// key frames, with 3DS-style ease-from/ease-to reshaping each segment's parameter, as Ecere's
// engine animates them (the same tangent rule, end-key rule and loop rule; specs/e3d-import.md).
// Quaternion keys use the same weights on log-space tangents and a Bezier (de Casteljau slerp)
// segment. Between keys a curve is smooth; outside the keys it holds the end values.
#include <array>
#include <cstddef>
#include <vector>

namespace aem::pipeline::e3d {

using Value4 = std::array<double, 4>;

struct CurveKey {
  double frame = 0;
  Value4 value{};                    // vectors use [0, components); quaternions are x, y, z, w
  double tension = 0, continuity = 0, bias = 0, ease_from = 0, ease_to = 0;
};

// Ecere's ease: t in [0, 1] reshaped by the previous key's ease-from and the next key's ease-to.
double ease_parameter(double t, double ease_from, double ease_to);

class TcbCurve {
 public:
  // `keys`: at least one, frames non-decreasing. `rotation`: values are quaternions (each
  // normalised here, neighbours put on one hemisphere); else vectors of `components` (1-3).
  TcbCurve(std::vector<CurveKey> keys, std::size_t components, bool rotation, bool loop);
  Value4 at(double frame) const;
  const std::vector<CurveKey>& keys() const { return keys_; }
  bool rotation() const { return rotation_; }

 private:
  std::vector<CurveKey> keys_;
  std::size_t components_;
  bool rotation_, loop_;
  std::vector<Value4> incoming_, outgoing_;  // per key: vector tangents, or quaternion controls
};

// The frames of linear keys that follow `value_at` between `first` and `last` within
// `tolerance`, as measured by `error(curve value, linear value)`: the `key_frames` inside the
// range and both ends, with each interval bisected while the error at seven interior points
// exceeds the tolerance (down to 1/256 of a frame). `rotation`: values are quaternions, and
// AEM's nlerp is the linear form. At most `max_keys` frames; empty when more would be needed.
template <typename ValueAt, typename Error>
std::vector<double> resample_frames(ValueAt value_at, const std::vector<double>& key_frames, double first, double last,
                                    bool rotation, double tolerance, std::size_t max_keys, Error error);

// Linear interpolation the way AEM plays keys: vectors componentwise, quaternions by nlerp
// along the shorter arc (x, y, z, w).
Value4 linear_between(const Value4& a, const Value4& b, double t, bool rotation);

}  // namespace aem::pipeline::e3d

#include "import/e3d/e3d_tcb_resampling.inl"
