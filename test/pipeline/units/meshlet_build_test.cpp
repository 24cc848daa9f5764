// build_meshlets (pipeline/stages/geometry/meshlet_build.hpp) on meshes the corpus does not have:
// degenerate triangles, both with a repeated index and with three distinct collinear vertices,
// are kept in exactly one meshlet each; every sphere holds every vertex of its meshlet (the
// builder's sphere leaves zero-area triangles out); a meshlet of only zero-area triangles has no
// cone; the limits are kept over many meshlets.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "meshlet_expectations.hpp"
#include "model_factory.hpp"
#include "stages/geometry/meshlet_build.hpp"

namespace aem::test::meshlet_build {
namespace {

// tiny_model() with `positions` as its vertices and `indices` as its one mesh, cut into meshlets
// of at most `vertices` / `triangles`; the validated model (the checker covers every level).
std::vector<std::byte> with_meshlets(const std::vector<std::array<float, 3>>& positions,
                                     const std::vector<std::uint32_t>& indices, std::uint32_t vertices,
                                     std::uint32_t triangles) {
  pipeline::ModelContent content = tiny_model();
  const Vertex like = content.vertices[0];
  content.vertices.clear();
  for (const auto& p : positions) {
    Vertex v = like;
    std::copy(p.begin(), p.end(), v.position);
    content.vertices.push_back(v);
  }
  content.indices = indices;
  content.meshes = {{0, std::uint32_t(indices.size()), 0}};
  content.extensions.meshlets =
      pipeline::build_meshlets(content.vertices, content.indices, content.meshes, {}, {true, vertices, triangles});
  return pipeline::serialize_model(content);
}

TEST(MeshletBuild, DegenerateTrianglesAreKeptOnceAndInsideTheirSpheres) {
  // A unit triangle, a repeated-index one and a zero-area one reaching far along its edge 1-2 (to
  // vertex 6), and far away a zero-area one on a line.
  const std::vector<std::byte> bytes =
      with_meshlets({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {10, 0, 0}, {11, 0, 0}, {12, 0, 0}, {-2, 3, 0}},
                    {0, 1, 2, 1, 1, 2, 2, 1, 6, 3, 4, 5}, 4, 4);
  const Model model = Model::open_memory(bytes);
  const std::optional<MeshletsView> view = meshlets_of(model);
  ASSERT_TRUE(view.has_value());
  expect_faithful_meshlets(model);
  // The line's meshlet (its own: three new vertices do not fit beside the other four) has no cone.
  int lines = 0;
  for (const Meshlet& m : view->meshlets_of(0, 0))
    if (view->vertices_of(m)[0] >= 3 && view->vertices_of(m)[0] <= 5) {
      ++lines;
      EXPECT_EQ(m.cone_cutoff, 1.0f);
      EXPECT_NEAR(m.center[0], 11.0f, 1e-6f);
      EXPECT_NEAR(m.radius, 1.0f, 1e-6f);
    }
  EXPECT_EQ(lines, 1);
}

TEST(MeshletBuild, ManyMeshletsKeepTheLimits) {
  // A 20 × 20 grid of quads: 800 triangles over 441 vertices, at 16 vertices and 8 triangles.
  std::vector<std::array<float, 3>> positions;
  std::vector<std::uint32_t> indices;
  for (int y = 0; y <= 20; ++y)
    for (int x = 0; x <= 20; ++x) positions.push_back({float(x), float(y), 0.1f * float(x * y % 7)});
  for (std::uint32_t y = 0; y < 20; ++y)
    for (std::uint32_t x = 0; x < 20; ++x) {
      const std::uint32_t a = y * 21 + x;
      indices.insert(indices.end(), {a, a + 1, a + 22, a, a + 22, a + 21});
    }
  const std::vector<std::byte> bytes = with_meshlets(positions, indices, 16, 8);
  const Model model = Model::open_memory(bytes);
  EXPECT_GE(meshlets_of(model)->meshlets.size(), 100u);
  expect_faithful_meshlets(model);
}

}  // namespace
}  // namespace aem::test::meshlet_build
