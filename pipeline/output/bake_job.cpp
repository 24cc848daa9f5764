#include "aem/pipeline/bake_job.hpp"

#include <map>

#include "aem/pipeline/bake_stamp.hpp"
#include "output/output_guard.hpp"

namespace aem::pipeline {

std::string find_output_clash(std::span<const BakeJob> jobs) {
  std::map<std::filesystem::path, std::size_t> seen;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto [it, inserted] = seen.emplace(absolute_normal_path(jobs[i].output), i);
    if (!inserted)
      return jobs[it->second].input.string() + " and " + jobs[i].input.string() + " would both be baked to " +
             jobs[i].output.string();
  }
  // By identity, so that no spelling or link hides it: no output may be a model of the batch.
  std::map<FileIdentity, std::size_t> models;
  for (std::size_t i = 0; i < jobs.size(); ++i)
    if (const auto id = file_identity(jobs[i].input)) models.emplace(*id, i);
  for (const BakeJob& job : jobs) {
    const auto id = file_identity(job.output);
    const auto it = id ? models.find(*id) : models.end();
    if (it == models.end()) continue;
    const BakeJob& model = jobs[it->second];
    return job.input.string() + ": refusing to write the output " + job.output.string() + ": it is " +
           (&model == &job ? std::string("the model itself")
                           : "the model " + model.input.string() + ", which is baked too");
  }
  return {};
}

}  // namespace aem::pipeline
