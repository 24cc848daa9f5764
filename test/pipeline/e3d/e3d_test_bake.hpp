#pragma once
// Baking byte-built E3D files in the E3D tests: each written to a temporary .e3d file, baked with
// test_options(), removed.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_error.hpp"
#include "bake_test_support.hpp"

namespace aem::test {

inline std::filesystem::path write_temp(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("aem_e3d_test_" + std::to_string(::getpid()) + "_" + name + ".e3d");
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  return path;
}

// The bake's error for `bytes`, or "" when it bakes.
inline std::string bake_error(const std::string& name, const std::vector<std::uint8_t>& bytes,
                              pipeline::BakeOptions options = test_options()) {
  const std::filesystem::path path = write_temp(name, bytes);
  std::string error;
  try {
    pipeline::bake_model(path, options);
  } catch (const pipeline::BakeError& e) {
    error = e.what();
  }
  std::filesystem::remove(path);
  return error;
}

// `bytes` baked as an .e3d file (test_options()).
inline pipeline::BakeResult bake_bytes(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const std::filesystem::path path = write_temp(name, bytes);
  pipeline::BakeResult result = pipeline::bake_model(path, test_options());
  std::filesystem::remove(path);
  return result;
}

}  // namespace aem::test
