#pragma once
// Runs a command line through the shell and captures its exit status and output, for tests of
// the command-line tools. POSIX: /bin/sh through popen. Windows: cmd.exe through _wpopen, the
// UTF-8 command line passed as UTF-16 so that non-ASCII file names arrive intact; shell_quote
// and program_path give each shell's own spelling, so a test's command lines serve both.
#include <cstdio>
#include <filesystem>
#include <string>

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <sys/wait.h>
#endif

namespace aem::test {

struct CommandResult {
  int exit_code = -1;   // -1 when the process did not exit normally (a crash, a signal)
  std::string output;   // stdout and stderr together
};

#if defined(_WIN32)

inline std::wstring utf8_to_wide(const std::string& text) {
  const int count = ::MultiByteToWideChar(CP_UTF8, 0, text.data(), int(text.size()), nullptr, 0);
  std::wstring wide(std::size_t(count), L'\0');
  ::MultiByteToWideChar(CP_UTF8, 0, text.data(), int(text.size()), wide.data(), count);
  return wide;
}

inline CommandResult run_command(const std::string& command_line) {
  CommandResult result;
  // cmd /c drops the first and the last quote of a line that starts with one: an extra pair
  // around the whole line keeps the arguments' own quotes.
  FILE* pipe = ::_wpopen(utf8_to_wide("\"" + command_line + " 2>&1\"").c_str(), L"rb");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
  result.exit_code = ::_pclose(pipe);
  return result;
}

// Double-quotes an argument for cmd.exe (Windows file names cannot contain a double quote).
inline std::string shell_quote(const std::string& arg) { return "\"" + arg + "\""; }

#else

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

#endif

// A path as UTF-8 text for a command line: on Windows absolute with a drive and backslashes
// (under Wine a build path such as /work/... becomes Z:\work\...), which is also how the tools
// then print it.
inline std::string shell_text(const std::filesystem::path& path) {
#if defined(_WIN32)
  const std::u8string text = std::filesystem::absolute(path).make_preferred().u8string();
#else
  const std::u8string text = path.u8string();
#endif
  return std::string(text.begin(), text.end());
}

// That text quoted, as one argument.
inline std::string shell_path(const std::filesystem::path& path) { return shell_quote(shell_text(path)); }

// Whether a command's output (or any text) contains `part`.
inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace aem::test
