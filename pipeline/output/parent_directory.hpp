#pragma once
// Making room for an output file. Private to the pipeline.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace aem::pipeline {

// Creates the directory `path` goes in (and its parents) if it does not exist yet. Throws
// std::runtime_error naming that directory when it cannot.
inline void create_parent_directory(const std::filesystem::path& path) {
  if (!path.has_parent_path()) return;
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw std::runtime_error(path.parent_path().string() + ": cannot create directory: " + ec.message());
}

}  // namespace aem::pipeline
