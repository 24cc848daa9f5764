// generate_tangents on small meshes built here: the glTF handedness convention (bitangent up the
// texture), a UV mirror seam splitting its vertices, degenerate and zero-UV-area triangles taking
// their neighbours' frames, hostile fans and non-manifold edges (linear, not quadratic, or the
// test times out), and the same bytes on every run.
#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "stages/geometry/tangent_generation.hpp"

namespace aem::test {
namespace {

using pipeline::TangentMesh;

struct Generated {
  TangentMesh mesh;
  std::vector<float> tangents;
  std::vector<std::uint32_t> split_from;
};

Generated generate(TangentMesh mesh) {
  Generated g{std::move(mesh), {}, {}};
  pipeline::generate_tangents(g.mesh, g.tangents, g.split_from);
  return g;
}

void add_vertex(TangentMesh& m, float x, float y, float z, float u, float v) {
  m.positions.insert(m.positions.end(), {x, y, z});
  m.normals.insert(m.normals.end(), {0, 0, 1});
  m.uvs.insert(m.uvs.end(), {u, v});
}

// Tangent xyz and w of the vertex at triangle corner c.
std::array<float, 4> frame_at(const Generated& g, std::size_t c) {
  const std::uint32_t v = g.mesh.triangles[c];
  return {g.tangents[v * 4], g.tangents[v * 4 + 1], g.tangents[v * 4 + 2], g.tangents[v * 4 + 3]};
}

// Every vertex: unit tangent perpendicular to the normal, w = ±1; copies match their originals.
void expect_proper_frames(const Generated& g, std::size_t original_count) {
  const std::size_t count = g.mesh.positions.size() / 3;
  ASSERT_EQ(g.tangents.size(), count * 4);
  ASSERT_EQ(g.split_from.size(), count - original_count);
  for (std::size_t v = 0; v < count; ++v) {
    const float* t = &g.tangents[v * 4];
    const float* n = &g.mesh.normals[v * 3];
    EXPECT_NEAR(t[0] * t[0] + t[1] * t[1] + t[2] * t[2], 1.0, 1e-5) << "vertex " << v;
    EXPECT_NEAR(t[0] * n[0] + t[1] * n[1] + t[2] * n[2], 0.0, 1e-5) << "vertex " << v;
    EXPECT_TRUE(t[3] == 1.0f || t[3] == -1.0f) << "vertex " << v;
  }
  for (std::size_t i = 0; i < g.split_from.size(); ++i) {
    const std::size_t copy = original_count + i, src = g.split_from[i];
    for (int c = 0; c < 3; ++c) EXPECT_EQ(g.mesh.positions[copy * 3 + c], g.mesh.positions[src * 3 + c]);
    for (int c = 0; c < 2; ++c) EXPECT_EQ(g.mesh.uvs[copy * 2 + c], g.mesh.uvs[src * 2 + c]);
  }
}

// A 2x1 strip in z = 0 facing +Z: the left square maps u = x, the right one mirrors it (u = 2 - x)
// and both have v = 1 - y (glTF's V runs down the image, so up the texture is +Y). The two
// vertices on the seam x = 1 are shared.
TangentMesh mirrored_strip() {
  TangentMesh m;
  for (int y = 0; y <= 1; ++y)
    for (int x = 0; x <= 2; ++x) add_vertex(m, float(x), float(y), 0, x <= 1 ? float(x) : float(2 - x), float(1 - y));
  // Vertex (x, y) is y * 3 + x; counter-clockwise seen from +Z.
  m.triangles = {0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4};
  return m;
}

TEST(TangentGeneration, BitangentPointsUpTheTextureAndAMirrorSeamSplitsItsVertices) {
  const Generated g = generate(mirrored_strip());
  expect_proper_frames(g, 6);
  EXPECT_EQ(g.split_from.size(), 2u) << "the two seam vertices get a copy for the mirrored side";
  for (std::size_t c = 0; c < 12; ++c) {
    const auto f = frame_at(g, c);
    // Left: tangent +X (increasing u), w = +1 so that cross(n, t) * w = +Y. Right: u runs
    // towards -X, and +Y = cross(+Z, -X) * w needs w = -1.
    const float side = c < 6 ? 1.0f : -1.0f;
    EXPECT_NEAR(f[0], side, 1e-6) << "corner " << c;
    EXPECT_NEAR(f[1], 0, 1e-6) << "corner " << c;
    EXPECT_EQ(f[3], side) << "corner " << c;
  }
}

TEST(TangentGeneration, SmoothSurfaceKeepsItsVerticesAndAveragesByCornerAngle) {
  // A bent strip: two squares meeting at x = 1 with a crease in the normals averaged there.
  TangentMesh m;
  const float s = std::sqrt(0.5f);
  for (int y = 0; y <= 1; ++y) {
    m.positions.insert(m.positions.end(), {0, float(y), 0, 1, float(y), 0, 2, float(y), 1});
    m.normals.insert(m.normals.end(), {0, 0, 1, -0.38268343f, 0, 0.92387953f, -s, 0, s});
    m.uvs.insert(m.uvs.end(), {0, float(1 - y), 0.5f, float(1 - y), 1, float(1 - y)});
  }
  m.triangles = {0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4};
  const Generated g = generate(m);
  expect_proper_frames(g, 6);
  EXPECT_TRUE(g.split_from.empty());
  // At the crease the tangent is the normalised sum of +X and (1, 0, 1)/sqrt2 projected into the
  // plane of its normal: along (cos 22.5, 0, sin 22.5).
  for (std::uint32_t v : {1u, 4u}) {
    EXPECT_NEAR(g.tangents[v * 4], 0.92387953f, 1e-5);
    EXPECT_NEAR(g.tangents[v * 4 + 2], 0.38268343f, 1e-5);
    EXPECT_EQ(g.tangents[v * 4 + 3], 1.0f);
  }
}

TEST(TangentGeneration, DegenerateAndZeroUvAreaTrianglesTakeTheirNeighboursFrames) {
  TangentMesh m = mirrored_strip();
  m.triangles.resize(6);  // the left square only
  // Zero UV area: a triangle on the square's top edge whose corners all map to the same UV.
  add_vertex(m, 0.5f, 2, 0, 0.5f, 0.5f);  // vertex 6
  add_vertex(m, 1, 1, 0, 0.5f, 0.5f);     // vertex 7: the position of vertex 4, another UV
  add_vertex(m, 0, 1, 0, 0.5f, 0.5f);     // vertex 8: the position of vertex 3, another UV
  m.triangles.insert(m.triangles.end(), {8, 7, 6});
  // Degenerate: two corners at one position (vertex 1 and a copy of it), and vertex 0.
  add_vertex(m, 1, 0, 0, 1, 1);  // vertex 9: bit-identical to vertex 1, so welded with it
  m.triangles.insert(m.triangles.end(), {0, 1, 9});
  const Generated g = generate(m);
  expect_proper_frames(g, 10);
  EXPECT_TRUE(g.split_from.empty());
  // The degenerate triangle's corners share the left square's frame (+X, w = +1), vertices kept.
  for (std::size_t c = 9; c < 12; ++c) {
    EXPECT_EQ(frame_at(g, c), (std::array<float, 4>{1, 0, 0, 1})) << "corner " << c;
    EXPECT_EQ(g.mesh.triangles[c], m.triangles[c]);
  }
  // The zero-UV-area triangle touches no other triangle's edge: its corners fall back to a
  // perpendicular of the normal with w = +1.
  for (std::size_t c = 6; c < 9; ++c) EXPECT_EQ(frame_at(g, c)[3], 1.0f);
}

TEST(TangentGeneration, ZeroUvAreaTriangleJoinsTheGroupAroundItsVertices) {
  // A fan around vertex 0: (0,1,2) and (0,3,4) map u = x, v = 1 - y, except that vertex 3 sits
  // at the UV midpoint of vertices 0 and 2, so the middle triangle (0,2,3) has zero UV area.
  // Through it the two outer triangles are one group at vertex 0 (else they would be two, with
  // different tangents, and vertex 0 would be split).
  TangentMesh m;
  add_vertex(m, 0, 0, 0, 0, 1);
  add_vertex(m, 1, 0, 0, 1, 1);
  add_vertex(m, 1, 1, 0, 1, 0);
  add_vertex(m, 0, 1, 0, 0.5f, 0.5f);
  add_vertex(m, -1, 1, 0, -1, 0);
  m.triangles = {0, 1, 2, 0, 2, 3, 0, 3, 4};
  const Generated g = generate(m);
  expect_proper_frames(g, 5);
  EXPECT_TRUE(g.split_from.empty());
  // Vertex 0: +X from (0,1,2) and (1,1)/sqrt2 from (0,3,4), both at a 45 degree corner.
  EXPECT_NEAR(g.tangents[0], 0.92387953f, 1e-5);
  EXPECT_NEAR(g.tangents[1], 0.38268343f, 1e-5);
  EXPECT_EQ(g.tangents[3], 1.0f);
}

TEST(TangentGeneration, HostileFanAndNonManifoldEdgeStayLinear) {
  TangentMesh m;
  // 200,000 triangles around vertex 0 whose UV orientation alternates (each one its own group at
  // the centre), then 20,000 triangles all sharing the edge (0, 1).
  constexpr std::uint32_t kFan = 200000, kSheets = 20000;
  add_vertex(m, 0, 0, 0, 0.5f, 0.5f);
  for (std::uint32_t i = 0; i <= kFan; ++i) {
    const double a = 2 * 3.14159265358979 * i / kFan;
    add_vertex(m, float(std::cos(a)), float(std::sin(a)), 0, (i % 2) ? 0.0f : 1.0f, float(i % 7) / 7);
  }
  for (std::uint32_t i = 0; i < kFan; ++i) m.triangles.insert(m.triangles.end(), {0, 1 + i, 2 + i});
  const auto base = std::uint32_t(m.positions.size() / 3);
  for (std::uint32_t i = 0; i < kSheets; ++i) {
    add_vertex(m, 0.5f, 0, 0.001f * float(i + 1), float(i % 3), 0.25f);
    m.triangles.insert(m.triangles.end(), {0, 1, base + i});
    if (i % 2) std::swap(m.triangles[m.triangles.size() - 1], m.triangles[m.triangles.size() - 2]);
  }
  const Generated g = generate(m);
  expect_proper_frames(g, base + kSheets);
  EXPECT_EQ(g.mesh.triangles.size(), std::size_t(kFan + kSheets) * 3);
}

TEST(TangentGeneration, SameBytesEveryRun) {
  TangentMesh m;
  std::uint32_t state = 12345;
  auto next = [&] {
    state = state * 1664525u + 1013904223u;
    return float(state >> 8) / float(1u << 24);
  };
  for (int i = 0; i < 400; ++i) {
    const float nx = next() - 0.5f, ny = next() - 0.5f, nz = next() + 0.1f;
    const float l = std::sqrt(nx * nx + ny * ny + nz * nz);
    m.positions.insert(m.positions.end(), {next(), next(), next()});
    m.normals.insert(m.normals.end(), {nx / l, ny / l, nz / l});
    m.uvs.insert(m.uvs.end(), {next(), next()});
  }
  for (int t = 0; t < 1500; ++t)
    for (int c = 0; c < 3; ++c) m.triangles.push_back(std::uint32_t(next() * 400) % 400);
  const Generated a = generate(m), b = generate(m);
  EXPECT_EQ(a.tangents, b.tangents);
  EXPECT_EQ(a.mesh.triangles, b.mesh.triangles);
  EXPECT_EQ(a.split_from, b.split_from);
  expect_proper_frames(a, 400);
}

}  // namespace
}  // namespace aem::test
