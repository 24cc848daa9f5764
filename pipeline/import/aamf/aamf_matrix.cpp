#include "import/aamf/aamf_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace aem::pipeline::aamf {
namespace {

using Matrix3 = std::array<double, 9>;  // column-major
double at3(const Matrix3& a, int row, int col) { return a[std::size_t(col * 3 + row)]; }

double determinant(const Matrix3& a) {
  return at3(a, 0, 0) * (at3(a, 1, 1) * at3(a, 2, 2) - at3(a, 1, 2) * at3(a, 2, 1)) -
         at3(a, 0, 1) * (at3(a, 1, 0) * at3(a, 2, 2) - at3(a, 1, 2) * at3(a, 2, 0)) +
         at3(a, 0, 2) * (at3(a, 1, 0) * at3(a, 2, 1) - at3(a, 1, 1) * at3(a, 2, 0));
}

// The inverse transposed (cofactors over the determinant), column-major.
Matrix3 inverse_transpose(const Matrix3& a) {
  const double d = determinant(a);
  Matrix3 out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      const int r1 = (r + 1) % 3, r2 = (r + 2) % 3, c1 = (c + 1) % 3, c2 = (c + 2) % 3;
      out[std::size_t(c * 3 + r)] = (at3(a, r1, c1) * at3(a, r2, c2) - at3(a, r1, c2) * at3(a, r2, c1)) / d;
    }
  return out;
}

// The rotation's quaternion with w >= 0.
math::Vec4 quaternion_of(const Matrix3& r) {
  math::Vec4 q = math::rotation_quaternion({r[0], r[1], r[2]}, {r[3], r[4], r[5]}, {r[6], r[7], r[8]});
  if (q[3] < 0) for (double& c : q) c = -c;
  return q;
}

// The 3×3 part that `trs` holds, column-major in a math::Mat4 (translation left 0).
math::Mat4 held_by(const Trs& trs) { return math::compose_trs({0, 0, 0}, trs.rotation, trs.scale); }

double largest_difference(const math::Mat4& a, const math::Mat4& b) {
  double d = 0;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) d = std::max(d, std::abs(a[std::size_t(c * 4 + r)] - b[std::size_t(c * 4 + r)]));
  return d;
}

}  // namespace

Trs fit_fixed(const math::Mat4& m) {
  constexpr double kMargin = 0.4 / kFixedOne;  // inside the rounding cell, with room for float storage
  Trs best = decompose(m), trs = best;
  for (int i = 0; i < 200 && best.shear > kMargin; ++i) {
    math::Mat4 target = held_by(trs);  // projected into the box around m, then back onto TRS
    for (int c = 0; c < 3; ++c)
      for (int r = 0; r < 3; ++r) {
        double& v = target[std::size_t(c * 4 + r)];
        const double centre = m[std::size_t(c * 4 + r)];
        v = std::clamp(v, centre - kMargin, centre + kMargin);
      }
    trs = decompose(target);
    trs.translation = best.translation;
    trs.shear = largest_difference(held_by(trs), m);
    if (trs.shear < best.shear) best = trs;  // alternating projections need not improve every step
  }
  return best;
}

math::Mat4 to_matrix(const FixedMatrix& m) {
  math::Mat4 out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out[std::size_t(c * 4 + r)] = m.m[std::size_t(r * 3 + c)] / kFixedOne;
  for (int r = 0; r < 3; ++r) out[std::size_t(12 + r)] = m.t[std::size_t(r)] / kFixedOne;
  out[15] = 1;
  return out;
}

math::Mat4 inverse_affine(const math::Mat4& m) {
  Matrix3 a;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) a[std::size_t(c * 3 + r)] = m[std::size_t(c * 4 + r)];
  if (!(std::abs(determinant(a)) > 1e-12)) throw std::domain_error("singular matrix");
  const Matrix3 it = inverse_transpose(a);
  math::Mat4 out{};
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) out[std::size_t(c * 4 + r)] = it[std::size_t(r * 3 + c)];  // transpose back
  for (int r = 0; r < 3; ++r)
    out[std::size_t(12 + r)] = -(out[std::size_t(r)] * m[12] + out[std::size_t(4 + r)] * m[13] + out[std::size_t(8 + r)] * m[14]);
  out[15] = 1;
  return out;
}

Trs decompose(const math::Mat4& m) {
  Trs trs;
  trs.translation = {m[12], m[13], m[14]};
  Matrix3 a;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) a[std::size_t(c * 3 + r)] = m[std::size_t(c * 4 + r)];
  const double det = determinant(a);
  if (!(std::abs(det) > 1e-12)) {  // degenerate: keep the column lengths, no rotation
    for (int c = 0; c < 3; ++c) trs.scale[std::size_t(c)] = std::hypot(at3(a, 0, c), at3(a, 1, c), at3(a, 2, c));
    trs.shear = 1;
    return trs;
  }
  Matrix3 flipped = a;
  if (det < 0) for (int r = 0; r < 3; ++r) flipped[std::size_t(r)] = -flipped[std::size_t(r)];  // x column
  Matrix3 rot = flipped;  // polar factor by Higham's iteration: R <- (R + R^-T) / 2
  for (int i = 0; i < 30; ++i) {
    const Matrix3 it = inverse_transpose(rot);
    double change = 0;
    for (std::size_t k = 0; k < 9; ++k) { const double next = 0.5 * (rot[k] + it[k]); change = std::max(change, std::abs(next - rot[k])); rot[k] = next; }
    if (change < 1e-15) break;
  }
  for (int c = 0; c < 3; ++c)  // scale = diag(R^T A)
    trs.scale[std::size_t(c)] = at3(rot, 0, c) * at3(flipped, 0, c) + at3(rot, 1, c) * at3(flipped, 1, c) + at3(rot, 2, c) * at3(flipped, 2, c);
  if (det < 0) trs.scale[0] = -trs.scale[0];
  trs.rotation = quaternion_of(rot);
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) {
      const double sign = (det < 0 && c == 0) ? -1 : 1;
      const double held = at3(rot, r, c) * std::abs(trs.scale[std::size_t(c)]) * sign;
      trs.shear = std::max(trs.shear, std::abs(held - at3(a, r, c)));
    }
  return trs;
}

}  // namespace aem::pipeline::aamf
