// examples/bake_in_tool: bakes as `aem bake` does (the same bytes for the same options), writes
// nothing when it fails, and tells usage errors (2) from models that cannot be baked (1).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "examples_test_support.hpp"
#include "run_command.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

CommandResult bake(const std::string& args) { return run_command(shell_quote(AEM_BAKE_IN_TOOL_PATH) + " " + args); }

std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST(BakeInTool, BakesTheSameBytesAsAemBake) {
  const auto& tree = examples::sample_tree();
  const auto dir = scratch_dir("bake_in_tool");
  for (const char* model : {"characters/tentacle", "props/lantern"}) {
    SCOPED_TRACE(model);
    const std::string ext = std::string(model) == "props/lantern" ? ".glb" : ".gltf";
    const auto out = dir / (std::filesystem::path(model).filename().string() + ".aem");
    const CommandResult result = bake(shell_quote((tree.assets / (model + ext)).string()) + " -o " +
                                      shell_quote(out.string()) + " --strict -j 2");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    EXPECT_EQ(bytes_of(out), bytes_of(tree.baked / (model + std::string(".aem"))));
  }
  EXPECT_NE(bake(shell_quote((tree.assets / "characters/tentacle.gltf").string()) + " -o " +
                 shell_quote((dir / "t.aem").string()))
                .output.find("825 vertices, 1536 triangles, 3 textures, 3 joints, 2 animations"),
            std::string::npos);
  const CommandResult validated = run_command(shell_quote(AEM_CLI_PATH) + " validate --strict " + shell_quote((dir / "t.aem").string()));
  EXPECT_EQ(validated.exit_code, 0) << validated.output;
}

TEST(BakeInTool, FailsWithOneMessageAndWritesNothing) {
  const auto& tree = examples::sample_tree();
  const auto dir = scratch_dir("bake_in_tool_errors");
  const auto out = dir / "out.aem";
  const CommandResult missing = bake(shell_quote((dir / "absent.gltf").string()) + " -o " + shell_quote(out.string()));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.output.find("absent.gltf"), std::string::npos) << missing.output;
  EXPECT_FALSE(std::filesystem::exists(out));

  // A glTF whose buffer is not there: the message names the model; nothing is written.
  std::filesystem::copy(tree.assets / "props" / "crate.gltf", dir / "crate.gltf");
  const CommandResult broken = bake(shell_quote((dir / "crate.gltf").string()) + " -o " + shell_quote(out.string()));
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_NE(broken.output.find("crate.gltf"), std::string::npos) << broken.output;
  EXPECT_FALSE(std::filesystem::exists(out));

  // The output may not replace a file the bake reads.
  const auto bin = tree.assets / "props" / "crate.bin";
  const std::string before = bytes_of(bin);
  const CommandResult over = bake(shell_quote((tree.assets / "props" / "crate.gltf").string()) + " -o " + shell_quote(bin.string()));
  EXPECT_EQ(over.exit_code, 1) << over.output;
  EXPECT_EQ(bytes_of(bin), before);

  for (const std::string args : {"", "--bogus in.gltf -o out.aem", "in.gltf", "in.gltf -o out.aem -j 0", "a.gltf b.gltf -o c.aem"}) {
    const CommandResult usage = bake(args);
    EXPECT_EQ(usage.exit_code, 2) << args << ": " << usage.output;
    EXPECT_NE(usage.output.find("usage:"), std::string::npos) << usage.output;
  }
}

}  // namespace
}  // namespace aem::test::viewer
