// --allow-dir: the viewer bakes a glTF in memory under aem bake's confinement of the files it
// references. A texture in a sibling directory is refused (one line naming it, exit 1) until
// --allow-dir names that directory; then it loads and shows. A bad --allow-dir is refused with
// aem bake's message.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "model/model_source.hpp"
#include "options/options.hpp"
#include "textured_quad_gltf.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

// dir/model/quad.gltf, whose base colour is dir/textures/red.png (its URI: ../textures/red.png).
std::filesystem::path quad_with_sibling_texture(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir / "model");
  std::filesystem::create_directories(dir / "textures");
  Image red;
  red.width = red.height = 2;
  red.rgba = {220, 20, 30, 255, 220, 20, 30, 255, 220, 20, 30, 255, 220, 20, 30, 255};
  write_png(dir / "textures" / "red.png", red);
  const auto model = dir / "model" / "quad.gltf";
  TexturedQuad quad;
  quad.image_uri = "../textures/red.png";
  write_textured_quad_gltf(model, quad);
  return model;
}

TEST(ViewerUnit, SiblingTextureLoadsOnlyFromAnAllowedDirectory) {
  const auto dir = scratch_dir("allow_dir_unit");
  const auto model = quad_with_sibling_texture(dir);
  try {
    load_model(model);
    ADD_FAILURE() << "a texture outside the model's directory was read";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("leaves the model's directory"), std::string::npos) << what;
    EXPECT_NE(what.find("--allow-dir"), std::string::npos) << what;
  }
  LoadOptions allowed;
  allowed.allowed_dirs = {dir / "textures"};
  const LoadedModel loaded = load_model(model, allowed);
  const Model& m = loaded.model;
  ASSERT_GE(m.materials().size(), 1u);
  const Texture& base = m.textures()[m.materials()[0].base_color_texture];
  const auto* texel = reinterpret_cast<const std::uint8_t*>(m.mip_data(base, 0).data());
  EXPECT_EQ(texel[0], 220);
  EXPECT_EQ(texel[1], 20);
  EXPECT_EQ(texel[2], 30);
  // The command line fills the same list.
  const Options options = parse_options({model.string(), "--allow-dir", (dir / "textures").string(), "--allow-dir", dir.string()});
  ASSERT_EQ(options.allowed_dirs.size(), 2u);
  EXPECT_EQ(load_options(options).allowed_dirs, options.allowed_dirs);
}

TEST(ViewerUnit, AllowDirRefusesWhatAemBakeRefuses) {
  const auto dir = scratch_dir("allow_dir_refusals");
  std::ofstream(dir / "file.txt") << "x";
  const struct {
    std::string dir, message;
  } cases[] = {
      {"", "--allow-dir names nothing"},
      {(dir / "missing").string(), "--allow-dir " + (dir / "missing").string() + ": no such directory"},
      {(dir / "file.txt").string(), "--allow-dir " + (dir / "file.txt").string() + ": is not a directory"},
  };
  for (const auto& c : cases) {
    try {
      parse_options({"m.gltf", "--allow-dir", c.dir});
      ADD_FAILURE() << "accepted --allow-dir '" << c.dir << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), c.message);
    }
  }
}

TEST(ViewerCli, AllowDirLetsTheViewerShowASiblingTexture) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("allow_dir_cli");
  const auto model = quad_with_sibling_texture(dir);
  const std::string view = "--size 64x64 --yaw 0 --pitch 0 --distance 3 --no-grid --mode base-color";
  const auto screenshot_args = [&](const std::string& options, const std::string& png) {
    return shell_quote(model.string()) + " " + options + " " + view + " --screenshot " + shell_quote((dir / png).string());
  };
  const CommandResult refused = run_viewer(screenshot_args("", "refused.png"));
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("aem-viewer: "), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("leaves the model's directory"), std::string::npos) << refused.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "refused.png"));

  const Image shown = screenshot(model, dir / "allowed.png", "--allow-dir " + shell_quote((dir / "textures").string()) + " " + view);
  ASSERT_EQ(shown.width, 64);
  const std::uint8_t* centre = shown.at(32, 32);
  EXPECT_NEAR(int(centre[0]), 220, 6);
  EXPECT_NEAR(int(centre[1]), 20, 6);
  EXPECT_NEAR(int(centre[2]), 30, 6);

  const CommandResult missing =
      run_viewer(screenshot_args("--allow-dir " + shell_quote((dir / "nowhere").string()), "nowhere.png"));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.output.find("aem-viewer: --allow-dir " + (dir / "nowhere").string() + ": no such directory"),
            std::string::npos)
      << missing.output;
}

}  // namespace
}  // namespace aem::test::viewer
