#pragma once
// Angle-weighted vertex normals for an indexed triangle list: every triangle adds its unit face
// normal to each of its corners, weighted by the corner's angle. Vertices shared through the
// index list are smoothed; unindexed geometry therefore gets flat normals (as glTF asks).
#include <atomic>
#include <cstdint>
#include <vector>

namespace aem::pipeline {

// positions: 3 floats per vertex. Returns 3 floats per vertex, unit length; a vertex no
// non-degenerate triangle touches gets +Z. Throws BakeCancelled once `cancel` is set.
std::vector<float> angle_weighted_normals(const std::vector<float>& positions,
                                          const std::vector<std::uint32_t>& triangles,
                                          const std::atomic<bool>* cancel = nullptr);

}  // namespace aem::pipeline
