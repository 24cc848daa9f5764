// aem-viewer's command line as a process: bad arguments are one line and exit 1, --version,
// framing over an animation's whole motion (BoxAnimated) and of static corpus models,
// --turntable frames and --screenshot-dir batch thumbnails (packed files too, where built).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#if defined(AEM_VIEWER_TEST_WITH_PACKED)
#include "aem/packed/pack.hpp"
#endif
#include "aem/pipeline/model_writer.hpp"
#include "corpus.hpp"
#include "model_factory.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Runs the viewer with stdout kept apart in `dir`: returns the exit status and stderr alone.
CommandResult run_for_stderr(const std::string& args, const std::filesystem::path& dir) {
  // run_command sends the group's stderr to the pipe; stdout goes to a file of the test's own.
  return run_command("{ " + shell_quote(AEM_VIEWER_PATH) + " " + args + " >" + shell_quote((dir / "stdout.txt").string()) +
                     "; }");
}

// Where the model is: the box around the pixels that differ from the corner's background.
struct Footprint {
  int min_x = 1 << 30, min_y = 1 << 30, max_x = -1, max_y = -1;
  bool touches_border(const Image& image) const {
    return max_x >= 0 && (min_x == 0 || min_y == 0 || max_x == image.width - 1 || max_y == image.height - 1);
  }
  // The larger of the shares of the width and the height that the model spans.
  double span(const Image& image) const {
    if (max_x < 0) return 0;
    return std::max(double(max_x - min_x + 1) / image.width, double(max_y - min_y + 1) / image.height);
  }
  void add(const Footprint& o) {
    min_x = std::min(min_x, o.min_x), min_y = std::min(min_y, o.min_y);
    max_x = std::max(max_x, o.max_x), max_y = std::max(max_y, o.max_y);
  }
};

Footprint footprint(const Image& image) {
  Footprint f;
  if (image.width == 0) return f;
  const std::uint8_t* background = image.at(0, 0);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      int d = 0;
      for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(p[c]) - int(background[c])));
      if (d <= 12) continue;
      f.min_x = std::min(f.min_x, x), f.min_y = std::min(f.min_y, y);
      f.max_x = std::max(f.max_x, x), f.max_y = std::max(f.max_y, y);
    }
  }
  return f;
}

std::filesystem::path write_tiny_model(const std::filesystem::path& path) {
  pipeline::write_model_file(path, tiny_model());
  return path;
}

TEST(ViewerCli, EachBadArgumentIsOneLineAndExitOne) {
  const auto dir = scratch_dir("cli_bad_arguments");
  const std::string model = shell_quote(write_tiny_model(dir / "tiny.aem").string());
  const std::string png = shell_quote((dir / "out.png").string());
  std::ofstream(dir / "model.xyz") << R"({"asset": {"version": "2.0"}})";  // a glTF's content, not its name
  const std::string unknown = shell_quote((dir / "model.xyz").string());
  struct Case {
    std::string args, names;
  };
  for (const Case& c : std::vector<Case>{
           {model + " --frobnicate", "unknown option --frobnicate"},
           {model + " --screenshot " + png + " --time -0.5", "--time must not be negative"},
           {model + " --screenshot " + shell_quote((dir / "out.jpg").string()), "PNG only"},
           {model + " --screenshot " + png + " --turntable 0", "--turntable"},
           // Only the model knows how many animations it has: checked once it is open.
           {model + " --screenshot " + png + " --animation 1", "tiny.aem has 1 animation (0 to 0, or none)"},
           {unknown + " --screenshot " + png, "model.xyz: unknown model format ('.xyz'); the formats read are glTF: .gltf"},
       }) {
    const CommandResult result = run_for_stderr(c.args, dir);
    EXPECT_EQ(result.exit_code, 1) << c.args;
    const std::vector<std::string> lines = lines_of(result.output);
    ASSERT_EQ(lines.size(), 1u) << c.args << "\n" << result.output;
    EXPECT_NE(lines[0].find(c.names), std::string::npos) << lines[0];
    EXPECT_EQ(lines[0].rfind("aem-viewer: ", 0), 0u) << lines[0];
    EXPECT_FALSE(std::filesystem::exists(dir / "out.png")) << c.args;
  }
}

TEST(ViewerCli, VersionIsTheToolkits) {
  const CommandResult viewer = run_viewer("--version");
  const CommandResult cli = run_command(shell_quote(AEM_CLI_PATH) + " --version");
  EXPECT_EQ(viewer.exit_code, 0);
  ASSERT_EQ(cli.output.rfind("aem ", 0), 0u) << cli.output;
  EXPECT_EQ(viewer.output, "aem-viewer " + cli.output.substr(4));
}

// BoxAnimated's box rises far above where it starts (it left the frame at 1.5 s when framing
// used the first pose): at every moment it stays inside the frame, and over the animation the
// model spans most of it.
TEST(ViewerCli, FramingHoldsTheWholeMotionOfBoxAnimated) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("cli_framing_animated");
  const auto model = bake_khronos_glb(corpus, "BoxAnimated", dir);
  Footprint all;
  for (const char* time : {"0", "0.5", "1", "1.5", "2", "2.5", "3", "3.7"}) {
    const Image image = screenshot(model, dir / (std::string("t") + time + ".png"),
                                   std::string("--size 160x120 --no-grid --time ") + time);
    const Footprint f = footprint(image);
    EXPECT_FALSE(f.touches_border(image)) << "at " << time << " s";
    EXPECT_GT(coverage(image), 0.03) << "at " << time << " s";
    EXPECT_LT(coverage(image), 0.7) << "at " << time << " s";
    all.add(f);
  }
  Image frame;
  frame.width = 160, frame.height = 120;
  EXPECT_GT(all.span(frame), 0.75);
}

// Static models fill a good part of the frame, whatever their proportions, in a square and in
// a tall frame (framing once ignored the aspect and cut models at the sides of tall frames),
// and never touch its border.
TEST(ViewerCli, FramingFillsTheFrameWithStaticModels) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("cli_framing_static");
  for (const char* name : {"BoxTextured", "Duck", "DamagedHelmet", "CesiumMan", "2CylinderEngine"}) {
    const auto model = bake_khronos_glb(corpus, name, dir);
    for (const char* size : {"128x128", "96x160"}) {
      const Image image = screenshot(model, dir / (std::string(name) + size + ".png"), std::string("--no-grid --size ") + size);
      const Footprint f = footprint(image);
      EXPECT_FALSE(f.touches_border(image)) << name << " " << size;
      EXPECT_GT(f.span(image), 0.5) << name << " " << size;  // DamagedHelmet's dark visor passes for background
      EXPECT_GT(coverage(image), 0.08) << name << " " << size;
      EXPECT_LT(coverage(image), 0.7) << name << " " << size;
    }
  }
}

TEST(ViewerCli, TurntableWritesFramesAroundTheModel) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  AEM_REQUIRE_BAKE();
  const auto dir = scratch_dir("cli_turntable");
  const auto model = bake_khronos_glb(corpus, "Duck", dir);
  const CommandResult result = run_viewer(shell_quote(model.string()) + " --screenshot " +
                                          shell_quote((dir / "spin.png").string()) + " --turntable 4 --size 96x96 --no-grid");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "spin.png"));
  EXPECT_FALSE(std::filesystem::exists(dir / "spin-004.png"));
  std::vector<Image> frames;
  for (const char* name : {"spin-000.png", "spin-001.png", "spin-002.png", "spin-003.png"}) {
    frames.push_back(read_png(dir / name));
    ASSERT_EQ(frames.back().width, 96) << name;
    EXPECT_GT(coverage(frames.back()), 0.08) << name;
    EXPECT_FALSE(footprint(frames.back()).touches_border(frames.back())) << name;
  }
  for (std::size_t a = 0; a < frames.size(); ++a) {
    for (std::size_t b = a + 1; b < frames.size(); ++b) EXPECT_GT(difference(frames[a], frames[b]).mean, 1.0) << a << " " << b;
  }
}

TEST(ViewerCli, ScreenshotDirThumbnailsEveryModelAndNamesTheOneThatFails) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("cli_thumbnails");
  const auto in = dir / "in";
  std::filesystem::create_directories(in / "sub");
  write_tiny_model(in / "one.aem");
  write_tiny_model(in / "sub" / "two.AEM");
  std::ofstream(in / "sub" / "broken.aem") << "not a model at all";
  std::ofstream(in / "notes.txt") << "not a model either, and no thumbnail";
  std::vector<std::filesystem::path> thumbnails = {dir / "out" / "one.png", dir / "out" / "sub" / "two.png"};
#if defined(AEM_VIEWER_TEST_WITH_PACKED)
  {  // a packed copy of the first, listed and opened like the others
    std::ifstream file(in / "one.aem", std::ios::binary);
    const std::vector<char> text((std::istreambuf_iterator<char>(file)), {});
    const Expected<std::vector<std::byte>> packed = pack(std::as_bytes(std::span(text)));
    ASSERT_TRUE(packed) << packed.error().describe();
    std::ofstream(in / "three.aemz", std::ios::binary).write(reinterpret_cast<const char*>(packed->data()),
                                                             std::streamsize(packed->size()));
    thumbnails.push_back(dir / "out" / "three.png");
  }
#endif
  const auto out = dir / "out";
  const CommandResult result =
      run_for_stderr("--screenshot-dir " + shell_quote(out.string()) + " " + shell_quote(in.string()) + " --size 64x48", dir);
  EXPECT_EQ(result.exit_code, 1);
  const std::vector<std::string> lines = lines_of(result.output);
  ASSERT_EQ(lines.size(), 1u) << result.output;
  EXPECT_NE(lines[0].find((in / "sub" / "broken.aem").string()), std::string::npos) << lines[0];
  for (const auto& thumbnail : thumbnails) {
    const Image image = read_png(thumbnail);
    ASSERT_EQ(image.width, 64) << thumbnail;
    EXPECT_EQ(image.height, 48) << thumbnail;
    EXPECT_GT(coverage(image), 0.05) << thumbnail;
  }
  EXPECT_FALSE(std::filesystem::exists(out / "sub" / "broken.png"));
  EXPECT_FALSE(std::filesystem::exists(out / "notes.png"));

  // All good: exit 0.
  std::filesystem::remove(in / "sub" / "broken.aem");
  const CommandResult good = run_viewer("--screenshot-dir " + shell_quote((dir / "out2").string()) + " " + shell_quote(in.string()));
  EXPECT_EQ(good.exit_code, 0) << good.output;
  EXPECT_EQ(read_png(dir / "out2" / "sub" / "two.png").width, 512);
}

}  // namespace
}  // namespace aem::test::viewer
