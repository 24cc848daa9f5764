// Windows: the arguments from the wide (UTF-16) command line, converted to UTF-8, and the
// console told that the output is UTF-8 too (its previous code page restored at exit: the
// setting belongs to the console window, which outlives the program).
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <shellapi.h>

#include <cstdlib>

#include "utf8_arguments.hpp"

namespace aem::cli {
namespace {

UINT g_previous_output_code_page = 0;

std::string to_utf8(const wchar_t* text) {
  const int bytes = ::WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
  if (bytes <= 1) return {};
  std::string out(std::size_t(bytes - 1), '\0');  // bytes counts the terminating NUL
  ::WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), bytes, nullptr, nullptr);
  return out;
}

}  // namespace

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  g_previous_output_code_page = ::GetConsoleOutputCP();  // 0 without a console
  if (g_previous_output_code_page != 0 && g_previous_output_code_page != CP_UTF8 && ::SetConsoleOutputCP(CP_UTF8)) {
    std::atexit([] { ::SetConsoleOutputCP(g_previous_output_code_page); });
  }
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  if (wide == nullptr) return {argv, argv + argc};  // no better source than the ANSI argv
  std::vector<std::string> out;
  out.reserve(std::size_t(count));
  for (int i = 0; i < count; ++i) out.push_back(to_utf8(wide[i]));
  ::LocalFree(wide);
  return out;
}

}  // namespace aem::cli
