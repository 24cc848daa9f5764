#pragma once
// Shared by the tests that run `aem bake` (the bake_cli_tests program, built with AEM_CLI_PATH).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace aem::test {

// The aem program, quoted for a command line.
inline std::string aem() { return shell_quote(AEM_CLI_PATH); }

// The command line `aem bake ARGS`.
inline std::string bake_command_line(const std::string& args) { return aem() + " bake " + args; }

// A whole file's bytes (none when it cannot be read).
inline std::vector<char> read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_text(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// std::filesystem::copy of a file or a whole directory, creating the destination's parents.
inline void copy_to(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::filesystem::create_directories(to.parent_path());
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
}

}  // namespace aem::test
