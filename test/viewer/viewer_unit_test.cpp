// The viewer's pieces that need no display: the command line, inspection-mode names, the
// --screenshot-dir listing, the file watch that drives reloading and the panel's warning lines.
#include <chrono>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "app/file_watch.hpp"
#include "options/options.hpp"
#include "thumbnails/thumbnail_jobs.hpp"
#include "ui/warning_lines.hpp"
#include "view/inspection_mode.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

TEST(ViewerUnit, ParsesTheScreenshotCommandLine) {
  const Options o = parse_options({"m.aem", "--screenshot", "o.png", "--size", "320x200", "--time", "1.5",
                                   "--animation", "none", "--mode", "normal-map", "--yaw", "-20", "--pitch", "10",
                                   "--distance", "3"});
  EXPECT_EQ(o.file, "m.aem");
  EXPECT_EQ(*o.screenshot, "o.png");
  EXPECT_EQ(o.width, 320);
  EXPECT_EQ(o.height, 200);
  EXPECT_FLOAT_EQ(*o.time, 1.5f);
  EXPECT_EQ(*o.animation, -1);
  EXPECT_EQ(o.mode, InspectionMode::normal_map);
  EXPECT_FLOAT_EQ(*o.yaw, -20);
  EXPECT_FLOAT_EQ(*o.distance, 3);
}

TEST(ViewerUnit, RejectsBadCommandLines) {
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--size", "12"}, {"--size", "0x5"}, {"--time", "soon"},
                                             {"--mode", "x"}, {"a.aem", "b.aem"}, {"--screenshot", "o.png"},
                                             {"--distance", "-1"}, {"--frobnicate"}, {"--time"}}) {
    EXPECT_THROW(parse_options(bad), std::invalid_argument) << bad[0];
  }
}

// Each refusal is one line naming the problem: the message main prints as it is.
TEST(ViewerUnit, RejectsBadArgumentsWithOneLineNamingThem) {
  struct Case {
    std::vector<std::string> args;
    std::string names;
  };
  for (const Case& c : std::vector<Case>{
           {{"m.aem", "--time", "-1"}, "--time must not be negative, not -1"},
           {{"m.aem", "--screenshot", "o.jpg"}, "--screenshot writes PNG only"},
           {{"m.aem", "--screenshot", "o"}, "not 'o'"},
           {{"m.aem", "--wobble"}, "unknown option --wobble"},
           {{"m.aem", "--animation", "-2"}, "--animation needs an index from 0 or none, not -2"},
           {{"m.aem", "--turntable", "3"}, "--turntable needs --screenshot"},
           {{"m.aem", "--screenshot", "o.png", "--turntable", "0"}, "--turntable needs 1 to 3600 frames, not 0"},
           {{"--screenshot-dir", "out"}, "--screenshot-dir needs at least one DIR"},
           {{"--screenshot-dir", "out", "in", "--screenshot", "o.png"}, "do not go together"},
       }) {
    try {
      parse_options(c.args);
      ADD_FAILURE() << "accepted " << c.args.back();
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(c.names), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  EXPECT_EQ(parse_options({"m.aem", "--screenshot", "O.PNG", "--time", "0"}).screenshot->string(), "O.PNG");
}

TEST(ViewerUnit, ParsesVersionTurntableAndScreenshotDir) {
  EXPECT_TRUE(parse_options({"--version"}).version);
  const Options turntable = parse_options({"m.aem", "--screenshot", "o.png", "--turntable", "24"});
  EXPECT_EQ(turntable.turntable, 24);
  const Options batch = parse_options({"--screenshot-dir", "out", "a", "b", "--size", "64x64"});
  EXPECT_EQ(*batch.thumbnail_output, "out");
  EXPECT_EQ(batch.thumbnail_inputs, (std::vector<std::filesystem::path>{"a", "b"}));
  EXPECT_TRUE(batch.file.empty());
  EXPECT_EQ(batch.width, 64);
}

TEST(ViewerUnit, AnimationPastTheLastNamesTheModelsCount) {
  Options o;
  check_animation_option(o, 0, "m.aem");  // not asked: anything goes
  o.animation = -1;
  check_animation_option(o, 0, "m.aem");  // the bind pose always exists
  o.animation = 2;
  check_animation_option(o, 3, "m.aem");
  const auto message = [&](std::size_t count) {
    try {
      check_animation_option(o, count, "m.aem");
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(2), "--animation 2: m.aem has 2 animations (0 to 1, or none)");
  EXPECT_EQ(message(0), "--animation 2: m.aem has no animations (use --animation none)");
}

TEST(ViewerUnit, ThumbnailJobsMirrorTheTreeAndNameWhatTheyCannotTake) {
  const auto dir = scratch_dir("thumbnail_jobs");
  std::filesystem::create_directories(dir / "in" / "x" / "deep");
  for (const char* name : {"a.aem", "x/y.GLB", "x/deep/z.gltf", "x/deep/z.glb", "x/z.bin", "x/readme.txt"}) {
    std::ofstream(dir / "in" / name) << "model or not";
  }
  std::ofstream(dir / "single.aem") << "m";
  std::vector<std::string> problems;
  const std::vector<ThumbnailJob> jobs =
      find_thumbnail_jobs({dir / "in", dir / "single.aem", dir / "absent"}, dir / "out", problems);
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> got;
  for (const ThumbnailJob& job : jobs) got.emplace_back(job.model, job.thumbnail);
  EXPECT_EQ(got, (std::vector<std::pair<std::filesystem::path, std::filesystem::path>>{
                     {dir / "in" / "a.aem", dir / "out" / "a.png"},
                     {dir / "in" / "x" / "deep" / "z.glb", dir / "out" / "x" / "deep" / "z.png"},
                     {dir / "in" / "x" / "y.GLB", dir / "out" / "x" / "y.png"},
                     {dir / "single.aem", dir / "out" / "single.png"}}));
  // z.gltf wants z.glb's thumbnail; "absent" is nothing at all: one line each, naming them.
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find((dir / "in" / "x" / "deep" / "z.gltf").string()), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find("z.glb"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find((dir / "absent").string()), std::string::npos) << problems[1];
}

TEST(ViewerUnit, InspectionModeNamesRoundTrip) {
  for (int i = 0; i < kInspectionModeCount; ++i) {
    const auto mode = InspectionMode(i);
    EXPECT_EQ(parse_inspection_mode(name(mode)), mode);
  }
  EXPECT_FALSE(parse_inspection_mode("shiny"));
}

TEST(ViewerUnit, FileWatchReportsAChangeOnceSettled) {
  const auto dir = scratch_dir("file_watch");
  const auto path = dir / "model.aem";
  std::ofstream(path) << "one";
  FileWatch watch(path);
  auto now = std::chrono::steady_clock::now();
  const auto tick = [&] { return now += std::chrono::seconds(1); };
  EXPECT_FALSE(watch.changed(tick()));  // unchanged
  std::ofstream(path) << "two, longer";
  EXPECT_FALSE(watch.changed(tick()));  // changed: waits one poll for it to settle
  EXPECT_TRUE(watch.changed(tick()));   // settled: reload
  EXPECT_FALSE(watch.changed(tick()));  // once
  std::filesystem::remove(path);
  EXPECT_FALSE(watch.changed(tick()));  // gone: nothing to load
  EXPECT_FALSE(watch.changed(tick()));
  std::ofstream(path) << "three";
  EXPECT_FALSE(watch.changed(tick()));
  EXPECT_TRUE(watch.changed(tick()));   // back: reload
}

TEST(ViewerUnit, WarningLinesWrapTruncateAndCount) {
  EXPECT_TRUE(warning_lines({}, "m.gltf").empty());
  // The model's path is dropped from the front; short warnings take one line each.
  EXPECT_EQ(warning_lines({"/a/m.gltf: cameras dropped", "other.gltf: kept whole"}, "/a/m.gltf"),
            (std::vector<std::string>{"Warnings: 2", "  cameras dropped", "  other.gltf: kept whole"}));
  // Long ones wrap at spaces within the width, continuation lines indented further; a word
  // longer than a line is cut; past `per_warning` lines the rest becomes "...".
  const WarningLayout narrow{.width = 20, .per_warning = 2, .total = 12};
  EXPECT_EQ(warning_lines({"one two three four five six"}, "", narrow),
            (std::vector<std::string>{"Warnings: 1", "  one two three", "    four five six"}));
  EXPECT_EQ(warning_lines({"abcdefghijklmnopqrstuvwxyz"}, "", narrow),
            (std::vector<std::string>{"Warnings: 1", "  abcdefghijklmnop", "    qrstuvwxyz"}));
  const std::vector<std::string> cut = warning_lines({"aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll"}, "", narrow);
  ASSERT_EQ(cut.size(), 3u);
  EXPECT_EQ(cut[2], "    eee fff ggg...");
  for (const std::string& line : cut) EXPECT_LE(line.size(), 20u) << line;
  // Out of lines: the last one says how many warnings are left out.
  const std::vector<std::string> many(10, "x");
  const std::vector<std::string> shown = warning_lines(many, "", {.width = 80, .per_warning = 3, .total = 5});
  EXPECT_EQ(shown, (std::vector<std::string>{"Warnings: 10", "  x", "  x", "  x", "  ... 7 more (printed on stderr)"}));
  // Exactly enough room: no "more" line.
  EXPECT_EQ(warning_lines({"x", "y"}, "", {.width = 80, .per_warning = 3, .total = 3}).back(), "  y");
}

}  // namespace
}  // namespace aem::test::viewer
