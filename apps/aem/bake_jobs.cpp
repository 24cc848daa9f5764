#include "bake_jobs.hpp"

#include <algorithm>
#include <cctype>

#include "arg_parser.hpp"

namespace aem::cli {

bool is_gltf_path(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".gltf" || ext == ".glb";
}

std::vector<std::filesystem::path> find_gltf_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> found;
  std::error_code ec;
  // Symbolic links to directories are not followed: a link back up the tree would never end.
  std::filesystem::recursive_directory_iterator it(dir, std::filesystem::directory_options::skip_permission_denied, ec);
  for (const std::filesystem::recursive_directory_iterator end; !ec && it != end; it.increment(ec)) {
    // Our own stamp folders hold nothing to bake.
    if (it->is_directory(ec) && it->path().filename() == ".aem-bake") {
      it.disable_recursion_pending();
      continue;
    }
    if (is_gltf_path(it->path()) && it->is_regular_file(ec)) found.push_back(it->path().lexically_relative(dir));
  }
  if (ec) throw UsageError(dir.string() + ": cannot be searched: " + ec.message());
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<pipeline::BakeJob> jobs_for_input(const std::filesystem::path& input,
                                              const std::filesystem::path& output_dir,
                                              const pipeline::BakeOptions& options) {
  std::error_code ec;
  std::vector<pipeline::BakeJob> jobs;
  if (std::filesystem::is_directory(input, ec)) {
    for (const std::filesystem::path& relative : find_gltf_files(input)) {
      jobs.push_back({input / relative, output_dir / std::filesystem::path(relative).replace_extension(".aem"), options});
    }
    if (jobs.empty()) throw UsageError(input.string() + ": no .gltf or .glb files below this directory");
    return jobs;
  }
  // A missing or unreadable file is the bake's to report, as one failed job among the others.
  jobs.push_back({input, output_dir / input.filename().replace_extension(".aem"), options});
  return jobs;
}

}  // namespace aem::cli
