#pragma once
// One `aem` sub-command: its name, a one-line summary for `aem --help`, and its entry point.
#include <span>
#include <string_view>

#include "aem/arg_parser/arg_parser.hpp"

namespace aem::cli {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(arg_parser::Args args);  // returns the process exit status: 0 success, 1 any failure
};

// Every command the tool knows, in the order `aem --help` lists them.
std::span<const Command> all_commands();

// A command of the full tool that this build leaves out, and what it needs.
struct AbsentCommand {
  std::string_view name;
  std::string_view needs;  // "the pipeline", "libzstd"
};

// Commands of the full tool that this build leaves out (those that need the pipeline, in a build
// without it, as on Windows; pack and unpack without libzstd): asking for one says so instead of
// "unknown command".
std::span<const AbsentCommand> commands_not_built();

}  // namespace aem::cli
