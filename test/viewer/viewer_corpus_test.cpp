// aem-viewer screenshots of corpus models baked with `aem bake`: DamagedHelmet, BoxTextured and
// CesiumMan (at 0 s and 1 s). Skipped with a message without the corpus or the bake command.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

bool have_bake() {
  return run_command(shell_quote(AEM_CLI_PATH) + " bake --help").exit_code == 0;
}

#define AEM_REQUIRE_BAKE()                                                                        \
  if (!have_bake()) GTEST_SKIP() << "`aem bake` is not available in this build (the glTF pipeline is " \
                                    "needed to turn corpus models into .aem)"

// Bakes corpus/khronos/<name>/glTF-Binary/<name>.glb into the scratch directory.
std::filesystem::path bake(const std::filesystem::path& corpus, const std::string& name,
                           const std::filesystem::path& dir) {
  auto input = corpus / "khronos" / name / "glTF-Binary" / (name + ".glb");
  const auto output = dir / (name + ".aem");
  const CommandResult result = run_command(shell_quote(AEM_CLI_PATH) + " bake " + shell_quote(input.string()) +
                                           " -o " + shell_quote(output.string()));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return output;
}

const std::string kView = "--size 256x256 --yaw 30 --pitch 15";

TEST(ViewerCorpus, DamagedHelmet) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("corpus_helmet");
  const auto model = bake(corpus, "DamagedHelmet", dir);
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
  const Image image = screenshot(bake(corpus, "BoxTextured", dir), dir / "box.png", kView);
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
  const auto model = bake(corpus, "CesiumMan", dir);
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

}  // namespace
}  // namespace aem::test::viewer
