// aem-viewer screenshots of corpus models baked with `aem bake`: DamagedHelmet, BoxTextured,
// CesiumMan (at 0 s and 1 s), and single- and double-sided materials (TextureSettingsTest,
// TwoSidedPlane). Skipped with a message without the corpus or the bake command.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

const std::string kView = "--size 256x256 --yaw 30 --pitch 15";

TEST(ViewerCorpus, DamagedHelmet) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_helmet");
  const auto model = bake_khronos_glb(corpus, "DamagedHelmet", dir);
  const Image image = screenshot(model, dir / "helmet.png", kView);
  expect_matches_reference(image, "DamagedHelmet");
  EXPECT_GT(coverage(image), 0.25);
  EXPECT_LT(coverage(image), 0.85);
  // BC7 decoded on the CPU looks the same as BPTC on the GPU.
  const Image cpu = screenshot(model, dir / "helmet_cpu.png", kView, "AEM_VIEWER_NO_BPTC=1");
  EXPECT_LT(difference(image, cpu).mean, 1.0);
}

TEST(ViewerCorpus, BoxTextured) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_box");
  const Image image = screenshot(bake_khronos_glb(corpus, "BoxTextured", dir), dir / "box.png", kView);
  expect_matches_reference(image, "BoxTextured");
  EXPECT_GT(coverage(image), 0.2);
  EXPECT_LT(coverage(image), 0.85);
  // Opened as .glb baked in memory with BC textures: the very bytes `aem bake` wrote, the same
  // frame. As .gltf with the preview's RGBA8 textures: the same frame up to BC7 error.
  const auto khronos = corpus / "khronos" / "BoxTextured";
  const Image glb = screenshot(khronos / "glTF-Binary" / "BoxTextured.glb", dir / "glb.png", kView + " --bake-textures bc");
  const Image gltf = screenshot(khronos / "glTF" / "BoxTextured.gltf", dir / "gltf.png", kView);
  EXPECT_LT(difference(image, glb).mean, 0.01);
  EXPECT_LT(difference(image, gltf).mean, 1.5);
}

TEST(ViewerCorpus, InvalidGltfExitsOneWithMessage) {
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_invalid");
  const auto input = corpus / "invalid" / "IndexOutOfRange" / "IndexOutOfRange.gltf";
  if (!std::filesystem::exists(input)) GTEST_SKIP() << input << " is not in this corpus";
  const CommandResult result = run_viewer(shell_quote(input.string()) + " --screenshot " + shell_quote((dir / "o.png").string()));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("IndexOutOfRange"), std::string::npos) << result.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "o.png"));
}

TEST(ViewerCorpus, CesiumManAnimates) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_cesium");
  const auto model = bake_khronos_glb(corpus, "CesiumMan", dir);
  const Image t0 = screenshot(model, dir / "t0.png", kView + " --time 0");
  const Image t1 = screenshot(model, dir / "t1.png", kView + " --time 1");
  const Image bind = screenshot(model, dir / "bind.png", kView + " --animation none");
  expect_matches_reference(t0, "CesiumMan_t0");
  expect_matches_reference(t1, "CesiumMan_t1");
  EXPECT_GT(coverage(t0), 0.05);
  // The walk moves the skin: 1 s differs from 0 s, and both from the bind pose.
  EXPECT_GT(difference(t0, t1).outliers, 0.01);
  EXPECT_GT(difference(bind, t1).outliers, 0.01);
}

// Pixels of a Test-column cell of TextureSettingsTest (front view, 512x512) that are the red of
// a failed test, and the green of a passed one.
struct CellColours {
  int red = 0, green = 0;
};
CellColours cell_colours(const Image& image, int top, int bottom) {
  CellColours c;
  if (image.width < 512) return c;
  for (int y = top; y < bottom; ++y) {
    for (int x = 252; x < 290; ++x) {
      const std::uint8_t* p = image.at(x, y);
      if (p[0] > 150 && p[1] < 90 && p[2] < 90) ++c.red;
      if (p[1] > 150 && p[0] < 120 && p[2] < 120) ++c.green;
    }
  }
  return c;
}

// Each sidedness row puts a polygon facing away from the viewer in front of the test cell: a
// single-sided one must vanish (else a red X shows), a double-sided one must show its back (a
// green check; culled, it would uncover a red X). As in the Khronos screenshot.
TEST(ViewerCorpus, TextureSettingsTestSingleAndDoubleSidedRowsPass) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_texture_settings");
  const auto model = bake_khronos_glb(corpus, "TextureSettingsTest", dir);
  const Image image = screenshot(model, dir / "front.png", "--size 512x512 --yaw 0 --pitch 0 --no-grid");
  expect_matches_reference(image, "TextureSettingsTest");
  const CellColours single = cell_colours(image, 145, 172), both = cell_colours(image, 177, 204);
  EXPECT_EQ(single.red, 0) << "single-sided row: the back of the front polygon shows";
  EXPECT_GT(single.green, 50) << "single-sided row: no check mark";
  EXPECT_EQ(both.red, 0) << "double-sided row: the front polygon's back face is missing";
  EXPECT_GT(both.green, 50) << "double-sided row: no check mark";
}

// A double-sided plane shows its texture from above and from below (opened as .gltf, baked in
// memory: the corpus has no .glb of it).
TEST(ViewerCorpus, TwoSidedPlaneShowsItsTextureFromBothSides) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_two_sided");
  const auto input = corpus / "khronos" / "TwoSidedPlane" / "glTF" / "TwoSidedPlane.gltf";
  for (const char* side : {"above", "below"}) {
    const std::string pitch = std::string(side) == "above" ? "60" : "-60";
    const Image image = screenshot(input, dir / (std::string(side) + ".png"),
                                   "--size 256x256 --yaw 0 --no-grid --pitch " + pitch);
    expect_matches_reference(image, std::string("TwoSidedPlane_") + side);
    EXPECT_GT(coverage(image), 0.3) << side;
    ASSERT_GT(image.width, 0);
    // The wood texture: red over green over blue.
    const std::uint8_t* p = image.at(128, 128);
    EXPECT_GT(p[0], p[1] + 20) << side;
    EXPECT_GT(p[1], p[2]) << side;
  }
}

}  // namespace
}  // namespace aem::test::viewer
