#pragma once
// E3D's rotations, stored w, x, y, z, as a type of their own: the pipeline's quaternions are
// math::Vec4 in x, y, z, w order, and a std::array in either order would have the same type. The
// importer converts at its edge and does the algebra with math/quaternion.hpp.
#include <array>

#include "math/bake_math.hpp"

namespace aem::pipeline::e3d {

struct WFirstQuaternion {
  double w = 1, x = 0, y = 0, z = 0;
  bool operator==(const WFirstQuaternion&) const = default;
};

// The same rotation in the pipeline's order, and back: the components move, nothing is rounded.
inline math::Vec4 to_xyzw(const WFirstQuaternion& q) { return {q.x, q.y, q.z, q.w}; }
inline WFirstQuaternion to_wxyz(const math::Vec4& q) { return {q[3], q[0], q[1], q[2]}; }
// A rotation key's four values as the file holds them (w first).
inline WFirstQuaternion from_stored(const std::array<float, 4>& wxyz) { return {wxyz[0], wxyz[1], wxyz[2], wxyz[3]}; }

}  // namespace aem::pipeline::e3d
