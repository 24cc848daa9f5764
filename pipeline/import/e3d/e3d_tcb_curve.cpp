#include "import/e3d/e3d_tcb_curve.hpp"

#include <cmath>

#include "math/quaternion.hpp"

namespace aem::pipeline::e3d {
namespace {

Value4 add(const Value4& a, const Value4& b, double s = 1) { return {a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3]}; }
Value4 scale(const Value4& a, double s) { return {a[0] * s, a[1] * s, a[2] * s, a[3] * s}; }

// Ecere's timing adjustment of a TCB tangent for uneven key spacing, pulled toward the even
// value 1/2 as |continuity| grows.
double spacing_weight(double own, double d1, double d2, double continuity) {
  const double even = d1 + d2 > 0 ? own / (d1 + d2) : 0.5;
  return 0.5 + (1 - std::abs(continuity)) * (even - 0.5);
}

}  // namespace

double ease_parameter(double t, double a, double b) {
  const double s = a + b;
  if (s == 0) return t;
  if (s > 1) { a /= s; b /= s; }
  const double k = 1 / (2 - a - b);
  if (t < a) return k / a * t * t;
  if (t < 1 - b) return k * (2 * t - a);
  t = 1 - t;
  return 1 - k / b * t * t;
}

TcbCurve::TcbCurve(std::vector<CurveKey> keys, std::size_t components, bool rotation, bool loop)
    : keys_(std::move(keys)), components_(components), rotation_(rotation), loop_(loop) {
  const std::size_t n = keys_.size();
  if (rotation_) {
    for (std::size_t i = 0; i < n; ++i) {
      keys_[i].value = math::unit_quaternion(keys_[i].value);
      if (i > 0 && math::quaternion_dot(keys_[i - 1].value, keys_[i].value) < 0) keys_[i].value = scale(keys_[i].value, -1);
    }
  }
  // The difference from key i to key j: a vector, or the log of the relative rotation.
  const auto delta = [&](std::size_t i, std::size_t j) -> Value4 {
    if (!rotation_) return add(keys_[j].value, keys_[i].value, -1);
    return math::quaternion_log(math::quaternion_product(math::quaternion_conjugate(keys_[i].value), keys_[j].value));
  };
  incoming_.assign(n, Value4{});
  outgoing_.assign(n, Value4{});
  // Interior rule (and the loop's ends): TS from (1+b)(1-c), (1-b)(1+c); TD with c negated.
  const auto interior = [&](std::size_t k, std::size_t prev, std::size_t next, double d1, double d2) {
    const CurveKey& key = keys_[k];
    const Value4 in = delta(prev, k), out = delta(k, next);
    for (int side = 0; side < 2; ++side) {
      const double c = side == 0 ? key.continuity : -key.continuity;
      const double w = spacing_weight(side == 0 ? d1 : d2, d1, d2, c);
      const Value4 tangent = scale(add(scale(in, (1 + key.bias) * (1 - c)), out, (1 - key.bias) * (1 + c)), (1 - key.tension) * w);
      (side == 0 ? incoming_ : outgoing_)[k] = tangent;
    }
  };
  if (n >= 2) {
    for (std::size_t k = 1; k + 1 < n; ++k)
      interior(k, k - 1, k + 1, keys_[k].frame - keys_[k - 1].frame, keys_[k + 1].frame - keys_[k].frame);
    const double t0 = 1 - keys_[0].tension, tn = 1 - keys_[n - 1].tension;
    if (n == 2) {
      outgoing_[0] = scale(delta(0, 1), t0);
      incoming_[1] = scale(delta(0, 1), tn);
    } else if (loop_) {  // the last key repeats the first: its neighbours wrap around
      const double d_end = keys_[n - 1].frame - keys_[n - 2].frame, d_start = keys_[1].frame - keys_[0].frame;
      interior(0, n - 2, 1, d_end, d_start);
      interior(n - 1, n - 2, 1, d_end, d_start);
    } else {
      outgoing_[0] = scale(add(scale(delta(0, 1), 1.5), incoming_[1], -0.5), t0);
      incoming_[n - 1] = scale(add(scale(delta(n - 2, n - 1), 1.5), outgoing_[n - 2], -0.5), tn);
    }
  }
  if (rotation_) {  // tangents become Bezier control quaternions: a = q exp(-TS/3), b = q exp(TD/3)
    for (std::size_t k = 0; k < n; ++k) {
      incoming_[k] = math::quaternion_product(keys_[k].value, math::quaternion_exp(scale(incoming_[k], -1.0 / 3)));
      outgoing_[k] = math::quaternion_product(keys_[k].value, math::quaternion_exp(scale(outgoing_[k], 1.0 / 3)));
    }
  }
}

Value4 TcbCurve::at(double frame) const {
  const std::size_t n = keys_.size();
  if (frame <= keys_.front().frame || n == 1) return keys_.front().value;
  if (frame >= keys_.back().frame) return keys_.back().value;
  std::size_t next = 1;
  while (keys_[next].frame <= frame) ++next;  // keys_.back().frame > frame stops it
  const std::size_t prev = next - 1;
  const CurveKey &a = keys_[prev], &b = keys_[next];
  const double t = ease_parameter((frame - a.frame) / (b.frame - a.frame), a.ease_from, b.ease_to);
  if (rotation_) {
    const Value4 q0 = math::quaternion_slerp(a.value, outgoing_[prev], t), q1 = math::quaternion_slerp(outgoing_[prev], incoming_[next], t),
                 q2 = math::quaternion_slerp(incoming_[next], b.value, t);
    return math::quaternion_slerp(math::quaternion_slerp(q0, q1, t), math::quaternion_slerp(q1, q2, t), t);
  }
  const double t2 = t * t, t3 = t2 * t;
  Value4 out{};
  for (std::size_t c = 0; c < components_; ++c)
    out[c] = a.value[c] * (2 * t3 - 3 * t2 + 1) + outgoing_[prev][c] * (t3 - 2 * t2 + t) + b.value[c] * (-2 * t3 + 3 * t2) +
             incoming_[next][c] * (t3 - t2);
  return out;
}

Value4 linear_between(const Value4& a, const Value4& b, double t, bool rotation) {
  if (!rotation) return add(scale(a, 1 - t), b, t);
  const double sign = math::quaternion_dot(a, b) < 0 ? -1 : 1;
  return math::unit_quaternion(add(scale(a, 1 - t), b, sign * t));
}

}  // namespace aem::pipeline::e3d
