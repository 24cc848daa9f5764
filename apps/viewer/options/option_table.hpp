#pragma once
// aem-viewer's command-line options as one table: parse_options reads arguments through it and
// usage() prints it, so an option cannot be accepted without being documented.
#include <span>
#include <string>
#include <string_view>

#include "options/options.hpp"

namespace aem::viewer {

struct OptionSpec {
  std::string_view name;      // "--size"
  std::string_view alias;     // another spelling ("-h"); empty: none
  std::string_view argument;  // how --help names its value ("WxH"); empty: a flag, no value
  std::string_view help;      // lines joined by '\n'; the first one stands beside the name
  // Stores the option in `options`; `value` is its argument (empty for a flag). Throws
  // std::invalid_argument, naming the option, for a value it refuses.
  void (*apply)(Options& options, const std::string& value);
};

// Every option, in the order --help lists them.
std::span<const OptionSpec> option_table();

// The row whose name or alias is `argument`, or null.
const OptionSpec* find_option(std::string_view argument);

}  // namespace aem::viewer
