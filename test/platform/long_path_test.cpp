// Paths longer than Windows' MAX_PATH (260 characters): a model with external buffers and images
// deep in a folder tree bakes there, incrementally, to the bytes of the same model at a short
// path, and the output is validated, packed and unpacked where it lies; a cache as deep is
// filled, hit and pruned (its record and two blobs). On Windows this needs aem.exe's
// long-path-aware manifest (apps/windows/) where the system enables long paths, the "\\?\" form
// where the pipeline opens files itself, and its own directory listing (MinGW's _wopendir stops
// at MAX_PATH even under Wine, which otherwise allows long paths; found by this test). On Linux
// it is the same command line.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "platform_cli.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using aem::test::run_command;
using aem::test::shell_path;

using aem::test::bytes_of;

aem::test::CommandResult aem_run(const std::string& args) { return run_command(aem::test::aem_program() + " " + args); }

TEST(LongPaths, AModelDeeperThanMaxPathBakesPacksAndUnpacksThere) {
  AEM_REQUIRE_CORPUS(corpus);
  aem::test::ScratchDir dir("long_paths");
  fs::path deep = dir.path();
  for (int level = 0; deep.native().size() < 300; ++level)
    deep /= "level " + std::to_string(level) + " of a studio's asset tree";
  const fs::path in = deep / "assets", out = deep / "baked";
  ASSERT_GT((out / "BoxTextured.aem").native().size(), 300u);
  fs::create_directories(in);
  fs::copy(corpus / "khronos/BoxTextured/glTF", in, fs::copy_options::recursive);
  const std::string options = " --textures rgba --max-texture-size 64";

  const aem::test::CommandResult first = aem_run("bake " + shell_path(in) + " -o " + shell_path(out) + options);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("1 baked, 0 up to date, 0 failed"), std::string::npos) << first.output;
  const fs::path model = out / "BoxTextured.aem";
  ASSERT_TRUE(fs::exists(model)) << first.output;

  // The same bytes as the model baked at a short path.
  const fs::path short_copy = dir.path() / "short.aem";
  const aem::test::CommandResult reference =
      aem_run("bake " + shell_path(corpus / "khronos/BoxTextured/glTF/BoxTextured.gltf") + " -o " + shell_path(short_copy) + options);
  ASSERT_EQ(reference.exit_code, 0) << reference.output;
  EXPECT_TRUE(bytes_of(model) == bytes_of(short_copy)) << "the deep bake differs from the short one";

  // Its stamp, deeper still, is read: nothing to do the second time.
  const aem::test::CommandResult second = aem_run("bake " + shell_path(in) + " -o " + shell_path(out) + options);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(second.output.find("0 baked, 1 up to date, 0 failed"), std::string::npos) << second.output;

  const aem::test::CommandResult validated = aem_run("validate --strict " + shell_path(model));
  EXPECT_EQ(validated.exit_code, 0) << validated.output;
  const fs::path packed = out / "BoxTextured.aemz", unpacked = out / "unpacked.aem";
  const aem::test::CommandResult pack = aem_run("pack " + shell_path(model) + " -o " + shell_path(packed));
  ASSERT_EQ(pack.exit_code, 0) << pack.output;
  const aem::test::CommandResult unpack = aem_run("unpack " + shell_path(packed) + " -o " + shell_path(unpacked));
  ASSERT_EQ(unpack.exit_code, 0) << unpack.output;
  EXPECT_TRUE(bytes_of(unpacked) == bytes_of(model)) << "unpack did not restore the bake";

  // A cache directory as deep: filled, hit from another output folder, then emptied by a prune.
  const fs::path cache = deep / "cache";
  const std::string cached = " --cache " + shell_path(cache) + options;
  const aem::test::CommandResult filled = aem_run("bake " + shell_path(in) + " -o " + shell_path(deep / "baked 2") + cached);
  ASSERT_EQ(filled.exit_code, 0) << filled.output;
  const aem::test::CommandResult hit = aem_run("bake " + shell_path(in) + " -o " + shell_path(deep / "baked 3") + cached);
  ASSERT_EQ(hit.exit_code, 0) << hit.output;
  EXPECT_NE(hit.output.find("1 baked (1 from cache)"), std::string::npos) << hit.output;
  EXPECT_TRUE(bytes_of(deep / "baked 3" / "BoxTextured.aem") == bytes_of(model)) << "the cache hit differs from the bake";
  const aem::test::CommandResult pruned = aem_run("cache prune " + shell_path(cache) + " --max-size 0");
  ASSERT_EQ(pruned.exit_code, 0) << pruned.output;
  EXPECT_NE(pruned.output.find("removed 3 of 3 entries"), std::string::npos) << pruned.output;
}

}  // namespace
