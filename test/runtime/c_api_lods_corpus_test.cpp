// The C API's levels and meshlets on a real bake: skinned CesiumMan with --lods 3 --meshlets,
// read through aem_open (a mapping) against the C++ views of the same file (built only where the
// pipeline is).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "aem/aem.h"
#include "aem/ext_lods.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "corpus.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Triangle = std::array<std::uint32_t, 3>;

// A triangle turned to start at its smallest index: the same triangle, the same winding.
Triangle rotated(Triangle t) {
  std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  return t;
}

std::vector<Triangle> sorted_triangles(std::vector<Triangle> triangles) {
  for (Triangle& t : triangles) t = rotated(t);
  std::sort(triangles.begin(), triangles.end());
  return triangles;
}

// The triangles of one level's meshlets, in version-1 vertex indices.
std::vector<Triangle> meshlet_triangles(const aem_meshlets& all, const aem_meshlet* meshlets, std::uint32_t count) {
  std::vector<Triangle> out;
  for (const aem_meshlet* m = meshlets; m != meshlets + count; ++m) {
    EXPECT_LE(m->vertex_count, all.max_vertices);
    EXPECT_LE(m->triangle_count, all.max_triangles);
    for (std::uint32_t t = 0; t < m->triangle_count; ++t) {
      const std::uint32_t packed = all.triangles[m->first_triangle + t];
      Triangle triangle;
      for (int c = 0; c < 3; ++c) triangle[c] = all.vertices[m->first_vertex + aem::meshlet_corner(packed, c)];
      out.push_back(triangle);
    }
  }
  return out;
}

void expect_mesh_levels(const aem_model* model, const aem::LodsView& lods, std::uint32_t mesh, const aem_meshlets& all) {
  std::uint32_t count = 0;
  ASSERT_EQ(aem_mesh_lod_count(model, mesh, &count), AEM_OK);
  ASSERT_EQ(count, 1 + lods.levels_of(mesh).size());
  for (std::uint32_t level = 0; level < count; ++level) {
    SCOPED_TRACE("mesh " + std::to_string(mesh) + " level " + std::to_string(level));
    aem_lod lod;
    ASSERT_EQ(aem_mesh_lod(model, mesh, level, &lod), AEM_OK);
    if (level > 0) {
      const aem::LodLevel& record = lods.levels_of(mesh)[level - 1];
      const auto indices = lods.indices_of(record);
      EXPECT_TRUE(std::equal(indices.begin(), indices.end(), lod.indices, lod.indices + lod.index_count));
      std::uint32_t chosen = 0;
      EXPECT_EQ(aem_lod_for(model, mesh, record.error, &chosen), AEM_OK);
      EXPECT_GE(chosen, level);  // a later level of the same error is coarser still
    }
    std::vector<Triangle> triangles;
    for (std::uint32_t i = 0; i < lod.index_count; i += 3) triangles.push_back({lod.indices[i], lod.indices[i + 1], lod.indices[i + 2]});
    const aem_meshlet* meshlets = nullptr;
    std::uint32_t meshlet_count = 0;
    ASSERT_EQ(aem_mesh_meshlets(model, mesh, level, &meshlets, &meshlet_count), AEM_OK);
    EXPECT_EQ(sorted_triangles(meshlet_triangles(all, meshlets, meshlet_count)), sorted_triangles(triangles));
  }
}

TEST(CApiLodsCorpus, ASkinnedBakesLevelsAndMeshletsReadBackThroughC) {
  AEM_REQUIRE_CORPUS(corpus);
  const aem::test::ScratchDir dir("c_api_lods_corpus");
  const fs::path path = dir.path() / "CesiumMan.aem";
  aem::pipeline::write_model_file(
      path, aem::pipeline::bake_model(corpus / "khronos/CesiumMan/glTF-Binary/CesiumMan.glb",
                                      {.textures = aem::pipeline::TextureEncoding::rgba, .max_texture_size = 64, .lods = 3, .meshlets = true})
                .content);
  const aem::Model reference = aem::Model::open(path);
  const std::optional<aem::LodsView> lods = aem::lods_of(reference);
  ASSERT_TRUE(lods.has_value());
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open(path.string().c_str(), AEM_OPEN_DEFAULT, &model), AEM_OK) << aem_last_error_message();
  aem_meshlets all;
  ASSERT_EQ(aem_model_meshlets(model, &all), AEM_OK);
  EXPECT_EQ(all.max_vertices, 64u);
  EXPECT_EQ(all.max_triangles, 124u);
  EXPECT_GT(all.meshlet_count, 0u);
  for (std::uint32_t mesh = 0; mesh < aem_model_sections(model)->mesh_count; ++mesh) expect_mesh_levels(model, *lods, mesh, all);
  aem_close(model);
}

}  // namespace
