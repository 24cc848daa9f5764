// examples/play_animation under Xvfb: a few frames of the tentacle rendered to a screenshot and
// compared with aem-viewer's render of the same model, animation, time and size. The example's
// shading is simpler (diffuse only, no normal or PBR maps), so the images match within a mean
// difference, not to the pixel; the pose, the framing and the cross-fade must match exactly.
#include <string>

#include <gtest/gtest.h>

#include "examples_test_support.hpp"
#include "run_command.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

// Two renders of the same pose: mean channel difference and share of pixels off by more than 24
// (measured about 0.7 and 1.2% for the tentacle, framed over both animations' motion); another
// pose is off on about 4.5 to 5% of the pixels.
constexpr double kSameRender = 2.5, kSameRenderOutliers = 0.025, kOtherPoseOutliers = 0.035;

void expect_same_pose(const Image& a, const Image& b) {
  const Difference d = difference(a, b);
  EXPECT_LT(d.mean, kSameRender);
  EXPECT_LT(d.outliers, kSameRenderOutliers);
}

Image play(const std::filesystem::path& model, const std::filesystem::path& png, float seconds, int frames) {
  const CommandResult result = run_command(shell_quote(AEM_PLAY_ANIMATION_PATH) + " " + shell_quote(model.string()) +
                                           " --size 256x256 --frames " + std::to_string(frames) + " --time " +
                                           std::to_string(seconds) + " --screenshot " + shell_quote(png.string()));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return read_png(png);
}

// The viewer as the example draws: its key light (no environment) and no multisampling.
Image view(const std::filesystem::path& model, const std::filesystem::path& png, int animation, float seconds) {
  return screenshot(model, png, "--size 256x256 --no-grid --no-ibl --no-msaa --animation " + std::to_string(animation) + " --time " +
                                    std::to_string(seconds));
}

TEST(PlayAnimation, MatchesTheViewerBeforeAndAfterTheCrossFade) {
  AEM_REQUIRE_DISPLAY();
  const auto model = examples::sample_tree().baked / "characters" / "tentacle.aem";
  const auto dir = scratch_dir("play_animation");
  // 0.5 s: "wave" alone. 3 s: the fade to "curl" began at 2 s and ended at 2.5 s, so "curl" is
  // 1 s in. (The example fades on the first frame at or past each 2 s mark: frames of 0.5 s.)
  const Image wave = play(model, dir / "play_0.5.png", 0.5f, 4);
  const Image curl = play(model, dir / "play_3.png", 3.0f, 6);
  const Image viewer_wave = view(model, dir / "viewer_wave_0.5.png", 0, 0.5f);
  const Image viewer_curl = view(model, dir / "viewer_curl_1.png", 1, 1.0f);
  for (const Image* image : {&wave, &curl, &viewer_wave, &viewer_curl}) {
    EXPECT_GT(coverage(*image), 0.05);
    EXPECT_LT(coverage(*image), 0.70);
  }
  expect_same_pose(wave, viewer_wave);
  expect_same_pose(curl, viewer_curl);
  // The comparison tells poses apart: the other animation's render is well off.
  EXPECT_GT(difference(wave, viewer_curl).outliers, kOtherPoseOutliers);
  EXPECT_GT(difference(curl, viewer_wave).outliers, kOtherPoseOutliers);
}

TEST(PlayAnimation, BlendsBothAnimationsMidFade) {
  AEM_REQUIRE_DISPLAY();
  const auto model = examples::sample_tree().baked / "characters" / "tentacle.aem";
  const auto dir = scratch_dir("play_animation_fade");
  // 2.25 s: half-way through the fade, the pose is neither "wave" at 2.25 s (0.25 s into its
  // second loop) nor "curl" at 0.25 s; the two ends of the fade are each of them.
  const Image middle = play(model, dir / "play_2.25.png", 2.25f, 9);
  const Image wave = view(model, dir / "viewer_wave.png", 0, 0.25f);
  const Image curl = view(model, dir / "viewer_curl.png", 1, 0.25f);
  EXPECT_GT(difference(middle, curl).outliers, kOtherPoseOutliers / 2);
  EXPECT_GT(difference(middle, wave).outliers, kOtherPoseOutliers / 2);
  expect_same_pose(play(model, dir / "play_2.png", 2.0f, 8), view(model, dir / "viewer_wave_0.png", 0, 0.0f));
  expect_same_pose(play(model, dir / "play_2.5.png", 2.5f, 10), view(model, dir / "viewer_curl_0.5.png", 1, 0.5f));
}

}  // namespace
}  // namespace aem::test::viewer

namespace aem::test::viewer {
namespace {

TEST(PlayAnimation, RefusesAModelWithoutAnimationOrAFileThatIsNotAModel) {
  const auto& tree = examples::sample_tree();
  const CommandResult still = run_command(shell_quote(AEM_PLAY_ANIMATION_PATH) + " " +
                                          shell_quote((tree.baked / "props" / "lantern.aem").string()) + " --frames 1");
  EXPECT_EQ(still.exit_code, 1);
  EXPECT_NE(still.output.find("lantern.aem has no animation to play"), std::string::npos) << still.output;
  const CommandResult gltf = run_command(shell_quote(AEM_PLAY_ANIMATION_PATH) + " " +
                                         shell_quote((tree.assets / "props" / "crate.gltf").string()) + " --frames 1");
  EXPECT_EQ(gltf.exit_code, 1);
  EXPECT_NE(gltf.output.find("play_animation: "), std::string::npos) << gltf.output;
  EXPECT_EQ(run_command(shell_quote(AEM_PLAY_ANIMATION_PATH) + " --frames").exit_code, 1);
}

}  // namespace
}  // namespace aem::test::viewer
