#include "options/options.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "options/option_table.hpp"
#include "ui/key_bindings.hpp"

namespace aem::viewer {
namespace {

// Where --help's descriptions start: wide enough for most "--option VALUE" names.
constexpr std::size_t kHelpColumn = 25;

std::string option_usage(const OptionSpec& option) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "literal" + std::string.
  std::string head = "  ";
  head += option.name;
  if (!option.alias.empty()) head.append(", ").append(option.alias);
  if (!option.argument.empty()) head.append(" ").append(option.argument);
  head.resize(std::max(head.size() + 2, kHelpColumn), ' ');
  std::string text;
  std::size_t start = 0;
  for (std::string_view help = option.help;;) {  // every help line after the first is indented
    const std::size_t end = help.find('\n', start);
    text += (start == 0 ? head : std::string(kHelpColumn, ' ')) + std::string(help.substr(start, end - start)) + "\n";
    if (end == std::string_view::npos) return text;
    start = end + 1;
  }
}

// After the options: the positional arguments (the model, or --screenshot-dir's DIRs) and the
// options that only go together.
void take_positional(Options& o, std::vector<std::filesystem::path> positional) {
  if (o.thumbnail_output) {
    if (o.screenshot) throw std::invalid_argument("--screenshot-dir and --screenshot do not go together");
    if (o.turntable > 0) throw std::invalid_argument("--turntable goes with --screenshot, not --screenshot-dir");
    if (positional.empty()) throw std::invalid_argument("--screenshot-dir needs at least one DIR of models after OUT");
    o.thumbnail_inputs = std::move(positional);
    return;
  }
  if (positional.size() > 1) {
    throw std::invalid_argument("more than one file given ('" + positional[0].string() + "' and '" + positional[1].string() + "')");
  }
  if (!positional.empty()) o.file = positional[0];
  if (o.screenshot && o.file.empty()) throw std::invalid_argument("--screenshot needs a FILE to render");
  if (o.turntable > 0 && !o.screenshot) throw std::invalid_argument("--turntable needs --screenshot OUT.png to name its frames");
}

}  // namespace

std::string usage() {
  std::string text =
      "usage: aem-viewer [FILE.aem | FILE.gltf | FILE.glb | FILE.e3d | FILE.aamf | FILE.fbx | FILE.obj | ...] [options]\n"
      "       aem-viewer --screenshot-dir OUT DIR... [options]\n"
      "\n"
      "Opens a model in a window (drop another file on it to switch; the file reloads when it\n"
      "changes on disk). With --screenshot, renders one frame off-screen and exits.\n"
      "The camera frames the model over the whole motion of its animations, not one pose.\n"
      "\n";
  for (const OptionSpec& option : option_table()) text += option_usage(option);
  return text + "\n" + key_usage();
}

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::filesystem::path> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const OptionSpec* option = find_option(a);
    if (option == nullptr) {
      if (a.size() > 1 && a[0] == '-') throw std::invalid_argument("unknown option " + a + " (aem-viewer --help lists the options)");
      positional.emplace_back(a);
    } else if (option->argument.empty()) {
      option->apply(o, {});
    } else {
      if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
      option->apply(o, args[++i]);
    }
  }
  if (o.help || o.version) return o;
  take_positional(o, std::move(positional));
  return o;
}

LoadOptions load_options(const Options& options) {
  return LoadOptions{.bake_compressed = options.bake_compressed, .allowed_dirs = options.allowed_dirs};
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
