// The `meshlets` extension (specs/aem-extensions.md section 4): the encoder's exact bytes against
// a hand-built payload, the view and faces_away, and one hostile payload per checker rule.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "extension_payloads.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace ext_meshlets_test {

using aem::Meshlet;

constexpr std::uint32_t pack(std::uint32_t a, std::uint32_t b, std::uint32_t c) { return a | b << 8 | c << 16; }

// A meshlet of the grid (z = 0, every triangle facing +z): sphere (cx, cy, 0) r, and either a
// flat cone (apex at the center, axis +z, cutoff 0) or none (cutoff 1).
Meshlet grid_meshlet(std::uint32_t first_vertex, std::uint32_t first_triangle, std::uint32_t vertices,
                     std::uint32_t triangles, float cx, float cy, float r, bool cone) {
  Meshlet m{first_vertex, first_triangle, vertices, triangles, {cx, cy, 0}, r, {cx, cy, 0}, cone ? 0.0f : 1.0f,
            {0, 0, cone ? 1.0f : 0.0f}, {0, 0, std::int8_t(cone ? 127 : 0)}, std::int8_t(cone ? 1 : 127)};
  return m;
}

// A 3 × 3 grid of vertices, 8 triangles in its one mesh, a `lods` level of 2 triangles, and their
// meshlets: level 0 as its two rows (6 vertices, 4 triangles each), level 1 as one meshlet.
aem::pipeline::ModelContent grid_with_meshlets() {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  const aem::Vertex corner = m.vertices[0];
  m.vertices.clear();
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) {
      aem::Vertex v = corner;
      v.position[0] = float(x);
      v.position[1] = float(y);
      m.vertices.push_back(v);
    }
  m.indices.clear();
  for (std::uint32_t y = 0; y < 2; ++y)
    for (std::uint32_t x = 0; x < 2; ++x) {
      const std::uint32_t a = y * 3 + x;
      m.indices.insert(m.indices.end(), {a, a + 1, a + 4, a, a + 4, a + 3});
    }
  m.meshes = {{0, 24, 0}};
  m.extensions.lods.meshes = {{{{0, 2, 8, 0, 8, 6}, 0.25f}}};
  const std::vector<std::uint32_t> row = {pack(0, 1, 2), pack(0, 2, 3), pack(1, 4, 5), pack(1, 5, 2)};
  aem::pipeline::MeshletGroupContent level_0{
      {grid_meshlet(0, 0, 6, 4, 1, 0.5f, 1.25f, true), grid_meshlet(6, 4, 6, 4, 1, 1.5f, 1.25f, true)},
      {0, 1, 4, 3, 2, 5, 3, 4, 7, 6, 5, 8},
      {}};
  level_0.triangles = row;
  level_0.triangles.insert(level_0.triangles.end(), row.begin(), row.end());
  aem::pipeline::MeshletGroupContent level_1{
      {grid_meshlet(0, 0, 4, 2, 1, 1, 1.5f, false)}, {0, 2, 8, 6}, {pack(0, 1, 2), pack(0, 2, 3)}};
  m.extensions.meshlets = {64, 124, {{level_0, level_1}}};
  return m;
}

void append_meshlet(std::vector<std::byte>& out, std::array<std::uint32_t, 4> ranges, std::array<float, 11> bounds,
                    std::array<std::int8_t, 4> quantized) {
  for (std::uint32_t v : ranges) aem::test::append_value(out, v);
  for (float f : bounds) aem::test::append_value(out, f);
  for (std::int8_t q : quantized) aem::test::append_value(out, q);
}

std::vector<std::byte> hand_built_payload() {
  std::vector<std::byte> out;
  for (std::uint32_t v : {1u, 2u, 3u, 16u, 10u, 64u, 124u, 0u}) aem::test::append_value(out, v);  // header
  for (std::uint32_t v : {0u, 2u, 0u, 0u}) aem::test::append_value(out, v);                     // mesh 0
  for (std::uint32_t v : {0u, 2u, 0u, 0u, 2u, 1u, 0u, 0u}) aem::test::append_value(out, v);     // groups
  append_meshlet(out, {0, 0, 6, 4}, {1, 0.5f, 0, 1.25f, 1, 0.5f, 0, 0, 0, 0, 1}, {0, 0, 127, 1});
  append_meshlet(out, {6, 4, 6, 4}, {1, 1.5f, 0, 1.25f, 1, 1.5f, 0, 0, 0, 0, 1}, {0, 0, 127, 1});
  append_meshlet(out, {12, 8, 4, 2}, {1, 1, 0, 1.5f, 1, 1, 0, 1, 0, 0, 0}, {0, 0, 0, 127});
  for (std::uint32_t v : {0u, 1u, 4u, 3u, 2u, 5u, 3u, 4u, 7u, 6u, 5u, 8u, 0u, 2u, 8u, 6u})
    aem::test::append_value(out, v);
  for (int r = 0; r < 2; ++r)
    for (std::uint32_t t : {0x020100u, 0x030200u, 0x050401u, 0x020501u}) aem::test::append_value(out, t);
  for (std::uint32_t t : {0x020100u, 0x030200u}) aem::test::append_value(out, t);
  out.resize(384);  // 376 bytes of records and arrays, zero padded
  return out;
}

std::vector<std::byte> payload_of(const std::vector<std::byte>& file) {
  return aem::test::extension_payload_of(file, aem::kMeshletsExtension);
}

TEST(Meshlets, EncodesByteForByte) {
  EXPECT_EQ(payload_of(aem::pipeline::serialize_model(grid_with_meshlets())), hand_built_payload());
}

TEST(Meshlets, TheViewHandsOutTheRecordsInPlace) {
  const std::vector<std::byte> file = aem::pipeline::serialize_model(grid_with_meshlets());
  for (const bool validate : {true, false}) {
    const aem::Model model = aem::Model::open_memory(file, {.validate = validate});
    const std::optional<aem::MeshletsView> view = aem::meshlets_of(model);
    ASSERT_TRUE(view.has_value());
    EXPECT_EQ(view->header.max_triangles, 124u);
    ASSERT_EQ(view->meshlets_of(0, 0).size(), 2u);
    ASSERT_EQ(view->meshlets_of(0, 1).size(), 1u);
    EXPECT_TRUE(view->meshlets_of(0, 2).empty());
    EXPECT_TRUE(view->meshlets_of(1, 0).empty());
    const Meshlet& last = view->meshlets_of(0, 1)[0];
    const auto vertices = view->vertices_of(last);
    EXPECT_EQ(std::vector<std::uint32_t>(vertices.begin(), vertices.end()), (std::vector<std::uint32_t>{0, 2, 8, 6}));
    EXPECT_EQ(aem::meshlet_corner(view->triangles_of(last)[1], 2), 3u);
    const auto payload = *model.extension_payload(aem::kMeshletsExtension);
    EXPECT_EQ(static_cast<const void*>(view->meshlets.data()), static_cast<const void*>(payload.data() + 80));
  }
  EXPECT_FALSE(aem::meshlets_of(aem::Model::open_memory(aem::pipeline::serialize_model(aem::test::tiny_model()))));
}

TEST(Meshlets, FacesAwayOnlyBehindTheCone) {
  const Meshlet flat = grid_meshlet(0, 0, 6, 4, 1, 0.5f, 1.25f, true);
  EXPECT_TRUE(aem::faces_away(flat, {1, 0.5f, -3}));   // below the +z triangles: their backs
  EXPECT_TRUE(aem::faces_away(flat, {7, -4, -0.1f}));  // any point under their plane
  EXPECT_FALSE(aem::faces_away(flat, {1, 0.5f, 3}));
  EXPECT_FALSE(aem::faces_away(flat, {7, -4, 0.1f}));
  const Meshlet none = grid_meshlet(0, 0, 4, 2, 1, 1, 1.5f, false);
  EXPECT_FALSE(aem::faces_away(none, {1, 1, -3}));  // cutoff 1: never
}

// A file with its meshlets payload (the last of two: lods, meshlets) replaced by `payload`.
std::vector<std::byte> with_payload(const std::vector<std::byte>& payload) {
  aem::pipeline::ModelContent plain = grid_with_meshlets();
  plain.extensions = {};
  std::vector<std::byte> file = aem::pipeline::serialize_model(grid_with_meshlets());
  const std::uint64_t entry = (aem::pipeline::serialize_model(plain).size() + 15) / 16 * 16 + 16 + 48;
  file.resize(aem::test::peek<std::uint64_t>(file, entry + 32));
  file.insert(file.end(), payload.begin(), payload.end());
  aem::test::poke(file, entry + 40, std::uint64_t(payload.size()));
  return file;
}

void expect_refused(const std::vector<std::byte>& payload, std::uint64_t at, const std::string& words) {
  SCOPED_TRACE(words);
  const std::vector<std::byte> file = with_payload(payload);
  aem::test::expect_payload_refused(file, payload.size(), at, "meshlets: " + words);
  // A trusted open skips the element checks, and the view never leaves the payload.
  const aem::Model trusted = aem::Model::open_memory(file, {.validate = false});
  if (const auto view = aem::meshlets_of(trusted))
    for (std::size_t level = 0; level < 3; ++level)
      for (const Meshlet& m : view->meshlets_of(0, level)) {
        EXPECT_LE(view->vertices_of(m).size(), view->vertices.size());
        EXPECT_LE(view->triangles_of(m).size(), view->triangles.size());
      }
}

template <class T>
std::vector<std::byte> poked(std::vector<std::byte> bytes, std::uint64_t at, T value) {
  aem::test::poke(bytes, at, value);
  return bytes;
}

// Byte offsets of the hand-built payload.
constexpr std::uint64_t kMesh = 32, kGroups = 48, kMeshlets = 80, kVertices = 272, kTriangles = 336;
constexpr std::uint64_t meshlet_field(int index, std::size_t field) { return kMeshlets + 64 * index + field; }

TEST(Meshlets, HeaderAndRecordRulesRefuseTheirHostilePayloads) {
  const std::vector<std::byte> good = hand_built_payload();
  ASSERT_TRUE(aem::Model::try_open_memory(with_payload(good)).has_value());
  expect_refused(std::vector<std::byte>(good.begin(), good.begin() + 28), 0, "header:");
  expect_refused(poked(good, 0, 2u), 0, "mesh_count: 2 but the model has 1 meshes");
  expect_refused(poked(good, 8, 0u), 8, "meshlet_count: 0, at least 1");
  expect_refused(poked(good, 20, 2u), 20, "max_vertices: 2 is outside 3..256");
  expect_refused(poked(good, 20, 257u), 20, "max_vertices: 257 is outside 3..256");
  expect_refused(poked(good, 24, 0u), 24, "max_triangles: 0 is outside 1..256");
  expect_refused(poked(good, 24, 257u), 24, "max_triangles: 257");
  expect_refused(poked(good, 28, 1u), 28, "reserved: 1");
  expect_refused(poked(good, 12, 20u), 0, "size: the payload has 384 bytes but its counts make 400");
  expect_refused(poked(good, 16, 0xFFFFFFFFu), 0, "size:");
  expect_refused(poked(good, 380, std::uint8_t(1)), 380, "padding:");
  expect_refused(poked(good, kMesh, 1u), kMesh, "mesh 0 first_group: 1");
  expect_refused(poked(good, kMesh + 4, 1u), kMesh + 4, "mesh 0 group_count: 1 but the mesh has 2 levels");
  expect_refused(poked(good, kMesh + 4, 3u), kMesh + 4, "mesh 0 group_count: 3 but the mesh has 2 levels");
  expect_refused(poked(good, kMesh + 4, 0u), 4, "group_count: 2 but the meshes have 0 groups");
  expect_refused(poked(good, kMesh + 8, 5u), kMesh + 8, "mesh reserved: 5");
  // One group record fewer, the header saying so: mesh 0's two groups end past it.
  std::vector<std::byte> one_group = poked(good, 4, 1u);
  one_group.erase(one_group.begin() + kGroups + 16, one_group.begin() + kGroups + 32);
  expect_refused(one_group, kMesh + 4, "mesh 0 group_count: its groups end at 2, past the header's group_count 1");
  expect_refused(poked(good, kGroups, 1u), kGroups, "group 0 first_meshlet: 1");
  expect_refused(poked(good, kGroups + 4, 0u), kGroups + 4, "group 0 meshlet_count: 0, at least 1");
  expect_refused(poked(good, kGroups + 20, 5u), kGroups + 20, "group 1 meshlet_count: its meshlets end at 7, past the header's meshlet_count 3");
  expect_refused(poked(poked(good, kGroups + 4, 1u), kGroups + 16, 1u), 8, "meshlet_count: 3 but the groups have 2 meshlets");
  expect_refused(poked(good, kGroups + 8, 5u), kGroups + 8, "group reserved: 5");
}

TEST(Meshlets, MeshletRangeRulesRefuseTheirHostilePayloads) {
  const std::vector<std::byte> good = hand_built_payload();
  expect_refused(poked(good, meshlet_field(0, 0), 1u), meshlet_field(0, 0), "meshlet 0 first_vertex: 1");
  expect_refused(poked(good, meshlet_field(1, 4), 3u), meshlet_field(1, 4), "meshlet 1 first_triangle: 3 but its triangles follow the previous meshlet's at 4");
  expect_refused(poked(good, meshlet_field(0, 8), 0u), meshlet_field(0, 8), "meshlet 0 vertex_count: 0 is outside 1..max_vertices 64");
  expect_refused(poked(good, meshlet_field(0, 8), 65u), meshlet_field(0, 8), "meshlet 0 vertex_count: 65");
  expect_refused(poked(good, 20, 5u), meshlet_field(0, 8), "meshlet 0 vertex_count: 6 is outside 1..max_vertices 5");
  expect_refused(poked(good, meshlet_field(0, 12), 0u), meshlet_field(0, 12), "meshlet 0 triangle_count: 0 is outside 1..max_triangles 124");
  expect_refused(poked(good, 24, 3u), meshlet_field(0, 12), "meshlet 0 triangle_count: 4 is outside 1..max_triangles 3");
  expect_refused(poked(good, meshlet_field(2, 8), 5u), meshlet_field(2, 8), "meshlet 2 vertex_count: its vertices end past the header's vertex_count 16");
  expect_refused(poked(good, meshlet_field(2, 12), 3u), meshlet_field(2, 12), "meshlet 2 triangle_count: its triangles end past the header's triangle_count 10");
  expect_refused(poked(good, meshlet_field(2, 8), 3u), 12, "vertex_count: 16 but the meshlets use 15");
  expect_refused(poked(good, meshlet_field(2, 12), 1u), 16, "triangle_count: 10 but the meshlets use 9");
}

TEST(Meshlets, MeshletContentRulesRefuseTheirHostilePayloads) {
  const std::vector<std::byte> good = hand_built_payload();
  expect_refused(poked(good, kVertices, 9u), kVertices, "meshlet 0 vertex 0: 9 is not below the vertex count 9");
  expect_refused(poked(good, kVertices + 4, 0u), kVertices + 4, "meshlet 0 vertex 1: 0 is repeated within the meshlet");
  expect_refused(poked(good, kTriangles, 0x01020100u), kTriangles, "meshlet 0 triangle 0: 16908544 has a non-zero top byte");
  expect_refused(poked(good, kTriangles + 4, pack(0, 6, 1)), kTriangles + 4,
                 "meshlet 0 triangle 1: local index 6 is not below the meshlet's vertex_count 6");
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  expect_refused(poked(good, meshlet_field(0, 16), nan), meshlet_field(0, 16), "meshlet 0 center: nan is not finite");
  expect_refused(poked(good, meshlet_field(1, 28), inf), meshlet_field(1, 28), "meshlet 1 radius: inf is not finite");
  expect_refused(poked(good, meshlet_field(0, 40), nan), meshlet_field(0, 40), "meshlet 0 cone_apex:");
  expect_refused(poked(good, meshlet_field(0, 44), -inf), meshlet_field(0, 44), "meshlet 0 cone_cutoff: -inf");
  expect_refused(poked(good, meshlet_field(2, 48), nan), meshlet_field(2, 48), "meshlet 2 cone_axis:");  // even unused
  expect_refused(poked(good, meshlet_field(0, 28), -1.0f), meshlet_field(0, 28), "meshlet 0 radius: -1.000000 is negative");
  expect_refused(poked(good, meshlet_field(0, 28), 1.0f), meshlet_field(0, 28),
                 "meshlet 0 radius: vertex 0 lies 1.118034 from the center, outside the radius 1.000000");
  expect_refused(poked(good, meshlet_field(0, 44), 1.5f), meshlet_field(0, 44), "meshlet 0 cone_cutoff: 1.500000 is outside [-1, 1]");
  expect_refused(poked(good, meshlet_field(0, 44), -1.5f), meshlet_field(0, 44), "meshlet 0 cone_cutoff: -1.500000");
  expect_refused(poked(good, meshlet_field(0, 56), 0.5f), meshlet_field(0, 48),
                 "meshlet 0 cone_axis: length 0.500000, not 1, for a cone in use");
  // Coverage: a triangle wound the other way, one held twice (another missing), one of another level.
  expect_refused(poked(good, kTriangles, pack(0, 2, 1)), kGroups,
                 "group 0 (mesh 0 level 0): the level's triangle (0, 1, 4) is not in its meshlets");
  expect_refused(poked(good, kTriangles + 4, pack(0, 1, 2)), kGroups,
                 "group 0 (mesh 0 level 0): its meshlets hold triangle (0, 1, 4) more often than the level");
  expect_refused(poked(good, kTriangles + 36, pack(0, 3, 1)), kGroups + 16,
                 "group 1 (mesh 0 level 1): its meshlets hold triangle (0, 6, 2) more often than the level");
}

}  // namespace ext_meshlets_test
