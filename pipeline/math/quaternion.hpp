#pragma once
// Quaternion algebra in double precision, on bake_math's Vec4 in the pipeline's order (x, y, z, w,
// as glTF's). A format that stores another order converts at its edge (E3D's w-first rotations:
// import/e3d/e3d_quaternion.hpp). bake_math.hpp has the matrix side: compose_trs,
// rotation_quaternion and normalize_quaternion (which keeps a quaternion stored as floats as it is).
#include "math/bake_math.hpp"

namespace aem::pipeline::math {

double quaternion_dot(const Vec4& a, const Vec4& b);
// q / |q| exactly; the identity (0, 0, 0, 1) for a zero or non-finite q.
Vec4 unit_quaternion(const Vec4& q);
Vec4 quaternion_conjugate(const Vec4& q);
// The Hamilton product a * b: rotating by b, then by a.
Vec4 quaternion_product(const Vec4& a, const Vec4& b);
Vec4 quaternion_log(const Vec4& unit);  // (axis * angle / 2, 0)
Vec4 quaternion_exp(const Vec4& pure);  // the inverse of quaternion_log
// Along the arc from a to b as given (no flip to the shorter arc); nlerp where sin(angle) < 1e-9.
Vec4 quaternion_slerp(const Vec4& a, const Vec4& b, double t);
// The rotation of `degrees` about the unit axis 0 (x), 1 (y) or 2 (z).
Vec4 quaternion_about_axis(int axis, double degrees);
// The angle in degrees between the rotations of unit quaternions a and b.
double rotation_angle_degrees(const Vec4& a, const Vec4& b);

}  // namespace aem::pipeline::math
