// model_formats.hpp: which names are models (any letter case), the message for those that are
// not, and the listing of the models in a tree.
#include "aem/pipeline/model_formats.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "aem/pipeline/bake.hpp"
#include "scratch_dir.hpp"

namespace aem::pipeline {
namespace {

void write_bytes(const std::filesystem::path& path, std::size_t count) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << std::string(count, 'x');
}

TEST(ModelFormats, ExtensionsInAnyLetterCase) {
  EXPECT_EQ(lower_case_extension("a/B.GlB"), ".glb");
  EXPECT_EQ(lower_case_extension("README"), "");
  EXPECT_EQ(model_format_of("x/Hero.GLTF"), ModelFormat::gltf);
  EXPECT_EQ(model_format_of("hero.Fbx"), ModelFormat::assimp);
  EXPECT_EQ(model_format_of("hero.xyz"), std::nullopt);
  EXPECT_EQ(model_format_of("hero.E3D"), ModelFormat::e3d);
  EXPECT_EQ(model_format_of("hero.AAMF"), ModelFormat::aamf);
  EXPECT_EQ(model_format_of("hero.usdz"), std::nullopt);
  EXPECT_EQ(model_format_of("gltf"), std::nullopt);      // a stem, not an extension
  EXPECT_TRUE(is_gltf_path("m.glb"));
  EXPECT_FALSE(is_gltf_path("m.obj"));
  EXPECT_TRUE(is_model_path("m.OBJ"));
  EXPECT_FALSE(is_model_path("m.aem"));
  EXPECT_TRUE(is_aem_path("m.AEM"));
  EXPECT_FALSE(is_aem_path("m.aem.tmp"));
  EXPECT_FALSE(is_aem_path("m.aemz"));
  EXPECT_TRUE(is_packed_aem_path("m.AEMZ"));
  EXPECT_FALSE(is_packed_aem_path("m.aem"));
}

TEST(ModelFormats, UnknownFormatMessageNamesTheFileAndEveryFormat) {
  const std::string message = unknown_model_format_message("dir/model.xyz");
  EXPECT_EQ(message.rfind("dir/model.xyz: unknown model format ('.xyz'); the formats read are glTF: .gltf, .glb; "
                          "E3D: .e3d; AAMF: .aamf; through Assimp: .3d, ", 0), 0u) << message;
  EXPECT_NE(message.find(".fbx"), std::string::npos);
  EXPECT_NE(unknown_model_format_message("dir/MODEL").find("(no file extension)"), std::string::npos);
}

TEST(ModelFormats, BakeRefusesAnUnknownFormatBeforeReadingIt) {
  const aem::test::ScratchDir dir("model_formats_bake");
  std::ofstream(dir.path() / "model.xyz") << R"({"asset": {"version": "2.0"}})";
  try {
    bake_model(dir.path() / "model.xyz", {});
    FAIL() << "an .xyz was baked";
  } catch (const BakeError& e) {
    EXPECT_EQ(std::string(e.what()), unknown_model_format_message(dir.path() / "model.xyz"));
  }
}

TEST(ModelFormats, FindsWantedFilesSortedSkippingStampFolders) {
  const aem::test::ScratchDir dir("model_formats_find");
  for (const char* name : {"b/z.GLB", "b/a.obj", "a.gltf", "notes.txt", "x.aem", ".aem-bake/y.gltf"})
    write_bytes(dir.path() / name, 1);
  const std::vector<std::filesystem::path> expected{"a.gltf", "b/a.obj", "b/z.GLB"};
  EXPECT_EQ(find_model_files(dir.path()), expected);
  const std::vector<std::filesystem::path> aem{"x.aem"};
  EXPECT_EQ(find_files_below(dir.path(), is_aem_path), aem);
  try {
    find_model_files(dir.path() / "absent");
    FAIL() << "a missing directory was searched";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind((dir.path() / "absent").string() + ": cannot be searched: ", 0), 0u) << e.what();
  }
}

TEST(ModelFormats, NonModelBytesAreTheFilesBesideTheModels) {
  const aem::test::ScratchDir dir("model_formats_bytes");
  write_bytes(dir.path() / "m.gltf", 100);
  write_bytes(dir.path() / "m.bin", 30);
  write_bytes(dir.path() / "m.png", 12);
  write_bytes(dir.path() / "other.fbx", 1000);
  write_bytes(dir.path() / "sub" / "deep.bin", 500);  // not directly in the directory
  EXPECT_EQ(non_model_bytes_in(dir.path()), 42u);
  EXPECT_EQ(non_model_bytes_in(dir.path() / "absent"), 0u);
}

}  // namespace
}  // namespace aem::pipeline
