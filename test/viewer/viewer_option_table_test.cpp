// aem-viewer's options come from one table (apps/viewer/option_table.hpp): --help prints every
// row, and parse_options accepts every row, a flag alone and an option with its value.
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "options/option_table.hpp"
#include "options/options.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

// The --help line that starts with `option`'s name.
std::string usage_line_of(const std::string& help, const OptionSpec& option) {
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  " + std::string(option.name) + " ", 0) == 0 ||
        line.rfind("  " + std::string(option.name) + ",", 0) == 0)
      return line;
  }
  return {};
}

TEST(ViewerUnit, UsagePrintsEveryOptionOfTheTable) {
  const std::string help = usage();
  ASSERT_GE(option_table().size(), 30u);
  for (const OptionSpec& option : option_table()) {
    const std::string line = usage_line_of(help, option);
    ASSERT_FALSE(line.empty()) << option.name << " is accepted but not in --help:\n" << help;
    EXPECT_NE(line.find(std::string(option.argument)), std::string::npos) << line;
    const std::string_view first_help_line = option.help.substr(0, option.help.find('\n'));
    EXPECT_NE(line.find(std::string(first_help_line)), std::string::npos) << line;
    // Every further help line follows, indented.
    for (std::size_t at = option.help.find('\n'); at != std::string_view::npos; at = option.help.find('\n', at + 1)) {
      const std::string_view rest = option.help.substr(at + 1, option.help.find('\n', at + 1) - at - 1);
      EXPECT_NE(help.find("\n" + std::string(25, ' ') + std::string(rest) + "\n"), std::string::npos) << rest;
    }
  }
  EXPECT_NE(help.find("  --help, -h "), std::string::npos);
}

TEST(ViewerUnit, ParseOptionsAcceptsEveryRowOfTheTable) {
  // A value each option accepts.
  const auto sample_value = [](std::string_view name) -> std::string {
    if (name == "--screenshot") return "o.png";
    if (name == "--size") return "64x32";
    if (name == "--animation") return "none";
    if (name == "--mode") return "normals";
    if (name == "--pick") return "3,4";
    if (name == "--bake-textures") return "bc";
    if (name == "--background") return "env";
    if (name == "--msaa") return "2";
    if (name == "--keys") return "W";
    if (name == "--environment") return "sky.hdr";
    if (name == "--screenshot-dir") return "out";
    if (name == "--allow-dir") return ".";  // must exist
    return "1";
  };
  for (const OptionSpec& option : option_table()) {
    std::vector<std::string> args{std::string(option.name)};
    if (!option.argument.empty()) args.push_back(sample_value(option.name));
    // What the option needs beside it to be a whole command line.
    args.push_back("m.aem");
    if (option.name == "--turntable") args.insert(args.end(), {"--screenshot", "o.png"});
    EXPECT_NO_THROW(parse_options(args)) << option.name;
    if (!option.argument.empty()) {
      try {
        parse_options({std::string(option.name)});
        ADD_FAILURE() << option.name << " without its value was accepted";
      } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), std::string(option.name) + " needs a value");
      }
    }
  }
  EXPECT_TRUE(parse_options({"-h"}).help);
  const Options o = parse_options({"m.aem", "--no-msaa", "--background", "env", "--panel", "--keys", "VI"});
  EXPECT_EQ(o.msaa_samples, 1);
  EXPECT_TRUE(o.background_environment);
  EXPECT_EQ(o.panel, true);
  EXPECT_EQ(o.keys, "VI");
}

}  // namespace
}  // namespace aem::test::viewer
