// POSIX: arguments are bytes, passed on unchanged (UTF-8 in any UTF-8 locale).
#include "utf8_arguments.hpp"

namespace aem::cli {

std::vector<std::string> utf8_arguments(int argc, char** argv) { return {argv, argv + argc}; }

}  // namespace aem::cli
