// The `names` extension from a glTF: each AEM material takes its source material's name and each
// AEM mesh (one material range) the name of the source mesh that opened it (specs/aem-extensions.md
// section 8); a scene without names, and a version-1 bake, write no extension.
#include <filesystem>

#include "aem/ext_names.hpp"
#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// Three meshes of the quad: "Hull" and "Sail" use material "Wood", "Flag" uses "Cloth". With
// `named` false, nothing has a name.
fs::path write_ship(const ScratchDir& dir, bool named) {
  const auto name = [&](const char* n) { return named ? std::string(R"("name": ")") + n + R"(", )" : std::string(); };
  const auto mesh = [&](const char* n, int material) {
    return "{" + name(n) + R"("primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 3, "material": )" +
           std::to_string(material) + "}]}";
  };
  const fs::path path = dir.path() / (named ? "ship.gltf" : "unnamed_ship.gltf");
  write_file(path, R"({"asset": {"version": "2.0"}, )" + quad_buffers_json() + R"(, "meshes": [)" + mesh("Hull", 0) +
                       ", " + mesh("Sail", 0) + ", " + mesh("Flag", 1) + R"(], "materials": [{)" + name("Wood") +
                       R"("doubleSided": false}, {)" + name("Cloth") + R"("doubleSided": false}],
    "nodes": [{"mesh": 0}, {"mesh": 1}, {"mesh": 2}], "scenes": [{"nodes": [0, 1, 2]}]})");
  return path;
}

TEST(BakeNames, MaterialsAndMeshesTakeTheSourcesNames) {
  ScratchDir dir("names_ship");
  const auto bytes = pipeline::serialize_model(pipeline::bake_model(write_ship(dir, true), test_options()).content);
  const Model model = Model::open_memory(bytes);
  const std::optional<NamesView> names = names_of(model);
  ASSERT_TRUE(names.has_value());
  ASSERT_EQ(model.materials().size(), 2u);
  ASSERT_EQ(model.meshes().size(), 2u);
  EXPECT_EQ(names->material_name(0), "Wood");
  EXPECT_EQ(names->material_name(1), "Cloth");
  EXPECT_EQ(names->mesh_name(0), "Hull");  // "Sail" joined Hull's range: its name is not kept
  EXPECT_EQ(names->mesh_name(1), "Flag");
}

TEST(BakeNames, NoNamesAndVersionOneWriteNoExtension) {
  ScratchDir dir("names_none");
  const auto unnamed = pipeline::serialize_model(pipeline::bake_model(write_ship(dir, false), test_options()).content);
  EXPECT_TRUE(Model::open_memory(unnamed).extensions().empty());
  pipeline::BakeOptions version_1 = test_options();
  version_1.version_1_only = true;
  const auto result = pipeline::bake_model(write_ship(dir, true), version_1);
  EXPECT_TRUE(result.content.extensions.empty());
  EXPECT_EQ(pipeline::serialize_model(result.content), unnamed);
}

}  // namespace
}  // namespace aem::test
