// aem-viewer: previews an AEM model (or a glTF baked in memory) in an SDL2 + OpenGL 3.3 window,
// or renders one frame to a PNG headlessly. See options.cpp for the command line.
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/viewer_app.hpp"
#include "model/model_source.hpp"
#include "options/options.hpp"
#include "thumbnails/batch_thumbnails.hpp"
#include "thumbnails/turntable.hpp"

int main(int argc, char** argv) {
  const auto start = std::chrono::steady_clock::now();
  using namespace aem::viewer;
  Options options;
  try {
    options = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "aem-viewer: %s\n", e.what());  // one line: the usage would bury it
    return 1;
  }
  if (options.help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  if (options.version) {
    std::printf("aem-viewer %s\n", AEM_VERSION_STRING);
    return 0;
  }
  if (options.thumbnail_output) return write_thumbnails(options, start);
  try {
    // The file opens before any window exists: a file that does not open leaves none behind.
    std::unique_ptr<LoadedModel> loaded;
    if (!options.file.empty()) {
      loaded = std::make_unique<LoadedModel>(load_model(options.file, load_options(options)));
      check_animation_option(options, loaded->model.animations().size(), options.file);
    }
    ViewerApp app(options, std::move(loaded), start);
    if (options.screenshot && options.turntable > 0) {
      write_turntable(app);
    } else if (options.screenshot) {
      app.screenshot();
    } else {
      app.run();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem-viewer: %s\n", e.what());
    return 1;
  }
  return 0;
}
