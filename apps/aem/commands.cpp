// The table of sub-commands. A new command adds its entry point here and its file to CMakeLists.
#include "command.hpp"

namespace aem::cli {

int run_info(Args args);
int run_validate(Args args);

std::span<const Command> all_commands() {
  static constexpr Command commands[] = {
      {"info", "Describe an AEM file: sections, textures, materials, joints, animations", run_info},
      {"validate", "Check an AEM file; exit 0 when valid, 1 listing every problem", run_validate},
  };
  return commands;
}

}  // namespace aem::cli
