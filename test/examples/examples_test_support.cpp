#include "examples_test_support.hpp"

#include <gtest/gtest.h>

#include "run_command.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::examples {

const SampleTree& sample_tree() {
  static const SampleTree tree = [] {
    const std::filesystem::path dir = viewer::scratch_dir("sample_tree");
    SampleTree t{dir / "assets", dir / "baked"};
    const CommandResult made = run_command(shell_quote(AEM_MAKE_SAMPLE_ASSETS_PATH) + " " + shell_quote(t.assets.string()));
    const CommandResult baked = run_command(shell_quote(AEM_CLI_PATH) + " bake --strict " + shell_quote(t.assets.string()) +
                                            " -o " + shell_quote(t.baked.string()));
    if (made.exit_code != 0 || baked.exit_code != 0) {
      ADD_FAILURE() << made.output << baked.output;
      return SampleTree{};
    }
    return t;
  }();
  return tree;
}

}  // namespace aem::test::examples
