#pragma once
// Quaternion arithmetic for E3D's rotations, stored w, x, y, z as E3D stores them.
#include <array>

namespace aem::pipeline::e3d {

using Quat = std::array<double, 4>;  // w, x, y, z

double quat_dot(const Quat& a, const Quat& b);
Quat quat_normalized(const Quat& q);  // identity for a zero quaternion
Quat quat_conjugate(const Quat& q);
Quat quat_multiply(const Quat& a, const Quat& b);  // a then b as operators: a * b (Hamilton)
Quat quat_log(const Quat& unit);      // (0, axis * angle / 2)
Quat quat_exp(const Quat& pure);      // inverse of quat_log
Quat quat_slerp(const Quat& a, const Quat& b, double t);  // along the arc from a to b as given
// The rotation of `degrees` about unit axis 0 (x), 1 (y) or 2 (z).
Quat quat_about_axis(int axis, double degrees);
// The angle in degrees between the rotations of unit quaternions a and b.
double rotation_angle_degrees(const Quat& a, const Quat& b);

}  // namespace aem::pipeline::e3d
