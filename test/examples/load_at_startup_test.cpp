// examples/load_at_startup on the baked sample tree: every model opened and validated, a line
// each with its open time and bytes, the GPU hand-over counted; a damaged file is named and fails
// the run while the others still open.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "examples_test_support.hpp"
#include "run_command.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

CommandResult load(const std::filesystem::path& dir, const std::string& options = "") {
  return run_command(shell_quote(AEM_LOAD_AT_STARTUP_PATH) + " " + shell_quote(dir.string()) + options);
}

TEST(LoadAtStartup, OpensEveryBakedModelAndCountsTheUploads) {
  const auto& tree = examples::sample_tree();
  for (const std::string options : {"", " --no-validate"}) {
    SCOPED_TRACE(options);
    const CommandResult result = load(tree.baked, options);
    ASSERT_EQ(result.exit_code, 0) << result.output;
    for (const char* model : {"characters/tentacle.aem", "machines/crank.aem", "props/crate.aem", "props/lantern.aem"})
      EXPECT_NE(result.output.find(model), std::string::npos) << result.output;
    EXPECT_NE(result.output.find(" kB touched of "), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("opened 4 models in"), std::string::npos) << result.output;
    // Two buffers per model; one draw per mesh: the crank has 3 materials, the lantern 2.
    EXPECT_NE(result.output.find("GPU uploads: 8 buffers"), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("7 draw calls"), std::string::npos) << result.output;
  }
}

TEST(LoadAtStartup, NamesADamagedFileAndStillOpensTheOthers) {
  const auto& tree = examples::sample_tree();
  const auto dir = scratch_dir("load_damaged");
  std::filesystem::copy(tree.baked / "props" / "crate.aem", dir / "crate.aem");
  std::filesystem::copy(tree.baked / "props" / "crate.aem", dir / "damaged.aem");
  std::filesystem::resize_file(dir / "damaged.aem", 100);
  const CommandResult result = load(dir);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("damaged.aem: "), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("opened 1 models"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("1 failed"), std::string::npos) << result.output;
}

TEST(LoadAtStartup, RefusesAnEmptyDirectoryAndABadCommandLine) {
  const auto dir = scratch_dir("load_empty");
  const CommandResult empty = load(dir);
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_NE(empty.output.find("no .aem files"), std::string::npos) << empty.output;
  EXPECT_EQ(load(dir, " --frobnicate").exit_code, 2);
}

}  // namespace
}  // namespace aem::test::viewer
