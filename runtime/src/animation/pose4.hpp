#pragma once
// Four joints' transforms in registers, and the maths the sampler, the mixer and the skeleton
// do on them: interpolation, slerp, normalisation and conversion to matrices. Each function
// performs the same operations in the same order as its one-joint counterpart in transform.hpp.
#include <cmath>

#include "aem/transform4.hpp"
#include "simd/simd4.hpp"

namespace aem::simd {

template <class V>
struct PoseOf {
  V translation[3];
  V rotation[4];
  V scale[3];
};
using Pose4 = PoseOf<Float4>;
// Two groups' poses side by side (the first in the low lanes), for the skeleton's conversion to
// matrices, which then takes eight joints per instruction where AVX has 256-bit registers.
using Pose8 = PoseOf<Float8>;

AEM_ALWAYS_INLINE Pose4 load(const Transform4& t) {
  Pose4 p;
  for (int c = 0; c < 3; ++c) p.translation[c] = load(t.translation[c]);
  for (int c = 0; c < 4; ++c) p.rotation[c] = load(t.rotation[c]);
  for (int c = 0; c < 3; ++c) p.scale[c] = load(t.scale[c]);
  return p;
}

AEM_ALWAYS_INLINE Pose8 load(const Transform4& low, const Transform4& high) {
  const auto both = [](const float* a, const float* b) AEM_LAMBDA_ALWAYS_INLINE {
    return concat(load(a), load(b));
  };
  Pose8 p;
  for (int c = 0; c < 3; ++c) p.translation[c] = both(low.translation[c], high.translation[c]);
  for (int c = 0; c < 4; ++c) p.rotation[c] = both(low.rotation[c], high.rotation[c]);
  for (int c = 0; c < 3; ++c) p.scale[c] = both(low.scale[c], high.scale[c]);
  return p;
}

AEM_ALWAYS_INLINE void store(Transform4& t, const Pose4& p) {
  for (int c = 0; c < 3; ++c) store(t.translation[c], p.translation[c]);
  for (int c = 0; c < 4; ++c) store(t.rotation[c], p.rotation[c]);
  for (int c = 0; c < 3; ++c) store(t.scale[c], p.scale[c]);
}

// The first `count` lanes as separate transforms.
AEM_ALWAYS_INLINE void store(Transform* out, std::size_t count, const Pose4& p) {
  for (std::size_t k = 0; k < count; ++k) {
    out[k] = {{p.translation[0][k], p.translation[1][k], p.translation[2][k]},
              {p.rotation[0][k], p.rotation[1][k], p.rotation[2][k], p.rotation[3][k]},
              {p.scale[0][k], p.scale[1][k], p.scale[2][k]}};
  }
}

template <int N>
AEM_ALWAYS_INLINE void lerp(const Float4 (&a)[N], const Float4 (&b)[N], Float4 t, Float4 (&out)[N]) {
  for (int c = 0; c < N; ++c) out[c] = a[c] + (b[c] - a[c]) * t;
}

AEM_ALWAYS_INLINE Float4 dot4(const Float4 (&a)[4], const Float4 (&b)[4]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

// The weights of slerp's two ends, as in aem::slerp: a series in x = cos(angle) - 1 whose
// coefficients depend on the fraction alone, so a caller with one fraction for many joints
// builds them once. Coefficient i is coefficient i - 1 times (t^2 - i^2) / (i (2i + 1)) for
// the weight of b, with s = 1 - t in place of t for the weight of a; the zeroth is t (or s).
template <int Terms>
struct SlerpSeries {
  Float4 a[Terms + 1], b[Terms + 1];

  AEM_ALWAYS_INLINE explicit SlerpSeries(Float4 t) {
    constexpr float kInverse[8] = {0, 1.0f / 3, 1.0f / 10, 1.0f / 21, 1.0f / 36, 1.0f / 55, 1.0f / 78, 1.0f / 105};
    const Float4 s = 1.0f - t;
    const Float4 ss = s * s, tt = t * t;
    a[0] = s;
    b[0] = t;
    for (int i = 1; i <= Terms; ++i) {
      const float square = float(i * i);
      a[i] = a[i - 1] * ((ss - square) * kInverse[i]);
      b[i] = b[i - 1] * ((tt - square) * kInverse[i]);
    }
  }

  AEM_ALWAYS_INLINE void weights(Float4 x, Float4& wa, Float4& wb) const {
    wa = a[Terms];
    wb = b[Terms];
    for (int i = Terms - 1; i >= 0; --i) {
      wa = wa * x + a[i];
      wb = wb * x + b[i];
    }
  }
};

// Shortest-path slerp of four quaternion pairs by fractions t: 3 terms of the series when every
// lane's keys are under 16 degrees apart, 7 (from `far()`, made only when needed) up to 91
// degrees, and the exact formula (detail::wide_slerp_weights) for the lanes beyond.
template <class Far>
AEM_ALWAYS_INLINE void slerp(const Float4 (&a)[4], const Float4 (&b)[4], Float4 t, const SlerpSeries<3>& near,
                  Far&& far, Float4 (&out)[4]) {
  const Float4 signed_cosine = dot4(a, b);
  const Float4 cosine = abs(signed_cosine);
  const Float4 x = cosine - 1.0f;
  Float4 wa, wb;
  if (all(cosine >= 0.99f)) {
    near.weights(x, wa, wb);
  } else {
    far().weights(x, wa, wb);
    const Mask4 wide = cosine < 0.7f;
    if (any(wide)) {
      for (int k = 0; k < 4; ++k) {
        if (!wide[k]) continue;
        float lane_a, lane_b;
        aem::detail::wide_slerp_weights(cosine[k], t[k], lane_a, lane_b);
        wa[k] = lane_a;
        wb[k] = lane_b;
      }
    }
  }
  wb = negate_where(signed_cosine < 0.0f, wb);  // the same as negating b: the shorter arc
  for (int c = 0; c < 4; ++c) out[c] = a[c] * wa + b[c] * wb;
}

// A BlendSum4 in registers.
struct Sum4 {
  Pose4 pose;  // weighted sums of each component
  Float4 weight;
};

AEM_ALWAYS_INLINE Sum4 load(const BlendSum4& sum) {
  Sum4 s;
  for (int c = 0; c < 3; ++c) s.pose.translation[c] = load(sum.translation[c]);
  for (int c = 0; c < 4; ++c) s.pose.rotation[c] = load(sum.rotation[c]);
  for (int c = 0; c < 3; ++c) s.pose.scale[c] = load(sum.scale[c]);
  s.weight = load(sum.weight);
  return s;
}

AEM_ALWAYS_INLINE void store(BlendSum4& sum, const Sum4& s) {
  for (int c = 0; c < 3; ++c) store(sum.translation[c], s.pose.translation[c]);
  for (int c = 0; c < 4; ++c) store(sum.rotation[c], s.pose.rotation[c]);
  for (int c = 0; c < 3; ++c) store(sum.scale[c], s.pose.scale[c]);
  store(sum.weight, s.weight);
}

// sum += w * pose for each lane, each rotation flipped into the hemisphere of its running sum so
// that q and -q (the same rotation) never cancel out.
AEM_ALWAYS_INLINE void accumulate(Sum4& sum, const Pose4& pose, Float4 w) {
  for (int c = 0; c < 3; ++c) sum.pose.translation[c] += pose.translation[c] * w;
  for (int c = 0; c < 3; ++c) sum.pose.scale[c] += pose.scale[c] * w;
  const Float4 signed_w = negate_where(dot4(sum.pose.rotation, pose.rotation) < 0.0f, w);
  for (int c = 0; c < 4; ++c) sum.pose.rotation[c] += pose.rotation[c] * signed_w;
  sum.weight += w;
}

// Unit quaternions; a zero one becomes the identity.
AEM_ALWAYS_INLINE void normalize(Float4 (&q)[4]) {
  const Float4 length_squared = dot4(q, q);
  const Mask4 zero = length_squared <= 0.0f;
  const Float4 inverse = 1.0f / sqrt(select(zero, splat(1.0f), length_squared));
  for (int c = 0; c < 4; ++c) q[c] = select(zero, splat(c == 3 ? 1.0f : 0.0f), q[c] * inverse);
}

// The top three rows of each joint's local matrix (the bottom row is 0, 0, 0, 1), column by
// column: m[4 * column + row] for row < 3, as aem::to_matrix computes them.
template <class V>
struct AffineOf {
  V m[4][3];  // [column][row]
};

template <class V>
AEM_ALWAYS_INLINE AffineOf<V> to_matrix(const PoseOf<V>& p) {
  const V &x = p.rotation[0], &y = p.rotation[1], &z = p.rotation[2], &w = p.rotation[3];
  const V xx = x * x, yy = y * y, zz = z * z;
  const V xy = x * y, xz = x * z, yz = y * z;
  const V wx = w * x, wy = w * y, wz = w * z;
  AffineOf<V> r;
  r.m[0][0] = (1.0f - 2.0f * (yy + zz)) * p.scale[0];
  r.m[0][1] = 2.0f * (xy + wz) * p.scale[0];
  r.m[0][2] = 2.0f * (xz - wy) * p.scale[0];
  r.m[1][0] = 2.0f * (xy - wz) * p.scale[1];
  r.m[1][1] = (1.0f - 2.0f * (xx + zz)) * p.scale[1];
  r.m[1][2] = 2.0f * (yz + wx) * p.scale[1];
  r.m[2][0] = 2.0f * (xz + wy) * p.scale[2];
  r.m[2][1] = 2.0f * (yz - wx) * p.scale[2];
  r.m[2][2] = (1.0f - 2.0f * (xx + yy)) * p.scale[2];
  for (int row = 0; row < 3; ++row) r.m[3][row] = p.translation[row];
  return r;
}

}  // namespace aem::simd
