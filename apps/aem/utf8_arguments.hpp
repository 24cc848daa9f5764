#pragma once
// The command line as UTF-8, and paths built from UTF-8 text, the same on every platform. On
// Windows, main's argv is in the ANSI code page (characters outside it are lost), so the
// arguments are read from the wide command line instead (utf8_arguments_windows.cpp); on POSIX
// they are taken as they come (utf8_arguments_posix.cpp).
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace aem::cli {

// Every argument, argv[0] included, as UTF-8.
std::vector<std::string> utf8_arguments(int argc, char** argv);

// A path from UTF-8 text: through char8_t, which std::filesystem always reads as UTF-8 (a plain
// char string would be read in the ANSI code page on Windows).
inline std::filesystem::path path_from_utf8(std::string_view text) {
  return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

}  // namespace aem::cli
