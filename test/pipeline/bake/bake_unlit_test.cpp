// KHR_materials_unlit from a glTF built here: the `material_flags` extension marks the unlit
// material and nothing is warned; a version-1 bake drops it with the warning it always had.
#include <filesystem>

#include "aem/ext_material_flags.hpp"
#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// Two materials on two copies of the quad: "Tile" unlit, "Hull" lit.
fs::path write_tiles(const ScratchDir& dir) {
  const fs::path path = dir.path() / "tiles.gltf";
  write_file(path, R"({"asset": {"version": "2.0"}, )" + quad_buffers_json() + R"(,
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 3, "material": 0}]},
               {"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 3, "material": 1}]}],
    "materials": [{"name": "Tile", "extensions": {"KHR_materials_unlit": {}}}, {"name": "Hull"}],
    "extensionsUsed": ["KHR_materials_unlit"],
    "nodes": [{"mesh": 0}, {"mesh": 1}], "scenes": [{"nodes": [0, 1]}]})");
  return path;
}

bool warns_unlit(const pipeline::BakeReport& report) {
  for (const std::string& w : report.warnings)
    if (w.find("KHR_materials_unlit") != std::string::npos) return true;
  return false;
}

TEST(BakeUnlit, UnlitMaterialIsFlagged) {
  ScratchDir dir("unlit_tiles");
  const auto result = pipeline::bake_model(write_tiles(dir), strict_test_options());
  EXPECT_FALSE(warns_unlit(result.report));
  const auto bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  ASSERT_EQ(model.materials().size(), 2u);
  EXPECT_TRUE(material_unlit(model, 0));
  EXPECT_FALSE(material_unlit(model, 1));
}

TEST(BakeUnlit, VersionOneDropsItWithTheWarning) {
  ScratchDir dir("unlit_tiles_v1");
  pipeline::BakeOptions options = test_options();
  options.version_1_only = true;
  const auto result = pipeline::bake_model(write_tiles(dir), options);
  EXPECT_TRUE(warns_unlit(result.report));
  EXPECT_TRUE(result.content.extensions.empty());
}

}  // namespace
}  // namespace aem::test
