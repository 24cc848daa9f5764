#pragma once
// E3D's space, as Ecere's own loader and renderer use it: x right, y DOWN, z away from the viewer.
// The spec's words say "left-handed, y up", but Ecere's E3D reader stores vertices and node
// positions as they are (only its opt-in `positiveYUp` option negates y), and Ecere's OpenGL
// driver puts eye-space +y at the bottom of the screen (glFrustum's bottom plane comes from the
// surface's bottom row) with z scaled by -1, so the files are drawn x right, y down, z away: a
// right-handed frame, glTF's turned half a turn about x. The corpus's models are authored that way
// (the teapot's lid knob at its lowest y, the cow's legs at its highest); specs/e3d-import.md §3.
//
// So the scene gets a rotation, not a mirror: y and z are negated everywhere (positions, normals,
// tangent frames, translations), winding is kept (a rotation keeps every triangle's orientation),
// and a rotation quaternion conjugated by the half-turn keeps w and x and negates y and z.
//
// Ecere applies a node's orientation q to row vectors through the standard matrix of q
// (Matrix::RotationQuaternion, v' = v * M), which turns points by q's inverse; glTF's rotation
// turns them by itself. A node's (and an animation key's) orientation is therefore inverted
// before the half-turn: (w, x, y, z) becomes the scene's (-x, y, z, w) in its x, y, z, w order.
#include <array>
#include <cstdint>

#include "import/e3d/e3d_quaternion.hpp"

namespace aem::pipeline::e3d {

// 0 - c rather than -c: a zero stays +0, so a file's normals bake to the same bytes as the normals
// the bake generates for the same faces (the spec's cube1 and cube2).
inline std::array<float, 3> to_scene_vector(std::array<float, 3> v) { return {v[0], 0.0f - v[1], 0.0f - v[2]}; }
inline std::array<double, 3> to_scene_vector(std::array<double, 3> v) { return {v[0], 0.0 - v[1], 0.0 - v[2]}; }

// An E3D rotation, as Ecere applies it (inverted), as the scene's (x, y, z, w) after the half-turn.
inline math::Vec4 to_scene_rotation(const WFirstQuaternion& q) { return {0.0 - q.x, q.y, q.z, q.w}; }

// A triangle's corners (a, b, c) in the scene's winding: unchanged, the half-turn is a rotation.
inline std::array<std::uint32_t, 3> to_scene_winding(std::uint32_t a, std::uint32_t b, std::uint32_t c) { return {a, b, c}; }

}  // namespace aem::pipeline::e3d
