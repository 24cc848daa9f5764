#pragma once
// Tangent frames for triangles without glTF TANGENT data: the MikkTSpace construction (the glTF
// rule for missing tangents, default settings), written from its description.
//
// UVs are taken with V pointing up the image (v' = -v of glTF), as exporters run MikkTSpace, so
// that the bitangent points up the normal texture as glTF's normal-texture convention wants.
//  1. Vertices with equal position, normal and UV (by value) are welded (only for the steps below;
//     the mesh's indexing is kept). A triangle with two equal corner positions is degenerate.
//  2. Each other triangle gets its U direction dP/du from the UV gradient and its orientation
//     from the sign of its UV area (positive: w = +1). A triangle with zero UV area, or whose U
//     or V direction vanishes, contributes nothing and joins whichever group reaches it first.
//  3. Triangles are adjacent across an edge whose welded ends they share in opposite winding
//     (at most one neighbour per edge). At every welded vertex, the triangles around it that are
//     connected through such edges and have the same orientation form a group.
//  4. A group's tangent is the sum, over its triangles, of the triangle's dP/du projected into
//     the plane of the vertex normal and normalised, weighted by the corner angle measured in
//     that plane; normalised. Its w is the group's orientation. (MikkTSpace's optional split of
//     a group by an angular threshold is off at the default 180 degrees, as here.)
//  5. A corner of a degenerate triangle takes the frame of the first corner of a non-degenerate
//     triangle at the same welded vertex. A corner left without a frame, or whose sum vanishes,
//     gets a unit perpendicular of its normal with w = +1.
// Corners of one vertex with bit-identical frames share it; every other frame gets a copy of the
// vertex. Time O(n log n) in the number of corners; the output depends only on the input.
#include <atomic>
#include <cstdint>
#include <vector>

namespace aem::pipeline {

struct TangentMesh {
  std::vector<float> positions;  // 3 per vertex
  std::vector<float> normals;    // 3 per vertex, unit
  std::vector<float> uvs;        // 2 per vertex, glTF convention (V down the image)
  std::vector<std::uint32_t> triangles;
};

// Fills `tangents` with 4 floats per vertex (xyz unit and perpendicular to the normal, w = ±1
// with bitangent = cross(normal, tangent.xyz) * w pointing up the texture); may append vertices
// to the mesh (copies of split vertices, recorded in `split_from`: new vertex -> original, in the
// order appended) and rewrite triangle indices accordingly. Vertices no triangle uses get a
// perpendicular of their normal and w = +1. Throws std::length_error for 2^32 - 1 or more
// corners or vertices, and BakeCancelled once `cancel` is set.
void generate_tangents(TangentMesh& mesh, std::vector<float>& tangents,
                       std::vector<std::uint32_t>& split_from, const std::atomic<bool>* cancel = nullptr);

// A unit vector perpendicular to the unit vector `n` (for vertices without UVs or whose UVs give
// no direction).
void perpendicular_tangent(const float n[3], float out[3]);

}  // namespace aem::pipeline
