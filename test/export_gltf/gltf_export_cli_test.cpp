// `aem export`: one file, several files, a directory, --json, --format, and a corrupt input
// (a message naming it, exit 1, no output left behind). What one file's export writes is read
// back: the .glb is the library's bytes, and the .gltf with its .bin bakes back to the input.
#include <fstream>

#include <nlohmann/json.hpp>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/gltf_export.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "bake_cli_support.hpp"
#include "corpus.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"
#include "written_files.hpp"

namespace aem::test {
namespace {

std::string aem_export(const std::string& args) { return shell_quote(AEM_CLI_PATH) + " export " + args + " 2>&1"; }

// A file's bytes as std::byte, to compare with the library's.
std::vector<std::byte> file_bytes(const std::filesystem::path& path) {
  const std::vector<char> chars = read_all(path);
  const auto* first = reinterpret_cast<const std::byte*>(chars.data());
  return {first, first + chars.size()};
}

// How bake_inputs bakes, and the tests bake an export back.
pipeline::BakeOptions input_options() {
  pipeline::BakeOptions options;
  options.textures = pipeline::TextureEncoding::rgba;
  return options;
}

// Box and BoxAnimated from the corpus baked into `dir` (false when the corpus is absent).
bool bake_inputs(const std::filesystem::path& dir) {
  const auto corpus = corpus_dir();
  if (!corpus) return false;
  const pipeline::BakeOptions options = input_options();
  for (const char* name : {"Box", "BoxAnimated"}) {
    const auto source = *corpus / "khronos" / name / "glTF-Binary" / (std::string(name) + ".glb");
    std::filesystem::create_directories(dir / "sub");
    pipeline::write_model_file(dir / (std::string(name) == "Box" ? "Box.aem" : "sub/BoxAnimated.aem"),
                               pipeline::bake_model(source, options).content);
  }
  return true;
}

TEST(GltfExportCli, OneFileToGlbAndGltf) {
  ScratchDir scratch("gltf_export_cli_one");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const auto in = scratch.path() / "in" / "Box.aem";
  CommandResult r = run_command(aem_export(shell_path(in) + " -o " + shell_path(scratch.path() / "out" / "box.glb")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::filesystem::is_regular_file(scratch.path() / "out" / "box.glb")) << r.output;
  // The library's own export of the same model, named as the command names it.
  const std::vector<std::byte> glb = pipeline::glb_bytes(pipeline::build_gltf(Model::open(in), in.string()));
  const std::vector<std::byte> written = file_bytes(scratch.path() / "out" / "box.glb");
  EXPECT_TRUE(written == glb) << "box.glb: " << written.size() << " bytes, not the library's " << glb.size();
  r = run_command(aem_export(shell_path(in) + " -o " + shell_path(scratch.path() / "out" / "box.gltf")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(scratch.path() / "out"), (std::vector<std::string>{"box.bin", "box.glb", "box.gltf"}));
  // The .gltf reads back through the bake's glTF import, its .bin beside it: the same model.
  const std::vector<std::byte> again =
      pipeline::serialize_model(pipeline::bake_model(scratch.path() / "out" / "box.gltf", input_options()).content);
  const std::vector<std::byte> input = file_bytes(in);
  EXPECT_TRUE(again == input) << "box.gltf baked back: " << again.size() << " bytes, not Box.aem's " << input.size();
  r = run_command(aem_export(shell_path(in) + " --format gltf -o " + shell_path(scratch.path() / "out" / "x.glb")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "--format gltf")) << r.output;
}

TEST(GltfExportCli, SeveralFilesAndADirectory) {
  ScratchDir scratch("gltf_export_cli_several");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const auto in = scratch.path() / "in";
  CommandResult r = run_command(aem_export(shell_path(in / "Box.aem") + " " + shell_path(in / "sub" / "BoxAnimated.aem") +
                                           " -o " + shell_path(scratch.path() / "files")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(scratch.path() / "files"), (std::vector<std::string>{"Box.glb", "BoxAnimated.glb"}));
  r = run_command(aem_export(shell_path(in) + " --format gltf -o " + shell_path(scratch.path() / "tree")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(scratch.path() / "tree"),
            (std::vector<std::string>{"Box.bin", "Box.gltf", "sub/BoxAnimated.bin", "sub/BoxAnimated.gltf"}));
}

TEST(GltfExportCli, JsonListsWhatWasWritten) {
  ScratchDir scratch("gltf_export_cli_json");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const std::string out = shell_path(scratch.path() / "out");
  const CommandResult r = run_command(shell_quote(AEM_CLI_PATH) + " export " + shell_path(scratch.path() / "in") +
                                      " --json -o " + out + " 2>/dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json report = nlohmann::json::parse(r.output);
  EXPECT_EQ(report["schema"], "aem-export-report");
  EXPECT_EQ(report["failed"], 0);
  ASSERT_EQ(report["models"].size(), 2u);
  for (const auto& model : report["models"]) {
    EXPECT_EQ(model["ok"], true);
    ASSERT_EQ(model["written"].size(), 1u);
    EXPECT_TRUE(std::filesystem::is_regular_file(model["written"][0].get<std::string>()));
    EXPECT_TRUE(model["warnings"].is_array());
  }
}

TEST(GltfExportCli, CorruptInputIsAnErrorAndLeavesNoOutput) {
  ScratchDir scratch("gltf_export_cli_corrupt");
  if (!bake_inputs(scratch.path() / "in")) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const auto bad = scratch.path() / "bad.aem";
  std::filesystem::copy_file(scratch.path() / "in" / "Box.aem", bad);
  std::filesystem::resize_file(bad, std::filesystem::file_size(bad) - 7);  // size equation fails
  std::filesystem::create_directories(scratch.path() / "out");
  const CommandResult r = run_command(aem_export(shell_path(bad) + " -o " + shell_path(scratch.path() / "out" / "bad.glb")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "bad.aem")) << r.output;
  EXPECT_TRUE(contains(r.output, "not a valid AEM file")) << r.output;
  EXPECT_TRUE(files_in(scratch.path() / "out").empty());
}

}  // namespace
}  // namespace aem::test
