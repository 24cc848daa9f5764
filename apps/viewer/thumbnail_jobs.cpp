#include "thumbnail_jobs.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <system_error>
#include <utility>

#include "aem/pipeline/batch_bake.hpp"

namespace aem::viewer {
namespace {

bool is_model_file(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".aem" || pipeline::is_model_path(path);
}

std::filesystem::path thumbnail_name(std::filesystem::path relative) { return relative.replace_extension(".png"); }

// The model files under `dir`, with their paths relative to it.
void list_models(const std::filesystem::path& dir, std::vector<std::pair<std::filesystem::path, std::filesystem::path>>& found,
                 std::vector<std::string>& problems) {
  std::error_code ec;
  std::filesystem::recursive_directory_iterator it(dir, std::filesystem::directory_options::skip_permission_denied, ec);
  for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code type_error;
    if (it->is_regular_file(type_error) && is_model_file(it->path())) {
      found.emplace_back(it->path(), it->path().lexically_relative(dir));
    }
  }
  if (ec) problems.push_back(dir.string() + ": cannot list the directory (" + ec.message() + ")");
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
      problems.push_back(input.string() + ": not a directory or an .aem, .gltf or .glb file");
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
