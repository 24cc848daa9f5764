// A tree of corpus models under non-ASCII folder names, baked as a user bakes a game's assets on
// any platform: in parallel (-j2) to the same bytes as one model at a time, then incrementally
// (a second run bakes nothing, a changed input bakes its model alone), with the JSON report
// naming every file in UTF-8. Runs in the release build and, under Wine, in the Windows build.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "corpus.hpp"
#include "fnv1a.hpp"
#include "platform_cli.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using aem::test::run_command;
using aem::test::shell_path;

using aem::test::aem_program;
using aem::test::bytes_of;

// `aem bake ARGS --json` and its report; a failed run fails the test with the output.
nlohmann::json bake_json(const std::string& args) {
  const aem::test::CommandResult result = run_command(aem_program() + " bake " + args + " --json");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const std::size_t start = result.output.find('{');
  if (start == std::string::npos) return {};
  return nlohmann::json::parse(result.output.substr(start), nullptr, false);
}

// The folder names a user's assets really have: accents, CJK, spaces.
const fs::path kFolder = fs::path(u8"modèles 日本") / u8"персонажи";

struct Tree {
  fs::path in, out;
};

Tree copy_models(const fs::path& corpus, const fs::path& root) {
  const Tree tree{root / kFolder, root / u8"sortie ü"};
  fs::create_directories(tree.in / "box");
  fs::copy(corpus / "khronos/BoxTextured/glTF", tree.in / "box", fs::copy_options::recursive);
  fs::copy_file(corpus / "khronos/CesiumMan/glTF-Binary/CesiumMan.glb", tree.in / u8"César.glb");
  fs::copy_file(corpus / "khronos/AnimatedMorphCube/glTF-Binary/AnimatedMorphCube.glb", tree.in / "morph.glb");
  return tree;
}

TEST(TreeBake, ParallelAndIncrementalUnderNonAsciiNames) {
  AEM_REQUIRE_CORPUS(corpus);
  aem::test::ScratchDir dir("tree_bake");
  const Tree tree = copy_models(corpus, dir.path());
  const std::string options = " --textures rgba --max-texture-size 64";

  const nlohmann::json first = bake_json(shell_path(tree.in) + " -o " + shell_path(tree.out) + " -j2" + options);
  ASSERT_TRUE(first.is_object());
  EXPECT_EQ(first["summary"]["baked"], 3) << first.dump(1);
  EXPECT_EQ(first["summary"]["failed"], 0);
  bool names_intact = false;
  for (const auto& model : first["models"])
    names_intact |= model["output"].get<std::string>().find("C\xC3\xA9sar.aem") != std::string::npos;
  EXPECT_TRUE(names_intact) << "the report must name the outputs in UTF-8: " << first.dump(1);

  // One model at a time, one thread: the same bytes as the parallel tree bake.
  const fs::path single = dir.path() / u8"César seul.aem";
  ASSERT_EQ(run_command(aem_program() + " bake " + shell_path(tree.in / u8"César.glb") + " -o " + shell_path(single) + " -j1" + options).exit_code, 0);
  EXPECT_EQ(aem::test::fnv1a64(bytes_of(tree.out / u8"César.aem")), aem::test::fnv1a64(bytes_of(single)));
  ASSERT_TRUE(fs::exists(tree.out / "box" / "BoxTextured.aem"));
  ASSERT_TRUE(fs::exists(tree.out / "morph.aem"));

  const nlohmann::json second = bake_json(shell_path(tree.in) + " -o " + shell_path(tree.out) + " -j2" + options);
  EXPECT_EQ(second["summary"]["baked"], 0) << second.dump(1);
  EXPECT_EQ(second["summary"]["up_to_date"], 3);

  // A changed image rebakes its model alone.
  std::ofstream(tree.in / "box" / "CesiumLogoFlat.png", std::ios::binary | std::ios::app) << '\0';
  const nlohmann::json third = bake_json(shell_path(tree.in) + " -o " + shell_path(tree.out) + " -j2" + options);
  EXPECT_EQ(third["summary"]["baked"], 1) << third.dump(1);
  EXPECT_EQ(third["summary"]["up_to_date"], 2);
}

}  // namespace
