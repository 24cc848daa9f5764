#include "thumbnails/batch_thumbnails.hpp"

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "app/viewer_app.hpp"
#include "model/model_source.hpp"
#include "render/screenshot.hpp"
#include "thumbnails/thumbnail_jobs.hpp"

namespace aem::viewer {

int write_thumbnails(const Options& options, std::chrono::steady_clock::time_point process_start) {
  std::vector<std::string> problems;
  const std::vector<ThumbnailJob> jobs = find_thumbnail_jobs(options.thumbnail_inputs, *options.thumbnail_output, problems);
  for (const std::string& problem : problems) std::fprintf(stderr, "aem-viewer: %s\n", problem.c_str());
  std::unique_ptr<ViewerApp> app;
  try {
    app = std::make_unique<ViewerApp>(options, nullptr, process_start);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem-viewer: %s\n", e.what());
    return 1;
  }
  std::size_t failed = 0;
  for (const ThumbnailJob& job : jobs) {
    try {
      app->show(std::make_unique<LoadedModel>(load_model(job.model, load_options(options))), job.model);
      std::filesystem::create_directories(job.thumbnail.parent_path());
      write_png(job.thumbnail, app->screenshot_width(), app->screenshot_height(), app->render_offscreen());
    } catch (const std::exception& e) {
      // One line that names the model, whichever layer the message came from.
      std::string what = e.what();
      if (what.find(job.model.string()) == std::string::npos) what = job.model.string() + ": " + what;
      std::fprintf(stderr, "aem-viewer: %s\n", what.c_str());
      ++failed;
    }
  }
  std::printf("aem-viewer: wrote %zu thumbnails to %s (%zu failed)\n", jobs.size() - failed,
              options.thumbnail_output->string().c_str(), failed + problems.size());
  return failed == 0 && problems.empty() ? 0 : 1;
}

}  // namespace aem::viewer
