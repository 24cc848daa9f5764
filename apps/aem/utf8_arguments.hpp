#pragma once
// The command line as UTF-8, and paths built from UTF-8 text, the same on every platform. On
// Windows, main's argv is in the ANSI code page (characters outside it are lost), so the
// arguments are read from the wide command line instead (utf8_arguments_windows.cpp); on POSIX
// they are taken as they come (utf8_arguments_posix.cpp).
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "aem/pipeline/utf8_path.hpp"

namespace aem::cli {

// Every argument, argv[0] included, as UTF-8.
std::vector<std::string> utf8_arguments(int argc, char** argv);

// A path from UTF-8 text (a plain char string would be read in the ANSI code page on Windows).
using pipeline::path_from_utf8;

}  // namespace aem::cli
