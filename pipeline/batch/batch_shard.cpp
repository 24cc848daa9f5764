// --shard K/N: a deterministic share of a batch for each of N parallel CI jobs.
#include <algorithm>
#include <map>
#include <numeric>

#include "aem/pipeline/batch_bake.hpp"
#include "aem/pipeline/model_formats.hpp"

namespace aem::pipeline {
namespace {

// Each job's input size: its file, and for a .gltf an equal share of the other files in its
// directory (its buffers and images, as far as a listing can tell before parsing). Only sizes
// count, never times or paths outside the tree, so every machine with the checkout agrees.
std::vector<std::uint64_t> input_sizes(std::span<const BakeJob> jobs) {
  std::map<std::filesystem::path, std::vector<std::size_t>> gltf_by_dir;
  std::vector<std::uint64_t> sizes(jobs.size(), 0);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(jobs[i].input, ec);
    sizes[i] = ec ? 0 : std::uint64_t(size);
    if (lower_case_extension(jobs[i].input) == ".gltf") gltf_by_dir[jobs[i].input.parent_path()].push_back(i);
  }
  for (const auto& [dir, models] : gltf_by_dir) {
    const std::uint64_t resources = non_model_bytes_in(dir);
    for (std::size_t i : models) sizes[i] += resources / models.size();
  }
  return sizes;
}

}  // namespace

std::vector<std::size_t> jobs_in_shard(std::span<const BakeJob> jobs, unsigned index, unsigned count) {
  if (count == 0 || index == 0 || index > count) return {};
  const std::vector<std::uint64_t> sizes = input_sizes(jobs);
  // Largest first, each to the lightest shard so far (ties: the lower shard, the earlier job).
  std::vector<std::size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sizes[a] > sizes[b]; });
  std::vector<std::uint64_t> load(count, 0);
  std::vector<std::size_t> mine;
  for (std::size_t job : order) {
    const std::size_t lightest = std::size_t(std::min_element(load.begin(), load.end()) - load.begin());
    load[lightest] += sizes[job] + 1;  // +1: empty files still spread out
    if (lightest + 1 == index) mine.push_back(job);
  }
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace aem::pipeline
