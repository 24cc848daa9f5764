#pragma once
// E3D is left-handed (x right, y up, z away from the viewer); the scene is right-handed (glTF's
// space). A model keeps its look, not a mirror image, when z is negated everywhere: positions,
// normals, tangent frames, translations, and rotations (a rotation conjugated by the z mirror
// keeps its z component and negates x and y). Negating one axis reverses every triangle's
// orientation, so each triangle's winding is reversed too: E3D's front faces (clockwise seen from
// outside in its left-handed space, as the spec's cube has them) become counter-clockwise.
#include <array>
#include <cstdint>

namespace aem::pipeline::e3d {

inline std::array<float, 3> to_scene_vector(std::array<float, 3> v) { return {v[0], v[1], -v[2]}; }
inline std::array<double, 3> to_scene_vector(std::array<double, 3> v) { return {v[0], v[1], -v[2]}; }

// E3D's (w, x, y, z) as the scene's (x, y, z, w), mirrored.
inline std::array<double, 4> to_scene_rotation(const std::array<double, 4>& wxyz) {
  return {-wxyz[1], -wxyz[2], wxyz[3], wxyz[0]};
}

// A triangle's corners (a, b, c) in the scene's winding.
inline std::array<std::uint32_t, 3> to_scene_winding(std::uint32_t a, std::uint32_t b, std::uint32_t c) { return {a, c, b}; }

}  // namespace aem::pipeline::e3d
