#pragma once
// One bake of a batch: a model, the file it bakes to and how. The batch runs jobs
// (batch_bake.hpp), the cache keys them (bake_cache.hpp) and `aem bake` plans them.
#include <filesystem>
#include <span>
#include <string>

#include "aem/pipeline/bake_options.hpp"

namespace aem::pipeline {

struct BakeJob {
  std::filesystem::path input;   // a model (is_model_path, model_formats.hpp)
  std::filesystem::path output;  // .aem
  BakeOptions options;           // threads and signals are set by the batch
};

// Two jobs writing the same output, or a job whose output is (by file identity) the model of
// any job: a description naming the inputs and the output, or an empty string when there is
// none. (The buffers and images a job reads are checked by each bake once it knows them,
// output_guard.hpp.)
std::string find_output_clash(std::span<const BakeJob> jobs);

}  // namespace aem::pipeline
