#pragma once
// The command line of aem-viewer.
#include <filesystem>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model_source.hpp"
#include "view/inspection_mode.hpp"

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
  std::vector<std::filesystem::path> allowed_dirs;  // --allow-dir DIR, repeatable: as aem bake's
  bool help = false;
  bool version = false;
  // --turntable N: N frames around the model (yaw steps of 360/N degrees from --yaw), written
  // as <screenshot stem>-000.png ... beside --screenshot. 0: one frame.
  int turntable = 0;
  // --screenshot-dir OUT DIR...: a thumbnail of every model under the DIRs, written to OUT
  // mirroring their relative paths (x/y.aem -> OUT/x/y.png). Empty: not in batch mode.
  std::optional<std::filesystem::path> thumbnail_output;
  std::vector<std::filesystem::path> thumbnail_inputs;
  // Rendering (issue 17): anti-aliasing, lighting and background.
  int msaa_samples = 4;                 // --msaa N, --no-msaa: 1 (off)
  bool image_based_lighting = true;     // --no-ibl: a key light and ambient instead
  std::filesystem::path environment;    // --environment FILE.hdr; empty: procedural studio
  float exposure_stops = 0;             // --exposure STOPS
  float environment_yaw = 0;            // --environment-yaw DEG
  bool background_environment = false;  // --background env|flat
  // Levels of detail (issue 38).
  int lod_lock = -1;       // --lod auto|N: -1 chosen by distance, N locked (clamped per mesh)
  float lod_pixels = 1;    // --lod-pixels P: the screen error allowed
};

// Throws std::invalid_argument with a one-line message naming the problem for a bad command
// line (an unknown option, a value out of range, a screenshot name that is not .png).
Options parse_options(const std::vector<std::string>& args);
// What only the model can tell: throws std::invalid_argument naming `model` and its animation
// count when --animation asks for an animation past its last.
void check_animation_option(const Options& options, std::size_t animation_count, const std::filesystem::path& model);
// What the command line asks of opening a model: --bake-textures and --allow-dir.
LoadOptions load_options(const Options& options);
// --help: the synopsis, every option, then the keys and mouse (ui/key_bindings.hpp).
std::string usage();

}  // namespace aem::viewer
