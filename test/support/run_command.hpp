#pragma once
// Runs a command line through the shell and captures its exit status and output, for tests of
// the command-line tools.
#include <cstdio>
#include <string>

#include <sys/wait.h>

namespace aem::test {

struct CommandResult {
  int exit_code = -1;   // -1 when the process did not exit normally (a crash, a signal)
  std::string output;   // stdout and stderr together
};

inline CommandResult run_command(const std::string& command_line) {
  CommandResult result;
  FILE* pipe = ::popen((command_line + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
  const int status = ::pclose(pipe);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

// Single-quotes an argument for the shell.
inline std::string shell_quote(const std::string& arg) {
  std::string quoted = "'";
  for (char c : arg) {
    if (c == '\'') quoted += "'\\''";
    else quoted += c;
  }
  return quoted + "'";
}

}  // namespace aem::test
