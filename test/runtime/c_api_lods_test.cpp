// The C API's levels of detail and meshlets (aem.h) against the records they view: the grid of
// ext_lods_test with its two levels, and a meshlets payload built here for its three levels
// (validated and trusted opens, pointers into the caller's bytes), what a file without them
// answers, and each refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "aem/aem.h"
#include "aem/ext_meshlets.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "extension_payloads.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace ext_lods_test {
aem::pipeline::ModelContent grid_with_lods();  // ext_lods_test.cpp: 8 triangles; 2 (0.25) and 1 (0.5)
}

namespace c_api_lods_test {

using Triangle = std::array<std::uint32_t, 3>;

std::vector<Triangle> triangles_of(const std::uint32_t* indices, std::size_t count) {
  std::vector<Triangle> out;
  for (std::size_t i = 0; i + 2 < count; i += 3) out.push_back({indices[i], indices[i + 1], indices[i + 2]});
  return out;
}

// The meshlets payload (aem/ext_meshlets.hpp) of one mesh whose levels are `levels` (triangle
// lists over `positions`, level 0 first), cut into meshlets of at most 4 triangles, each with its
// bounding sphere and the flat grid's cone (axis +z, cutoff 0: it faces away from below).
std::vector<std::byte> meshlets_payload(const std::vector<std::vector<std::uint32_t>>& levels,
                                        const std::vector<std::array<float, 3>>& positions) {
  std::vector<aem::Meshlet> meshlets;
  std::vector<aem::MeshletGroup> groups;
  std::vector<std::uint32_t> vertices, packed;
  for (const std::vector<std::uint32_t>& level : levels) {
    groups.push_back({std::uint32_t(meshlets.size()), 0, {0, 0}});
    for (std::size_t first = 0; first < level.size(); first += 12) {
      aem::Meshlet m{std::uint32_t(vertices.size()), std::uint32_t(packed.size()), 0, 0, {}, 0, {}, 0, {0, 0, 1}, {0, 0, 127}, 1};
      for (std::size_t t = first; t < std::min(level.size(), first + 12); t += 3) {
        std::uint32_t local[3];
        for (int c = 0; c < 3; ++c) {
          const auto begin = vertices.begin() + m.first_vertex;
          const auto found = std::find(begin, vertices.end(), level[t + c]);
          local[c] = std::uint32_t(found - begin);
          if (found == vertices.end()) vertices.push_back(level[t + c]);
        }
        packed.push_back(local[0] | local[1] << 8 | local[2] << 16);
      }
      m.vertex_count = std::uint32_t(vertices.size() - m.first_vertex);
      m.triangle_count = std::uint32_t(packed.size() - m.first_triangle);
      for (std::uint32_t v = 0; v < m.vertex_count; ++v)
        for (int c = 0; c < 3; ++c) m.center[c] += positions[vertices[m.first_vertex + v]][c] / float(m.vertex_count);
      for (std::uint32_t v = 0; v < m.vertex_count; ++v) {
        const auto& p = positions[vertices[m.first_vertex + v]];
        m.radius = std::max(m.radius, std::hypot(p[0] - m.center[0], p[1] - m.center[1], p[2] - m.center[2]));
      }
      std::copy(std::begin(m.center), std::end(m.center), std::begin(m.cone_apex));
      meshlets.push_back(m);
      ++groups.back().meshlet_count;
    }
  }
  std::vector<std::byte> out;
  for (std::uint32_t v : {1u, std::uint32_t(groups.size()), std::uint32_t(meshlets.size()), std::uint32_t(vertices.size()),
                          std::uint32_t(packed.size()), 8u, 4u, 0u})
    aem::test::append_value(out, v);
  aem::test::append_value(out, aem::MeshletMesh{0, std::uint32_t(groups.size()), {0, 0}});
  for (const auto& g : groups) aem::test::append_value(out, g);
  for (const auto& m : meshlets) aem::test::append_value(out, m);
  for (std::uint32_t v : vertices) aem::test::append_value(out, v);
  for (std::uint32_t t : packed) aem::test::append_value(out, t);
  out.resize((out.size() + 15) / 16 * 16);
  return out;
}

// The grid with its levels and, unless `with_meshlets` is false, their meshlets.
std::vector<std::byte> grid_file(bool with_meshlets = true) {
  const aem::pipeline::ModelContent grid = ext_lods_test::grid_with_lods();
  if (!with_meshlets) return aem::pipeline::serialize_model(grid);
  std::vector<std::vector<std::uint32_t>> levels{grid.indices};
  for (const auto& level : grid.extensions.lods.meshes[0]) levels.push_back(level.indices);
  std::vector<std::array<float, 3>> positions;
  for (const aem::Vertex& v : grid.vertices) positions.push_back({v.position[0], v.position[1], v.position[2]});
  const aem::pipeline::ExtensionPayload meshlets{std::string(aem::kMeshletsExtension), false, 1, meshlets_payload(levels, positions)};
  return aem::pipeline::serialize_model(grid, {&meshlets, 1});
}

bool inside(const void* pointer, const std::vector<std::byte>& bytes) {
  const auto* p = static_cast<const std::byte*>(pointer);
  return p >= bytes.data() && p < bytes.data() + bytes.size();
}

TEST(CApiLods, EveryLevelIsARangeOfTheFileWithItsError) {
  const std::vector<std::byte> bytes = grid_file();
  for (const std::uint32_t flags : {AEM_OPEN_DEFAULT, AEM_OPEN_TRUSTED}) {
    aem_model* model = nullptr;
    ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), flags, &model), AEM_OK) << aem_last_error_message();
    std::uint32_t count = 0;
    ASSERT_EQ(aem_mesh_lod_count(model, 0, &count), AEM_OK);
    EXPECT_EQ(count, 3u);
    aem_lod lod;
    ASSERT_EQ(aem_mesh_lod(model, 0, 0, &lod), AEM_OK);
    EXPECT_EQ(lod.indices, aem_model_sections(model)->indices);  // level 0: the mesh's own range
    EXPECT_EQ(lod.index_count, 24u);
    EXPECT_EQ(lod.triangle_count, 8u);
    EXPECT_EQ(lod.error, 0.0f);
    ASSERT_EQ(aem_mesh_lod(model, 0, 1, &lod), AEM_OK);
    EXPECT_TRUE(inside(lod.indices, bytes));  // in place
    EXPECT_EQ(triangles_of(lod.indices, lod.index_count), (std::vector<Triangle>{{0, 2, 8}, {0, 8, 6}}));
    EXPECT_EQ(lod.triangle_count, 2u);
    EXPECT_EQ(lod.error, 0.25f);
    ASSERT_EQ(aem_mesh_lod(model, 0, 2, &lod), AEM_OK);
    EXPECT_EQ(triangles_of(lod.indices, lod.index_count), (std::vector<Triangle>{{0, 2, 6}}));
    EXPECT_EQ(lod.error, 0.5f);
    aem_close(model);
  }
}

TEST(CApiLods, LodForPicksTheCoarsestLevelWithinTheAllowedError) {
  const std::vector<std::byte> bytes = grid_file(false);
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_OK);
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const std::pair<float, std::uint32_t> cases[] = {{0.0f, 0}, {0.24f, 0}, {0.25f, 1}, {0.49f, 1}, {0.5f, 2}, {inf, 2}, {nan, 0}, {-1.0f, 0}};
  for (const auto& [allowed, expected] : cases) {
    std::uint32_t level = 99;
    EXPECT_EQ(aem_lod_for(model, 0, allowed, &level), AEM_OK);
    EXPECT_EQ(level, expected) << allowed;
  }
  // 90 degrees over 1000 pixels: at distance 10 a pixel is 0.02 units.
  EXPECT_NEAR(aem_allowed_object_error(1.0f, 10.0f, float(std::numbers::pi / 2), 1000.0f), 0.02f, 1e-7f);
  EXPECT_EQ(aem_allowed_object_error(4.0f, 0.0f, 1.0f, 1000.0f), 0.0f);
  aem_close(model);
}

TEST(CApiLods, AFileWithoutLevelsHasLevelZeroOnly) {
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_OK);
  std::uint32_t count = 0, level = 99;
  EXPECT_EQ(aem_mesh_lod_count(model, 0, &count), AEM_OK);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(aem_lod_for(model, 0, 1e9f, &level), AEM_OK);
  EXPECT_EQ(level, 0u);
  aem_lod lod;
  ASSERT_EQ(aem_mesh_lod(model, 0, 0, &lod), AEM_OK);
  EXPECT_EQ(lod.indices, aem_model_sections(model)->indices);
  EXPECT_EQ(lod.triangle_count, 1u);
  aem_meshlets all;
  ASSERT_EQ(aem_model_meshlets(model, &all), AEM_OK);
  EXPECT_TRUE(all.meshlets == nullptr && all.meshlet_count == 0 && all.vertices == nullptr && all.max_vertices == 0);
  const aem_meshlet* meshlets = reinterpret_cast<const aem_meshlet*>(&all);
  std::uint32_t meshlet_count = 7;
  EXPECT_EQ(aem_mesh_meshlets(model, 0, 0, &meshlets, &meshlet_count), AEM_OK);
  EXPECT_TRUE(meshlets == nullptr && meshlet_count == 0);
  aem_close(model);
}

TEST(CApiLods, MisuseIsRefusedNamingWhat) {
  const std::vector<std::byte> bytes = grid_file();
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_OK);
  std::uint32_t count = 0;
  aem_lod lod;
  const aem_meshlet* meshlets = nullptr;
  EXPECT_EQ(aem_mesh_lod_count(nullptr, 0, &count), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mesh_lod_count(model, 0, nullptr), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mesh_lod_count(model, 1, &count), AEM_ERROR_OUT_OF_RANGE);
  EXPECT_NE(std::string(aem_last_error_message()).find("mesh 1"), std::string::npos) << aem_last_error_message();
  EXPECT_EQ(aem_mesh_lod(model, 0, 3, &lod), AEM_ERROR_OUT_OF_RANGE);
  EXPECT_NE(std::string(aem_last_error_message()).find("no level 3 (3 levels)"), std::string::npos) << aem_last_error_message();
  EXPECT_EQ(aem_lod_for(model, 0, 1.0f, nullptr), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_model_meshlets(model, nullptr), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mesh_meshlets(model, 0, 3, &meshlets, &count), AEM_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(aem_mesh_meshlets(model, 2, 0, &meshlets, &count), AEM_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(aem_mesh_meshlets(model, 0, 0, nullptr, &count), AEM_ERROR_INVALID_ARGUMENT);
  const float eye[3] = {0, 0, -1};
  EXPECT_EQ(aem_meshlet_faces_away(nullptr, eye), 0);
  aem_close(model);
}

TEST(CApiLods, MeshletsHoldEachLevelsTrianglesInPlace) {
  const std::vector<std::byte> bytes = grid_file();
  for (const std::uint32_t flags : {AEM_OPEN_DEFAULT, AEM_OPEN_TRUSTED}) {
    aem_model* model = nullptr;
    ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), flags, &model), AEM_OK) << aem_last_error_message();
    aem_meshlets all;
    ASSERT_EQ(aem_model_meshlets(model, &all), AEM_OK);
    EXPECT_EQ(all.max_vertices, 8u);
    EXPECT_EQ(all.max_triangles, 4u);
    EXPECT_EQ(all.meshlet_count, 4u);  // 2 for the 8 triangles, 1 each for the levels
    EXPECT_EQ(all.triangle_count, 11u);
    EXPECT_TRUE(inside(all.meshlets, bytes) && inside(all.vertices, bytes) && inside(all.triangles, bytes));
    const std::uint32_t expected_counts[] = {2, 1, 1};
    for (std::uint32_t level = 0; level < 3; ++level) {
      const aem_meshlet* meshlets = nullptr;
      std::uint32_t count = 0;
      ASSERT_EQ(aem_mesh_meshlets(model, 0, level, &meshlets, &count), AEM_OK);
      ASSERT_EQ(count, expected_counts[level]);
      EXPECT_EQ(meshlets - all.meshlets, std::ptrdiff_t(level == 0 ? 0 : level + 1));
      // The meshlets' triangles, back in vertex indices, are the level's, in order.
      std::vector<Triangle> rebuilt;
      for (const aem_meshlet* m = meshlets; m != meshlets + count; ++m)
        for (std::uint32_t t = 0; t < m->triangle_count; ++t) {
          const std::uint32_t packed = all.triangles[m->first_triangle + t];
          rebuilt.push_back({all.vertices[m->first_vertex + (packed & 0xff)], all.vertices[m->first_vertex + (packed >> 8 & 0xff)],
                             all.vertices[m->first_vertex + (packed >> 16 & 0xff)]});
        }
      aem_lod lod;
      ASSERT_EQ(aem_mesh_lod(model, 0, level, &lod), AEM_OK);
      EXPECT_EQ(rebuilt, triangles_of(lod.indices, lod.index_count)) << "level " << level;
    }
    aem_close(model);
  }
}

TEST(CApiLods, AMeshletFacesAwayFromBehindItsPlaneOnly) {
  const std::vector<std::byte> bytes = grid_file();
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_OK);
  aem_meshlets all;
  ASSERT_EQ(aem_model_meshlets(model, &all), AEM_OK);
  const float below[3] = {1, 1, -5}, above[3] = {1, 1, 5};
  for (std::uint32_t i = 0; i < all.meshlet_count; ++i) {
    EXPECT_EQ(aem_meshlet_faces_away(&all.meshlets[i], below), 1) << i;
    EXPECT_EQ(aem_meshlet_faces_away(&all.meshlets[i], above), 0) << i;
  }
  aem_meshlet never = all.meshlets[0];
  never.cone_cutoff = 1.0f;
  EXPECT_EQ(aem_meshlet_faces_away(&never, below), 0);
  aem_close(model);
}

// A trusted open lets a payload through whose records point outside it: the calls answer
// AEM_ERROR_BAD_EXTENSION_PAYLOAD rather than read past it.
TEST(CApiLods, RecordsOutsideTheirPayloadAreRefusedOnATrustedOpen) {
  std::vector<std::byte> bytes = grid_file(false);
  const std::size_t level_2 = bytes.size() - 48 - 16;  // lods: 48 bytes of indices after the two levels
  aem::test::poke(bytes, level_2 + 4, std::uint32_t{300});  // its index_count
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_ERROR_BAD_EXTENSION_PAYLOAD);
  ASSERT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_TRUSTED, &model), AEM_OK);
  std::uint32_t value = 0;
  aem_lod lod;
  EXPECT_EQ(aem_mesh_lod_count(model, 0, &value), AEM_ERROR_BAD_EXTENSION_PAYLOAD);
  EXPECT_NE(std::string(aem_last_error_message()).find("lods"), std::string::npos) << aem_last_error_message();
  EXPECT_EQ(aem_mesh_lod(model, 0, 0, &lod), AEM_ERROR_BAD_EXTENSION_PAYLOAD);
  EXPECT_EQ(aem_lod_for(model, 0, 1.0f, &value), AEM_ERROR_BAD_EXTENSION_PAYLOAD);
  aem_close(model);

  std::vector<std::byte> with_meshlets = grid_file();
  const std::size_t meshlets_at = with_meshlets.size() - aem::test::extension_payload_of(with_meshlets, aem::kMeshletsExtension).size();
  aem::test::poke(with_meshlets, meshlets_at + 32 + 16 + 48 + 4, std::uint32_t{1000});  // meshlet 0's first_triangle
  ASSERT_EQ(aem_open_memory(with_meshlets.data(), with_meshlets.size(), AEM_OPEN_TRUSTED, &model), AEM_OK);
  aem_meshlets all;
  EXPECT_EQ(aem_model_meshlets(model, &all), AEM_ERROR_BAD_EXTENSION_PAYLOAD);
  EXPECT_NE(std::string(aem_last_error_message()).find("meshlets"), std::string::npos) << aem_last_error_message();
  aem_close(model);
}

}  // namespace c_api_lods_test
