// `aem`: the AEM toolkit's command line. Dispatches to one sub-command per file.
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "aem/arg_parser/arg_parser.hpp"
#include "command.hpp"
#include "utf8_arguments.hpp"

namespace {

void print_usage(std::FILE* out) {
  std::fprintf(out, "usage: aem COMMAND [ARGS...]\n\nCommands:\n");
  for (const aem::cli::Command& command : aem::cli::all_commands()) {
    std::fprintf(out, "  %-16.*s %.*s\n", int(command.name.size()), command.name.data(),
                 int(command.summary.size()), command.summary.data());
  }
  const auto absent = aem::cli::commands_not_built();
  if (!absent.empty()) {
    std::fprintf(out, "\nNot in this build (built without what they need):");
    for (const aem::cli::AbsentCommand& command : absent)
      std::fprintf(out, " %.*s (%.*s)", int(command.name.size()), command.name.data(), int(command.needs.size()),
                   command.needs.data());
    std::fprintf(out, "\n");
  }
  std::fprintf(out, "\nRun 'aem COMMAND --help' for a command's options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  // UTF-8 on every platform (on Windows, from the wide command line), so that file names in any
  // script reach the commands intact.
  const std::vector<std::string> utf8 = aem::cli::utf8_arguments(argc, argv);
  std::vector<std::string_view> args(utf8.begin() + (utf8.empty() ? 0 : 1), utf8.end());
  if (args.empty()) {
    print_usage(stderr);
    return 1;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(stdout);
    return 0;
  }
  if (args[0] == "--version") {
    std::printf("aem %s\n", AEM_VERSION_STRING);
    return 0;
  }
  for (const aem::cli::Command& command : aem::cli::all_commands()) {
    if (command.name != args[0]) continue;
    try {
      return command.run(aem::arg_parser::Args(args).subspan(1));
    } catch (const aem::arg_parser::UsageError& e) {
      std::fprintf(stderr, "aem %s: %s\nRun 'aem %s --help' for usage.\n",
                   std::string(command.name).c_str(), e.what(), std::string(command.name).c_str());
      return 1;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "aem %s: error: %s\n", std::string(command.name).c_str(), e.what());
      return 1;
    }
  }
  for (const aem::cli::AbsentCommand& command : aem::cli::commands_not_built()) {
    if (command.name != args[0]) continue;
    const bool pipeline = command.needs == "the pipeline";
    std::fprintf(stderr, "aem: not in this build: '%s' needs %s, which this aem was built without (%s)\n",
                 std::string(command.name).c_str(), std::string(command.needs).c_str(),
                 pipeline ? "AEM_BUILD_PIPELINE=OFF, as on Windows" : "libzstd-dev was not found, or AEM_BUILD_PACKED=OFF");
    return 1;
  }
  std::fprintf(stderr, "aem: unknown command '%s'\n\n", std::string(args[0]).c_str());
  print_usage(stderr);
  return 1;
}
