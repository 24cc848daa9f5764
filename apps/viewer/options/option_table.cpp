#include "options/option_table.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/model_formats.hpp"

namespace aem::viewer {
namespace {

float parse_float(const std::string& option, const std::string& text) {
  std::size_t used = 0;
  float value = 0;
  try {
    value = std::stof(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !std::isfinite(value)) {
    throw std::invalid_argument(option + " needs a number, not '" + text + "'");
  }
  return value;
}

int parse_int(const std::string& option, const std::string& text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) {
    throw std::invalid_argument(option + " needs an integer, not '" + text + "'");
  }
  return value;
}

// Screenshots are PNG: a name that asks for another format is refused, not silently ignored.
bool has_png_extension(const std::filesystem::path& path) { return pipeline::lower_case_extension(path) == ".png"; }

void set_screenshot(Options& o, const std::string& v) {
  o.screenshot = v;
  if (!has_png_extension(*o.screenshot)) {
    throw std::invalid_argument("--screenshot writes PNG only: name the file .png, not '" + v + "'");
  }
}

void set_turntable(Options& o, const std::string& v) {
  o.turntable = parse_int("--turntable", v);
  if (o.turntable < 1 || o.turntable > 3600) throw std::invalid_argument("--turntable needs 1 to 3600 frames, not " + v);
}

void set_size(Options& o, const std::string& v) {
  const auto x = v.find('x');
  if (x == std::string::npos) throw std::invalid_argument("--size needs WxH, not '" + v + "'");
  o.width = parse_int("--size", v.substr(0, x));
  o.height = parse_int("--size", v.substr(x + 1));
  if (o.width < 1 || o.height < 1 || o.width > 16384 || o.height > 16384) {
    throw std::invalid_argument("--size must be between 1x1 and 16384x16384, not '" + v + "'");
  }
}

void set_time(Options& o, const std::string& v) {
  o.time = parse_float("--time", v);
  if (*o.time < 0) throw std::invalid_argument("--time must not be negative, not " + v);
}

void set_animation(Options& o, const std::string& v) {
  o.animation = v == "none" ? -1 : parse_int("--animation", v);
  if (*o.animation < -1) throw std::invalid_argument("--animation needs an index from 0 or none, not " + v);
}

void set_mode(Options& o, const std::string& v) {
  const auto mode = parse_inspection_mode(v);
  if (!mode) throw std::invalid_argument("unknown --mode '" + v + "'");
  o.mode = *mode;
}

void set_distance(Options& o, const std::string& v) {
  o.distance = parse_float("--distance", v);
  if (*o.distance <= 0) throw std::invalid_argument("--distance must be positive");
}

void set_pick(Options& o, const std::string& v) {
  const auto comma = v.find(',');
  if (comma == std::string::npos) throw std::invalid_argument("--pick needs X,Y, not '" + v + "'");
  o.pick = {{parse_float("--pick", v.substr(0, comma)), parse_float("--pick", v.substr(comma + 1))}};
}

void set_bake_textures(Options& o, const std::string& v) {
  const std::optional<pipeline::TextureEncoding> encoding = pipeline::parse_texture_encoding(v);
  if (!encoding) throw std::invalid_argument("--bake-textures needs bc or rgba, not '" + v + "'");
  o.bake_compressed = *encoding == pipeline::TextureEncoding::bc;
}

void set_frames(Options& o, const std::string& v) {
  o.frames = parse_int("--frames", v);
  if (o.frames < 0) throw std::invalid_argument("--frames must not be negative");
}

void set_msaa(Options& o, const std::string& v) {
  o.msaa_samples = parse_int("--msaa", v);
  if (o.msaa_samples < 1 || o.msaa_samples > 16 || (o.msaa_samples & (o.msaa_samples - 1)) != 0) {
    throw std::invalid_argument("--msaa needs 1, 2, 4, 8 or 16 samples, not " + std::to_string(o.msaa_samples));
  }
}

void set_exposure(Options& o, const std::string& v) {
  o.exposure_stops = parse_float("--exposure", v);
  if (std::abs(o.exposure_stops) > 20) throw std::invalid_argument("--exposure must be between -20 and 20 stops");
}

void set_background(Options& o, const std::string& v) {
  if (v != "env" && v != "flat") throw std::invalid_argument("--background needs env or flat, not '" + v + "'");
  o.background_environment = v == "env";
}

void set_lod(Options& o, const std::string& v) {
  if (v == "auto") {
    o.lod_lock = -1;
    return;
  }
  o.lod_lock = parse_int("--lod", v);
  if (o.lod_lock < 0) throw std::invalid_argument("--lod needs auto or a level from 0, not " + v);
}

void set_lod_pixels(Options& o, const std::string& v) {
  o.lod_pixels = parse_float("--lod-pixels", v);
  if (o.lod_pixels <= 0 || o.lod_pixels > 1000) throw std::invalid_argument("--lod-pixels needs a number of pixels above 0, at most 1000, not " + v);
}

// As `aem bake --allow-dir`: the same checks, the same messages.
void add_allowed_dir(Options& o, const std::string& v) {
  if (v.empty()) throw std::invalid_argument("--allow-dir names nothing");
  if (const std::string why = pipeline::allowed_dir_problem(v); !why.empty()) {
    throw std::invalid_argument("--allow-dir " + v + ": " + why);
  }
  o.allowed_dirs.emplace_back(v);
}

using V = const std::string&;

constexpr OptionSpec kOptions[] = {
    {"--screenshot", "", "OUT.png", "write one frame as PNG and exit (works under Xvfb)", set_screenshot},
    {"--turntable", "", "N",
     "with --screenshot: N frames around the model, yaw stepping by\n"
     "360/N degrees from --yaw, written as OUT-000.png, OUT-001.png...",
     set_turntable},
    {"--screenshot-dir", "", "OUT DIR...",
     "a thumbnail of every .aem and model under the DIRs,\n"
     "written to OUT as the same relative path with .png (x/y.aem ->\n"
     "OUT/x/y.png), all in one off-screen context; a model that fails\n"
     "is reported and skipped, and the exit status is then 1",
     [](Options& o, V v) { o.thumbnail_output = v; }},
    {"--size", "", "WxH", "window or screenshot size (default 1280x800, screenshots 512x512)", set_size},
    {"--time", "", "T", "animation time in seconds", set_time},
    {"--animation", "", "N|none", "animation index (default 0), none for the bind pose", set_animation},
    {"--mode", "", "NAME",
     "lit, base-color, opacity, normal-map, roughness, occlusion,\n"
     "metalness, emissive, normals, tangents, bitangents, uv, vertex-colour,\n"
     "meshlets",
     set_mode},
    {"--yaw", "", "DEG", "camera orbit angle about the vertical (default 30)",
     [](Options& o, V v) { o.yaw = parse_float("--yaw", v); }},
    {"--pitch", "", "DEG", "camera orbit angle above the horizon (default 15)",
     [](Options& o, V v) { o.pitch = parse_float("--pitch", v); }},
    {"--distance", "", "D", "camera distance from the model's centre (default: framed)", set_distance},
    {"--wireframe", "", "", "start with the wireframe overlay", [](Options& o, V) { o.wireframe = true; }},
    {"--skeleton", "", "", "start with the skeleton overlay", [](Options& o, V) { o.skeleton = true; }},
    {"--no-grid", "", "", "start without the ground grid", [](Options& o, V) { o.grid = false; }},
    {"--auto-rotate", "", "", "start turning the model", [](Options& o, V) { o.auto_rotate = true; }},
    {"--panel", "", "", "show the UI panels (default: in the window, not in screenshots)",
     [](Options& o, V) { o.panel = true; }},
    {"--no-panel", "", "", "hide the UI panels", [](Options& o, V) { o.panel = false; }},
    {"--pick", "", "X,Y",
     "select the material under pixel X,Y (from the top left) before\n"
     "the first frame, and print which it is",
     set_pick},
    {"--keys", "", "KEYS", "press these keys before the first frame (e.g. H hides the UI)",
     [](Options& o, V v) { o.keys = v; }},
    {"--bake-textures", "", "rgba|bc",
     "glTF input: bake textures as RGBA8 (default, fast) or as\n"
     "BC7/BC5 exactly as `aem bake` writes them",
     set_bake_textures},
    {"--allow-dir", "", "DIR",
     "a model's buffers and images may also be read from DIR\n"
     "(repeatable; a shared texture folder): by default only\n"
     "regular files inside the model's own directory are read",
     add_allowed_dir},
    {"--no-bptc", "", "",
     "decode BC7 on the CPU even where the driver has BPTC\n"
     "(also AEM_VIEWER_NO_BPTC=1)",
     [](Options& o, V) { o.no_bptc = true; }},
    {"--frames", "", "N", "exit after N presented frames (benchmarks)", set_frames},
    {"--print-timing", "", "",
     "print the time from process start to the first presented frame\n"
     "and, on exit, frame-time statistics",
     [](Options& o, V) { o.print_timing = true; }},
    {"--no-vsync", "", "", "present frames as fast as they render (benchmarks)", [](Options& o, V) { o.vsync = false; }},
    {"--msaa", "", "N", "multisampling with N samples (default 4; 1: off)", set_msaa},
    {"--no-msaa", "", "", "no multisampling (as --msaa 1)", [](Options& o, V) { o.msaa_samples = 1; }},
    {"--environment", "", "FILE.hdr",
     "light with an equirectangular Radiance HDR image\n"
     "(default: the viewer's own procedural studio)",
     [](Options& o, V v) { o.environment = v; }},
    {"--no-ibl", "", "", "a key light and ambient instead of the environment",
     [](Options& o, V) { o.image_based_lighting = false; }},
    {"--exposure", "", "STOPS", "brighter (+) or darker (-), in stops (default 0)", set_exposure},
    {"--environment-yaw", "", "DEG", "turn the environment about the vertical axis",
     [](Options& o, V v) { o.environment_yaw = parse_float("--environment-yaw", v); }},
    {"--background", "", "env|flat", "the environment or a flat colour behind the model (default flat)", set_background},
    {"--lod", "", "auto|N",
     "levels of detail: chosen by distance (default), or level N locked\n"
     "(each mesh at most at its last level)",
     set_lod},
    {"--lod-pixels", "", "P",
     "the error a level may show on screen, in pixels (default 1):\n"
     "each mesh draws its coarsest level within it at its distance",
     set_lod_pixels},
    {"--version", "", "", "print the version and exit", [](Options& o, V) { o.version = true; }},
    {"--help", "-h", "", "print this and exit", [](Options& o, V) { o.help = true; }},
};

}  // namespace

std::span<const OptionSpec> option_table() { return kOptions; }

const OptionSpec* find_option(std::string_view argument) {
  for (const OptionSpec& option : kOptions) {
    if (argument == option.name || (!option.alias.empty() && argument == option.alias)) return &option;
  }
  return nullptr;
}

}  // namespace aem::viewer
