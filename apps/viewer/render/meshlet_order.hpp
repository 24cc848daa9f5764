#pragma once
// The `meshlets` extension (aem/ext_meshlets.hpp) as GL 3.3 can draw it for the meshlets view
// mode: each (mesh, level)'s triangles rewritten in meshlet order as version-1 vertex indices,
// and beside them the meshlet of every such triangle. The fragment shader finds a pixel's
// meshlet by gl_PrimitiveID (counted from the draw's first triangle) in a texture buffer of the
// latter, and colours it by a hash of the meshlet's index. Why this way: GL 3.3 has no mesh
// shaders and meshlets share vertices, so neither a vertex attribute nor flat shading can carry
// a meshlet's identity; one u32 per triangle, built and uploaded once at load, can.
#include <cstdint>
#include <vector>

#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"

namespace aem::viewer {

struct MeshletOrder {
  std::vector<std::uint32_t> indices;            // 3 version-1 vertex indices per triangle
  std::vector<std::uint32_t> meshlet_of_triangle;  // per triangle of `indices`: the meshlet's index in the payload
  struct Range {
    std::uint32_t first_triangle = 0;  // into meshlet_of_triangle (and indices / 3)
    std::uint32_t triangle_count = 0;
  };
  std::vector<std::vector<Range>> levels;  // per mesh, per level that has meshlets (group k: level k)
};

// Every group's meshlets in payload order (a validated model's: the checker holds every index in
// range; a triangle whose corner still leaves its meshlet or the vertex section is skipped).
MeshletOrder meshlet_order(const Model& model, const MeshletsView& meshlets);

}  // namespace aem::viewer
