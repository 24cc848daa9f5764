#pragma once
// Tangent frames for triangles without glTF TANGENT data, following MikkTSpace's construction:
// each triangle's tangent direction comes from its UV gradient; at each corner it is projected
// into the plane of the corner's normal, normalised and weighted by the corner angle (measured
// in that plane); corners are summed per vertex and per handedness (the sign of the triangle's
// UV area), and a vertex whose triangles disagree on handedness is split in two.
#include <cstdint>
#include <vector>

namespace aem::pipeline {

struct TangentMesh {
  std::vector<float> positions;  // 3 per vertex
  std::vector<float> normals;    // 3 per vertex, unit
  std::vector<float> uvs;        // 2 per vertex
  std::vector<std::uint32_t> triangles;
};

// Fills `tangents` with 4 floats per vertex (xyz unit, w = ±1 handedness); may append vertices
// to the mesh (copies of split vertices, recorded in `split_from`: new vertex -> original) and
// rewrite triangle indices accordingly.
void generate_tangents(TangentMesh& mesh, std::vector<float>& tangents,
                       std::vector<std::uint32_t>& split_from);

// Any unit vector perpendicular to `n` (for vertices without UVs or with degenerate UVs).
void perpendicular_tangent(const float n[3], float out[3]);

}  // namespace aem::pipeline
