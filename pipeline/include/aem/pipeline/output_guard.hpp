#pragma once
// Output guards, for a tool that writes a bake's bytes itself (examples/bake_in_tool.cpp):
// whether an output may be written, before the bake and once its inputs are known. The bake's own
// writes (bake_model_file, run_batch) make the same checks.
#include <filesystem>
#include <span>
#include <string>

namespace aem::pipeline {

// What is wrong with writing `output` when baking `model` before anything is read: an existing
// output that is not a regular file, or the model itself. An empty string when nothing is.
// The description is led by the model.
std::string output_problem_before_bake(const std::filesystem::path& model, const std::filesystem::path& output);

// What is wrong with writing `output` once the bake of `model` has read `inputs` (BakeReport::
// inputs): the output is one of them. An empty string when it is none.
std::string output_problem_after_bake(const std::filesystem::path& model, const std::filesystem::path& output,
                                      std::span<const std::filesystem::path> inputs);

}  // namespace aem::pipeline
