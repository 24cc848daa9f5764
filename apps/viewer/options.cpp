#include "options.hpp"

#include <charconv>
#include <cctype>
#include <cmath>
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

}  // namespace

const char* usage() {
  return "usage: aem-viewer [FILE.aem | FILE.gltf | FILE.glb | FILE.fbx | FILE.obj | ...] [options]\n"
         "       aem-viewer --screenshot-dir OUT DIR... [options]\n"
         "\n"
         "Opens a model in a window (drop another file on it to switch; the file reloads when it\n"
         "changes on disk). With --screenshot, renders one frame off-screen and exits.\n"
         "The camera frames the model over the whole motion of its animations, not one pose.\n"
         "\n"
         "  --screenshot OUT.png   write one frame as PNG and exit (works under Xvfb)\n"
         "  --turntable N          with --screenshot: N frames around the model, yaw stepping by\n"
         "                         360/N degrees from --yaw, written as OUT-000.png, OUT-001.png...\n"
         "  --screenshot-dir OUT DIR...  a thumbnail of every .aem and model under the DIRs,\n"
         "                         written to OUT as the same relative path with .png (x/y.aem ->\n"
         "                         OUT/x/y.png), all in one off-screen context; a model that fails\n"
         "                         is reported and skipped, and the exit status is then 1\n"
         "  --size WxH             window or screenshot size (default 1280x800, screenshots 512x512)\n"
         "  --time T               animation time in seconds\n"
         "  --animation N|none     animation index (default 0), none for the bind pose\n"
         "  --mode NAME            lit, base-color, opacity, normal-map, roughness, occlusion,\n"
         "                         metalness, emissive, normals, tangents, bitangents, uv\n"
         "  --yaw DEG --pitch DEG  camera orbit angles (default 30, 15)\n"
         "  --distance D           camera distance from the model's centre (default: framed)\n"
         "  --wireframe --skeleton --no-grid --auto-rotate   initial overlays\n"
         "  --panel --no-panel     show or hide the UI panels (default: shown, not in screenshots)\n"
         "  --pick X,Y             select the material under pixel X,Y (from the top left) before\n"
         "                         the first frame, and print which it is\n"
         "  --keys KEYS            press these keys before the first frame (e.g. H hides the UI)\n"
         "  --bake-textures rgba|bc  glTF input: bake textures as RGBA8 (default, fast) or as\n"
         "                         BC7/BC5 exactly as `aem bake` writes them\n"
         "  --no-bptc              decode BC7 on the CPU even where the driver has BPTC\n"
         "                         (also AEM_VIEWER_NO_BPTC=1)\n"
         "  --frames N             exit after N presented frames (benchmarks)\n"
         "  --print-timing         print the time from process start to the first presented frame\n"
         "                         and, on exit, frame-time statistics\n"
         "  --no-vsync             present frames as fast as they render (benchmarks)\n"
         "  --msaa N --no-msaa     multisampling with N samples (default 4; 1 or --no-msaa: off)\n"
         "  --environment FILE.hdr light with an equirectangular Radiance HDR image\n"
         "                         (default: the viewer's own procedural studio)\n"
         "  --no-ibl               a key light and ambient instead of the environment\n"
         "  --exposure STOPS       brighter (+) or darker (-), in stops (default 0)\n"
         "  --environment-yaw DEG  turn the environment about the vertical axis\n"
         "  --background env|flat  the environment or a flat colour behind the model (default flat)\n"
         "  --version              print the version and exit\n"
         "\n"
         "Keys: left drag orbit, right/middle drag pan, wheel zoom, F frame, R auto-rotate,\n"
         "Space play/pause, N/B next/previous animation, +/- speed, Left/Right scrub, Home restart,\n"
         "M/Shift+M inspection mode, W wireframe, K skeleton, G grid, H panels, left click selects\n"
         "the material under the cursor, E/Shift+E exposure, Y/Shift+Y turn the environment,\n"
         "V background, I environment lighting, Esc quit.\n";
}

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::filesystem::path> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--version") {
      o.version = true;
    } else if (a == "--screenshot") {
      o.screenshot = value();
      if (!has_png_extension(*o.screenshot)) {
        throw std::invalid_argument("--screenshot writes PNG only: name the file .png, not '" + o.screenshot->string() + "'");
      }
    } else if (a == "--screenshot-dir") {
      o.thumbnail_output = value();
    } else if (a == "--turntable") {
      o.turntable = parse_int(a, value());
      if (o.turntable < 1 || o.turntable > 3600) throw std::invalid_argument("--turntable needs 1 to 3600 frames, not " + args[i]);
    } else if (a == "--size") {
      const std::string& v = value();
      const auto x = v.find('x');
      if (x == std::string::npos) throw std::invalid_argument("--size needs WxH, not '" + v + "'");
      o.width = parse_int("--size", v.substr(0, x));
      o.height = parse_int("--size", v.substr(x + 1));
      if (o.width < 1 || o.height < 1 || o.width > 16384 || o.height > 16384) {
        throw std::invalid_argument("--size must be between 1x1 and 16384x16384, not '" + v + "'");
      }
    } else if (a == "--time") {
      o.time = parse_float(a, value());
      if (*o.time < 0) throw std::invalid_argument("--time must not be negative, not " + args[i]);
    } else if (a == "--animation") {
      const std::string& v = value();
      o.animation = v == "none" ? -1 : parse_int(a, v);
      if (*o.animation < -1) throw std::invalid_argument("--animation needs an index from 0 or none, not " + v);
    } else if (a == "--mode") {
      const std::string& v = value();
      const auto mode = parse_inspection_mode(v);
      if (!mode) throw std::invalid_argument("unknown --mode '" + v + "'");
      o.mode = *mode;
    } else if (a == "--yaw") {
      o.yaw = parse_float(a, value());
    } else if (a == "--pitch") {
      o.pitch = parse_float(a, value());
    } else if (a == "--distance") {
      o.distance = parse_float(a, value());
      if (*o.distance <= 0) throw std::invalid_argument("--distance must be positive");
    } else if (a == "--wireframe") {
      o.wireframe = true;
    } else if (a == "--skeleton") {
      o.skeleton = true;
    } else if (a == "--no-grid") {
      o.grid = false;
    } else if (a == "--no-panel") {
      o.panel = false;
    } else if (a == "--panel") {
      o.panel = true;
    } else if (a == "--auto-rotate") {
      o.auto_rotate = true;
    } else if (a == "--no-bptc") {
      o.no_bptc = true;
    } else if (a == "--frames") {
      o.frames = parse_int(a, value());
      if (o.frames < 0) throw std::invalid_argument("--frames must not be negative");
    } else if (a == "--print-timing") {
      o.print_timing = true;
    } else if (a == "--bake-textures") {
      const std::string& v = value();
      const std::optional<pipeline::TextureEncoding> encoding = pipeline::parse_texture_encoding(v);
      if (!encoding) throw std::invalid_argument("--bake-textures needs bc or rgba, not '" + v + "'");
      o.bake_compressed = *encoding == pipeline::TextureEncoding::bc;
    } else if (a == "--pick") {  // the UI's selection, for scripts and tests
      const std::string& v = value();
      const auto comma = v.find(',');
      if (comma == std::string::npos) throw std::invalid_argument("--pick needs X,Y, not '" + v + "'");
      o.pick = {{parse_float(a, v.substr(0, comma)), parse_float(a, v.substr(comma + 1))}};
    } else if (a == "--keys") {
      o.keys = value();
    } else if (a == "--no-vsync") {
      o.vsync = false;
    } else if (a == "--msaa" || a == "--no-msaa") {  // rendering (issue 17)
      o.msaa_samples = a == "--no-msaa" ? 1 : parse_int(a, value());
      if (o.msaa_samples < 1 || o.msaa_samples > 16 || (o.msaa_samples & (o.msaa_samples - 1)) != 0) {
        throw std::invalid_argument("--msaa needs 1, 2, 4, 8 or 16 samples, not " + std::to_string(o.msaa_samples));
      }
    } else if (a == "--no-ibl") {
      o.image_based_lighting = false;
    } else if (a == "--environment") {
      o.environment = value();
    } else if (a == "--exposure") {
      o.exposure_stops = parse_float(a, value());
      if (std::abs(o.exposure_stops) > 20) throw std::invalid_argument("--exposure must be between -20 and 20 stops");
    } else if (a == "--environment-yaw") {
      o.environment_yaw = parse_float(a, value());
    } else if (a == "--background") {
      const std::string& v = value();
      if (v != "env" && v != "flat") throw std::invalid_argument("--background needs env or flat, not '" + v + "'");
      o.background_environment = v == "env";
    } else if (a.size() > 1 && a[0] == '-') {
      throw std::invalid_argument("unknown option " + a + " (aem-viewer --help lists the options)");
    } else {
      positional.emplace_back(a);
    }
  }
  if (o.help || o.version) return o;
  if (o.thumbnail_output) {
    if (o.screenshot) throw std::invalid_argument("--screenshot-dir and --screenshot do not go together");
    if (o.turntable > 0) throw std::invalid_argument("--turntable goes with --screenshot, not --screenshot-dir");
    if (positional.empty()) throw std::invalid_argument("--screenshot-dir needs at least one DIR of models after OUT");
    o.thumbnail_inputs = std::move(positional);
    return o;
  }
  if (positional.size() > 1) {
    throw std::invalid_argument("more than one file given ('" + positional[0].string() + "' and '" + positional[1].string() + "')");
  }
  if (!positional.empty()) o.file = positional[0];
  if (o.screenshot && o.file.empty()) throw std::invalid_argument("--screenshot needs a FILE to render");
  if (o.turntable > 0 && !o.screenshot) throw std::invalid_argument("--turntable needs --screenshot OUT.png to name its frames");
  return o;
}

void check_animation_option(const Options& options, std::size_t animation_count, const std::filesystem::path& model) {
  if (!options.animation || *options.animation < 0 || std::size_t(*options.animation) < animation_count) return;
  const std::string index = std::to_string(*options.animation);
  if (animation_count == 0) {
    throw std::invalid_argument("--animation " + index + ": " + model.string() + " has no animations (use --animation none)");
  }
  throw std::invalid_argument("--animation " + index + ": " + model.string() + " has " + std::to_string(animation_count) +
                              (animation_count == 1 ? " animation" : " animations") + " (0 to " +
                              std::to_string(animation_count - 1) + ", or none)");
}

}  // namespace aem::viewer
