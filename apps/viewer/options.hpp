#pragma once
// The command line of aem-viewer.
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "inspection_mode.hpp"

namespace aem::viewer {

struct Options {
  std::filesystem::path file;                      // empty: start with nothing, drop a file
  std::optional<std::filesystem::path> screenshot;  // headless: render one frame, write, exit
  int width = 0, height = 0;                       // 0: 1280x800 window, 512x512 screenshot
  std::optional<float> time;                       // seconds
  std::optional<int> animation;                    // -1: bind pose
  InspectionMode mode = InspectionMode::lit;
  std::optional<float> yaw, pitch;                 // degrees
  std::optional<float> distance;                   // metres from the framed centre
  bool grid = true;
  bool wireframe = false;
  bool skeleton = false;
  std::optional<bool> panel;  // default: shown in the window, hidden in screenshots
  std::optional<std::pair<float, float>> pick;  // pixel whose material is selected at start
  std::string keys;  // pressed before the first frame, one key per character
  bool auto_rotate = false;
  bool no_bptc = false;
  int frames = 0;          // interactive: exit after this many presented frames (0: never)
  bool print_timing = false;  // first presented frame after start, and frame-time statistics
  bool vsync = true;
  bool bake_compressed = false;  // --bake-textures bc
  bool help = false;
};

// Throws std::invalid_argument with a message for a bad command line.
Options parse_options(const std::vector<std::string>& args);
const char* usage();

}  // namespace aem::viewer
