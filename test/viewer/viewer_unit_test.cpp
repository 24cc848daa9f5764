// The viewer's pieces that need no display: the command line, inspection-mode names, the file
// watch that drives reloading and the panel's warning lines.
#include <chrono>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "file_watch.hpp"
#include "inspection_mode.hpp"
#include "options.hpp"
#include "warning_lines.hpp"
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
