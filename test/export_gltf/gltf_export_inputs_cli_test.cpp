// `aem export`'s inputs: packed AEM files (.aemz) as files and in directories, and two inputs that
// would write one output refused before anything is written.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "aem/ext_emissive.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"
#include "written_files.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

std::string aem(const std::string& args) { return shell_quote(AEM_CLI_PATH) + " " + args + " 2>&1"; }

// Whether `aem pack` packed `in` into `out` (false where aem is built without packed files).
bool packed(const fs::path& in, const fs::path& out) {
  return run_command(aem("pack " + shell_path(in) + " -o " + shell_path(out))).exit_code == 0;
}

TEST(GltfExportInputs, PackedFilesExportAsFilesAndInDirectories) {
  ScratchDir scratch("gltf_export_inputs_packed");
  const fs::path in = scratch.path() / "in";
  fs::create_directories(in / "sub");
  pipeline::write_model_file(in / "tiny.aem", tiny_model());
  if (!packed(in / "tiny.aem", in / "sub" / "packed.aemz")) GTEST_SKIP() << "aem is built without packed files";
  CommandResult r = run_command(aem("export " + shell_path(in / "sub" / "packed.aemz") + " -o " +
                                    shell_path(scratch.path() / "one" / "packed.glb")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(scratch.path() / "one"), std::vector<std::string>{"packed.glb"});
  r = run_command(aem("export " + shell_path(in) + " -o " + shell_path(scratch.path() / "tree")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(scratch.path() / "tree"), (std::vector<std::string>{"sub/packed.glb", "tiny.glb"}));
}

// An extended file (names, an own emission, an unlit material) exports the same packed or not: the
// .aemz's extension area is unpacked with the rest, and the export writes what it holds.
TEST(GltfExportInputs, APackedExtendedFileExportsItsExtensions) {
  ScratchDir scratch("gltf_export_inputs_extended");
  pipeline::ModelContent content = tiny_model();
  content.extensions.names.materials.assign(content.materials.size(), "Scrape04");
  content.extensions.names.meshes.assign(content.meshes.size(), "helmet");
  content.extensions.emissive.materials.assign(content.materials.size(), {1, {0.25f, 0.5f, 1.0f}, 2.0f, kNoTexture, 0, 0});
  content.extensions.material_flags.materials.assign(content.materials.size(), 1);
  pipeline::write_model_file(scratch.path() / "named.aem", content);
  if (!packed(scratch.path() / "named.aem", scratch.path() / "named.aemz")) GTEST_SKIP() << "aem is built without packed files";
  std::vector<std::string> exported;
  for (const char* input : {"named.aem", "named.aemz"}) {
    const fs::path out = scratch.path() / (std::string(input) + ".glb");
    const CommandResult r = run_command(aem("export " + shell_path(scratch.path() / input) + " -o " + shell_path(out)));
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::ifstream in(out, std::ios::binary);
    exported.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  EXPECT_TRUE(exported[1] == exported[0]) << "the packed file exports to other bytes";
  for (const char* kept : {"\"Scrape04\"", "\"helmet\"", "KHR_materials_unlit", "KHR_materials_emissive_strength"})
    EXPECT_NE(exported[1].find(kept), std::string::npos) << kept << " not in the export of the .aemz";
}

TEST(GltfExportInputs, TwoInputsForOneOutputAreRefusedBeforeAnythingIsWritten) {
  ScratchDir scratch("gltf_export_inputs_clash");
  const fs::path a = scratch.path() / "a", b = scratch.path() / "b", out = scratch.path() / "out";
  fs::create_directories(a);
  fs::create_directories(b);
  pipeline::write_model_file(a / "x.aem", tiny_model());
  pipeline::write_model_file(b / "x.aem", tiny_model());
  CommandResult r = run_command(aem("export " + shell_path(a / "x.aem") + " " + shell_path(b / "x.aem") + " -o " +
                                    shell_path(out)));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find((a / "x.aem").string() + " and " + (b / "x.aem").string() + " would both be exported to " +
                          (out / "x.glb").string()),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(out)) << "nothing is written, not even the directory";
  if (!packed(a / "x.aem", a / "x.aemz")) return;  // the rest needs packed files
  r = run_command(aem("export " + shell_path(a) + " --format gltf -o " + shell_path(out)));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("would both be exported to " + (out / "x.gltf").string()), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace aem::test
