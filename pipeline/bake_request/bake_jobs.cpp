#include "bake_request/bake_jobs.hpp"

#include "aem/arg_parser/arg_parser.hpp"

namespace aem::bake_request {

std::vector<pipeline::BakeJob> jobs_for_input(const std::filesystem::path& input,
                                              const std::filesystem::path& output_dir,
                                              const pipeline::BakeOptions& options) {
  std::error_code ec;
  std::vector<pipeline::BakeJob> jobs;
  if (std::filesystem::is_directory(input, ec)) {
    jobs = pipeline::jobs_below(input, output_dir, options);
    if (jobs.empty()) throw arg_parser::UsageError(input.string() + ": no models (.gltf, .glb, .e3d, .aamf or a format Assimp imports) below this directory");
    return jobs;
  }
  // A missing or unreadable file is the bake's to report, as one failed job among the others.
  jobs.push_back({input, output_dir / input.filename().replace_extension(".aem"), options});
  return jobs;
}

}  // namespace aem::bake_request
