#pragma once
// What the platform suites share: the aem program they run (the build's own, AEM_CLI_PATH), as a
// command line word, and a file's bytes.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "run_command.hpp"

namespace aem::test {

inline std::string aem_program() { return shell_quote(AEM_CLI_PATH); }

// The bytes of `file`; empty when it cannot be read.
inline std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace aem::test
