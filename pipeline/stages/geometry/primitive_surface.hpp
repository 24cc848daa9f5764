#pragma once
// A baked primitive's surface frame: its given tangents turned with the geometry, or tangents
// generated where none are kept (which may split vertices).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "math/bake_math.hpp"

namespace aem::pipeline {

struct PrimitiveSurface {
  std::vector<float> positions, normals, uvs;  // 3, 3 and 2 per vertex, split copies appended
  std::vector<float> tangents;                 // 4 per vertex (xyz unit, w = ±1)
  std::vector<std::uint32_t> triangles;
  std::vector<std::uint32_t> split_from;       // vertex (original count + k) copies split_from[k]
};

// Turns given tangents (4 per vertex, in the primitive's own space) by `transform`, makes them
// perpendicular to the baked unit `normals`, and keeps w's sign (flipped when `mirrored`, since
// the bitangent is cross(normal, tangent) * w). A tangent that is zero or along its normal gets
// any perpendicular; returns how many did.
std::size_t orient_given_tangents(std::vector<float>& tangents, const std::vector<float>& normals,
                                  const math::Mat4& transform, bool mirrored);

// The surface with `tangents` when given (non-empty); otherwise generated from the UVs when the
// primitive has any (MikkTSpace, tangent_generation.hpp, then made perpendicular to each normal
// as given ones are), else a perpendicular of each normal.
PrimitiveSurface primitive_surface(std::vector<float> positions, std::vector<float> normals,
                                   std::vector<float> uvs, std::vector<std::uint32_t> triangles,
                                   std::vector<float> tangents, bool has_uv,
                                   const std::atomic<bool>* cancel);

}  // namespace aem::pipeline
