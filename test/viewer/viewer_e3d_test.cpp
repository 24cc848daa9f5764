// aem-viewer screenshots of every E3D model of the corpus (../shared/corpus/e3d), baked with
// `aem bake`: each shows a non-empty model, lit, whose visible surfaces face the camera. The
// viewer culls back faces, so an import that mirrored the model or reversed its winding would
// show the far side's inside, whose normals point away from the eye (specs/e3d-import.md,
// "Handedness"). Skipped with a message without a display, the corpus or the bake command.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

std::vector<std::filesystem::path> corpus_e3d_models(const std::filesystem::path& corpus) {
  std::vector<std::filesystem::path> models;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(corpus / "e3d", ec)) {
    if (entry.path().extension() == ".e3d") models.push_back(entry.path());
  }
  std::sort(models.begin(), models.end());
  return models;
}

// Whether the pixel differs from the frame's corner (the background), as coverage() counts.
bool covered(const Image& image, int x, int y) {
  const std::uint8_t *p = image.at(x, y), *background = image.at(0, 0);
  int d = 0;
  for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(p[c]) - int(background[c])));
  return d > 12;
}

// The mean of the brightest channel over the covered pixels (0..255): a model drawn black, or lit
// from behind only, stays near 0.
double mean_brightness(const Image& image) {
  double sum = 0;
  std::size_t count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (!covered(image, x, y)) continue;
      const std::uint8_t* p = image.at(x, y);
      sum += std::max({p[0], p[1], p[2]});
      ++count;
    }
  }
  return count == 0 ? 0 : sum / double(count);
}

// The share of covered pixels of a `--mode normals` frame (world normal * 0.5 + 0.5) whose normal
// points towards the eye of the orbit camera at `yaw_degrees`, `pitch_degrees` (camera.cpp).
double share_facing_the_eye(const Image& image, double yaw_degrees, double pitch_degrees) {
  const double yaw = yaw_degrees * std::numbers::pi / 180, pitch = pitch_degrees * std::numbers::pi / 180;
  const double to_eye[3] = {std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
  std::size_t facing = 0, count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (!covered(image, x, y)) continue;
      const std::uint8_t* p = image.at(x, y);
      double d = 0;
      for (int c = 0; c < 3; ++c) d += (p[c] / 127.5 - 1.0) * to_eye[c];
      facing += d > 0 ? 1 : 0;
      ++count;
    }
  }
  return count == 0 ? 0 : double(facing) / double(count);
}

TEST(ViewerE3d, EveryCorpusModelShowsLitWithItsOutsideTowardsTheEye) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  if (!have_bake()) GTEST_SKIP() << "`aem bake` is not available in this build";
  const std::vector<std::filesystem::path> models = corpus_e3d_models(corpus);
  ASSERT_FALSE(models.empty()) << "no .e3d in " << corpus / "e3d";
  const auto dir = scratch_dir("e3d_corpus");
  for (const auto& input : models) {
    const std::string name = input.stem().string();
    SCOPED_TRACE(name);
    const auto baked = dir / (name + ".aem");
    const CommandResult bake = run_command(shell_quote(AEM_CLI_PATH) + " bake " + shell_quote(input.string()) +
                                           " -o " + shell_quote(baked.string()));
    ASSERT_EQ(bake.exit_code, 0) << bake.output;

    const std::string frame = "--size 256x256 --no-grid --background flat";
    const Image lit = screenshot(baked, dir / (name + "_lit.png"), frame + " --yaw 30 --pitch 15");
    EXPECT_GT(coverage(lit), 0.05) << "the model is (nearly) missing from the frame";
    EXPECT_LT(coverage(lit), 0.95);
    EXPECT_GT(mean_brightness(lit), 40) << "the model is drawn (nearly) black";

    // From the front-right above and from the back-left below: culling leaves only the faces
    // that wind counter-clockwise on screen, and those must be the ones whose normals face us.
    for (const auto& [yaw, pitch] : {std::pair{30.0, 15.0}, std::pair{210.0, -20.0}}) {
      const std::string view = " --yaw " + std::to_string(int(yaw)) + " --pitch " + std::to_string(int(pitch));
      const Image normals = screenshot(baked, dir / (name + "_normals_" + std::to_string(int(yaw)) + ".png"),
                                       frame + " --mode normals" + view);
      EXPECT_GT(coverage(normals), 0.05) << view;
      EXPECT_GT(share_facing_the_eye(normals, yaw, pitch), 0.85)
          << view << ": the visible faces point away from the eye (mirrored or inside out)";
    }
  }
}

}  // namespace
}  // namespace aem::test::viewer
