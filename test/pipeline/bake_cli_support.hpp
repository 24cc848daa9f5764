#pragma once
// Shared by the tests that run `aem bake` (the bake_cli_tests program, built with AEM_CLI_PATH).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "run_command.hpp"

namespace aem::test {

// The aem program, quoted for a command line.
inline std::string aem() { return shell_quote(AEM_CLI_PATH); }

// A whole file's bytes (none when it cannot be read).
inline std::vector<char> read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace aem::test
