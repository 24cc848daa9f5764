#pragma once
// The sample assets' geometry: boxes, cylinders and the tentacle's tube, as MeshData with
// normals and UVs, counter-clockwise seen from outside.
#include <array>

#include "gltf_builder.hpp"

namespace aem::sample {

using Vec3 = std::array<float, 3>;

// An axis-aligned box; each face maps the whole UV square.
MeshData box(Vec3 center, Vec3 size);
// A capped cylinder along +Z from z = z0 to z0 + depth, centred on x = y = 0.
MeshData cylinder(float radius, float z0, float depth, int segments);
// Appends `part` to `into`, its indices moved past `into`'s vertices.
void append(MeshData& into, const MeshData& part);

}  // namespace aem::sample
