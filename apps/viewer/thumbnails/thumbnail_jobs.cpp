#include "thumbnails/thumbnail_jobs.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "aem/pipeline/model_formats.hpp"

namespace aem::viewer {
namespace {

// What --screenshot-dir renders: AEM files (packed ones where this build opens them), and every
// model the viewer bakes in memory.
bool is_model_file(const std::filesystem::path& path) {
#if defined(AEM_VIEWER_WITH_PACKED)
  if (pipeline::is_packed_aem_path(path)) return true;
#endif
  return pipeline::is_aem_path(path) || pipeline::is_model_path(path);
}

std::filesystem::path thumbnail_name(std::filesystem::path relative) { return relative.replace_extension(".png"); }

// The model files under `dir`, with their paths relative to it, in path order.
void list_models(const std::filesystem::path& dir, std::vector<std::pair<std::filesystem::path, std::filesystem::path>>& found,
                 std::vector<std::string>& problems) {
  try {
    for (const std::filesystem::path& relative : pipeline::find_files_below(dir, is_model_file))
      found.emplace_back(dir / relative, relative);
  } catch (const std::runtime_error& e) {
    problems.push_back(e.what());
  }
}

}  // namespace

std::vector<ThumbnailJob> find_thumbnail_jobs(const std::vector<std::filesystem::path>& inputs,
                                              const std::filesystem::path& output, std::vector<std::string>& problems) {
  std::vector<ThumbnailJob> jobs;
  std::map<std::filesystem::path, std::filesystem::path> taken;  // thumbnail -> model
  for (const std::filesystem::path& input : inputs) {
    std::vector<std::pair<std::filesystem::path, std::filesystem::path>> found;  // model, relative
    std::error_code ec;
    if (std::filesystem::is_directory(input, ec)) {
      list_models(input, found, problems);
    } else if (std::filesystem::is_regular_file(input, ec) && is_model_file(input)) {
      found.emplace_back(input, input.filename());
    } else {
      problems.push_back(input.string() + ": not a directory, an .aem file or a model that aem bake reads");
      continue;
    }
    std::sort(found.begin(), found.end());
    for (const auto& [model, relative] : found) {
      const std::filesystem::path thumbnail = output / thumbnail_name(relative);
      const auto [it, inserted] = taken.emplace(thumbnail, model);
      if (!inserted) {
        problems.push_back(model.string() + ": skipped, its thumbnail " + thumbnail.string() + " is " +
                           it->second.string() + "'s");
        continue;
      }
      jobs.push_back({model, thumbnail});
    }
  }
  return jobs;
}

}  // namespace aem::viewer
