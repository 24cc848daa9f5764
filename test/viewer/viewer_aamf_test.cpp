// The PS1 game's legacy AAMF models are lit by their polygons' Gouraud colours: a legacy file
// generated here (aamf_test_files.hpp: a dark F3 and a G4 coloured (200, 100, 50)) bakes with
// them in the vertex_colours extension and renders coloured; a --format-version 1 bake of the same
// file, which drops them, renders without a coloured pixel. Skipped with a message without a
// display or the bake command.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "aamf_test_files.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

// The share of the frame's pixels that are orange-brown like the G4's colour (R over G over B by
// clear margins); grey and white pixels, lit or not, are not.
double orange_share(const Image& image) {
  std::size_t count = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      count += int(p[0]) > int(p[1]) + 25 && int(p[1]) > int(p[2]) + 15;
    }
  return image.width == 0 ? 0 : double(count) / (double(image.width) * image.height);
}

std::filesystem::path bake(const std::filesystem::path& input, const std::filesystem::path& output,
                           const std::string& options) {
  const CommandResult r = run_command(shell_quote(AEM_CLI_PATH) + " bake " + shell_quote(input.string()) + " -o " +
                                      shell_quote(output.string()) + options);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return output;
}

TEST(ViewerRender, LegacyAamfPolygonColoursRenderColoured) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("aamf_colours");
  const std::filesystem::path source = dir / "legacy.aamf";
  const std::vector<unsigned char> bytes = aamf::legacy_file();
  std::ofstream(source, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  const auto coloured = bake(source, dir / "legacy.aem", "");
  const auto plain = bake(source, dir / "legacy_v1.aem", " --format-version 1");
  // From behind (yaw 180) the G4 faces the camera; the F3 is culled.
  const std::string view = " --size 256x256 --no-grid --yaw 180";
  EXPECT_GT(orange_share(screenshot(coloured, dir / "mode.png", view + " --mode vertex-colour")), 0.02)
      << "the G4's colour in the vertex-colour mode";
  EXPECT_GT(orange_share(screenshot(coloured, dir / "lit.png", view)), 0.02) << "the lit view tinted by it";
  EXPECT_EQ(orange_share(screenshot(plain, dir / "plain_lit.png", view)), 0) << "a version-1 bake draws it white";
}

}  // namespace
}  // namespace aem::test::viewer
