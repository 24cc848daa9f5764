// Hostile and broken input: every file in corpus/invalid and corpus/validator (recursively)
// either bakes to a valid AEM file or fails with exit 1 and a message naming the file; never a
// crash, a hang (10 s each) or a partial output file.
#include <filesystem>

#include "bake_test_support.hpp"
#include "run_command.hpp"

namespace aem::test {
namespace {

void check_folder(const std::filesystem::path& folder, const std::string& tag) {
  const auto files = gltf_files(folder);
  ASSERT_FALSE(files.empty()) << folder;
  const auto out_dir = std::filesystem::temp_directory_path() / ("aem_bake_invalid_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::create_directories(out_dir);
  int baked_count = 0, rejected = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& file = files[i];
    SCOPED_TRACE(file.string());
    const auto out = out_dir / (std::to_string(i) + ".aem");
    const CommandResult r = run_command("timeout -s KILL 10 " + shell_quote(AEM_CLI_PATH) + " bake " +
                                        shell_quote(file.string()) + " -o " + shell_quote(out.string()) +
                                        " --textures rgba --max-texture-size 64 --threads 1");
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << "exit " << r.exit_code << " (crash or hang)\n" << r.output;
    if (r.exit_code == 0) {
      ++baked_count;
      const CommandResult v = run_command(shell_quote(AEM_CLI_PATH) + " validate --strict " + shell_quote(out.string()));
      EXPECT_EQ(v.exit_code, 0) << v.output;
    } else {
      ++rejected;
      EXPECT_FALSE(std::filesystem::exists(out)) << "partial output left behind";
      EXPECT_NE(r.output.find("aem bake: error: " + file.string()), std::string::npos) << r.output;
    }
    // Nothing else (temporaries) may be left in the output folder: .aem files, and the bake
    // stamps (.json) in .aem-bake/.
    std::size_t entries = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(out_dir)) {
      if (e.is_directory() && e.path().filename() == ".aem-bake") continue;
      const bool stamp = e.path().parent_path().filename() == ".aem-bake" && e.path().extension() == ".json";
      entries += e.path().extension() == ".aem" || stamp ? 0 : 1;
    }
    EXPECT_EQ(entries, 0u) << "a temporary file was left behind";
  }
  std::filesystem::remove_all(out_dir);
  std::printf("%s: %d baked, %d rejected\n", tag.c_str(), baked_count, rejected);
}

TEST(BakeInvalid, InvalidFolderFilesFailCleanly) {
  AEM_REQUIRE_CORPUS(corpus);
  check_folder(corpus / "invalid", "invalid");
}

TEST(BakeInvalid, ValidatorFilesBakeOrFailCleanly) {
  AEM_REQUIRE_CORPUS(corpus);
  check_folder(corpus / "validator", "validator");
}

TEST(BakeInvalid, KnownProblemsAreNamed) {
  AEM_REQUIRE_CORPUS(corpus);
  struct Case {
    const char* file;
    const char* message;
  } cases[] = {
      {"invalid/IndexOutOfRange/IndexOutOfRange.gltf", "out of range for"},
      {"invalid/RecursiveNodes/RecursiveNodes.gltf", "node"},
      {"invalid/MissingBin/BoxTextured.gltf", "BoxTextured"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    try {
      pipeline::bake_model(corpus / c.file, test_options());
      ADD_FAILURE() << "baked without an error";
    } catch (const pipeline::BakeError& e) {
      EXPECT_NE(std::string(e.what()).find((corpus / c.file).string()), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace aem::test
