// `aem export --format samf`: the file equals export_samf's bytes, .aamf alone does not pick the
// layout, --fps/--scale are checked, and a directory exports every model.
#include <fstream>
#include <cstring>
#include <iterator>

#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/samf_export.hpp"
#include "corpus.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

std::string aem_export(const std::string& args) { return shell_quote(AEM_CLI_PATH) + " export " + args; }

// CesiumMan (skinned, animated) and Box (no joints) from the corpus, baked into `dir`.
bool bake_inputs(const fs::path& dir) {
  const auto corpus = corpus_dir();
  if (!corpus) return false;
  pipeline::BakeOptions options;
  options.textures = pipeline::TextureEncoding::rgba;
  options.max_texture_size = 64;
  fs::create_directories(dir);
  for (const char* name : {"CesiumMan", "Box"}) {
    const fs::path source = *corpus / "khronos" / name / "glTF-Binary" / (std::string(name) + ".glb");
    pipeline::write_model_file(dir / (std::string(name) + ".aem"), pipeline::bake_model(source, options).content);
  }
  return true;
}

std::vector<std::byte> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> bytes(chars.size());
  std::memcpy(bytes.data(), chars.data(), chars.size());
  return bytes;
}

TEST(SamfExportCli, WritesWhatExportSamfReturns) {
  const ScratchDir scratch("samf_export_cli_bytes");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const fs::path in = scratch.path() / "in" / "CesiumMan.aem", out = scratch.path() / "CesiumMan.aamf";
  const CommandResult r = run_command(aem_export(shell_path(in) + " --format samf --fps 24 -o " + shell_path(out)));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  pipeline::SamfExportOptions options;
  options.fps = 24;
  const pipeline::SamfExport expected = pipeline::export_samf(Model::open(in), in.string(), options);
  EXPECT_EQ(read_bytes(out), expected.bytes);
  for (const std::string& warning : expected.warnings) EXPECT_TRUE(contains(r.output, warning)) << r.output;
}

TEST(SamfExportCli, AnAamfNameAloneDoesNotChooseTheLayout) {
  const ScratchDir scratch("samf_export_cli_name");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const fs::path in = scratch.path() / "in" / "CesiumMan.aem", out = scratch.path() / "out.aamf";
  CommandResult r = run_command(aem_export(shell_path(in) + " -o " + shell_path(out)));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "name the layout with --format samf")) << r.output;
  r = run_command(aem_export(shell_path(in) + " --format glb -o " + shell_path(out)));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  r = run_command(aem_export(shell_path(in) + " --format samf -o " + shell_path(scratch.path() / "out.glb")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "does not end in .aamf")) << r.output;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(scratch.path() / "out.glb"));
}

TEST(SamfExportCli, FpsAndScaleAreCheckedAndBelongToSamf) {
  const ScratchDir scratch("samf_export_cli_options");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const fs::path in = scratch.path() / "in" / "CesiumMan.aem";
  const std::string samf = shell_path(in) + " --format samf -o " + shell_path(scratch.path() / "x.aamf");
  for (const char* bad : {"--fps 0", "--fps -30", "--fps abc", "--scale 0", "--scale inf"}) {
    const CommandResult r = run_command(aem_export(samf + " " + bad));
    EXPECT_EQ(r.exit_code, 1) << bad << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "must be a positive number")) << r.output;
  }
  const CommandResult glb = run_command(aem_export(shell_path(in) + " --scale 2 -o " + shell_path(scratch.path() / "x.glb")));
  EXPECT_EQ(glb.exit_code, 1) << glb.output;
  EXPECT_TRUE(contains(glb.output, "--fps and --scale are options of --format samf")) << glb.output;
  EXPECT_FALSE(fs::exists(scratch.path() / "x.aamf"));
  EXPECT_FALSE(fs::exists(scratch.path() / "x.glb"));
}

TEST(SamfExportCli, ADirectoryExportsEveryModel) {
  const ScratchDir scratch("samf_export_cli_dir");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const CommandResult r = run_command(aem_export(shell_path(scratch.path() / "in") + " --format samf -o " +
                                                 shell_path(scratch.path() / "out")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(scratch.path() / "out" / "CesiumMan.aamf")) << r.output;
  EXPECT_TRUE(fs::is_regular_file(scratch.path() / "out" / "Box.aamf")) << r.output;
  // Box has no joints: the added static bone is a warning naming the model.
  EXPECT_TRUE(contains(r.output, "Box.aem")) << r.output;
}

}  // namespace
}  // namespace aem::test
