#pragma once
// PsyQ MATRIX values as the scene's transforms: 4.12 fixed point to doubles, inversion, and the
// decomposition into translation, rotation and scale that animation channels and node rest
// transforms hold, fitted so that it rounds back to the file's values (specs/aamf-import.md §4).
// Composition and the rest of the algebra are math/bake_math.hpp's.
#include "import/aamf/aamf_model.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline::aamf {

inline constexpr double kFixedOne = 4096.0;

// As a column-major 4×4 (the scene's convention), acting on column vectors: v' = m·v + t.
math::Mat4 to_matrix(const FixedMatrix& m);
// The inverse of an affine matrix; throws std::domain_error when its 3×3 part is singular.
math::Mat4 inverse_affine(const math::Mat4& m);

struct Trs {
  math::Vec3 translation{0, 0, 0}, scale{1, 1, 1};
  math::Vec4 rotation{0, 0, 0, 1};  // x, y, z, w
  double shear = 0;  // the largest entry of |T·R·S − m| over the 3×3 part: what TRS cannot hold
};
// The rotation is the 3×3 part's polar factor (a negative determinant goes to a negative x scale);
// the scale is the diagonal that is left.
Trs decompose(const math::Mat4& m);
// For a matrix read from 4.12 values: starting from decompose, a T, R, S whose matrix lies within
// 0.4 of a 4.12 step of every entry of `m` where one is found (alternating between TRS matrices and
// the box around m), so that an exporter rounding it gets `m` back; shear is what is left.
Trs fit_fixed(const math::Mat4& m);

}  // namespace aem::pipeline::aamf
