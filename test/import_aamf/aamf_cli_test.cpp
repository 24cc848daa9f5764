// aem info and aem bake on .aamf files: the --json summary of what the file holds, and the frame
// rate option that AAMF needs (the format stores none).
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aamf_test_files.hpp"
#include "aem/model.hpp"
#include "bake_cli_support.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

fs::path write_file(const fs::path& path, const std::vector<unsigned char>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  return path;
}

TEST(AamfCli, InfoJsonDescribesTheFile) {
  ScratchDir dir("aamf_info_json");
  const fs::path legacy = write_file(dir.path() / "legacy.aamf", aamf::legacy_file());
  const CommandResult r = run_command(aem() + " info --json " + shell_quote(legacy.string()) + " 2>/dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["source_model"], "AAMF");
  EXPECT_EQ(j["aamf"], nlohmann::json::parse(R"({"layout": "legacy", "magic": null, "bones": 2, "roots": 1,
      "vertices": 7, "triangles": 3, "polygons": {"G4": 1, "F3": 1}, "texture_names": [],
      "animations": [{"name": "idle", "keyframes": 2}]})"));
  const fs::path samf = write_file(dir.path() / "samf.aamf", aamf::samf_file());
  const nlohmann::json s = nlohmann::json::parse(run_command(aem() + " info --json " + shell_quote(samf.string()) + " 2>/dev/null").output);
  EXPECT_EQ(s["aamf"]["layout"], "samf");
  EXPECT_EQ(s["aamf"]["magic"], "SAMF");
  EXPECT_EQ(s["aamf"]["polygons"], nullptr);
}

TEST(AamfCli, BakeTakesAPositiveFrameRate) {
  ScratchDir dir("aamf_bake_fps");
  const fs::path samf = write_file(dir.path() / "samf.aamf", aamf::samf_file());
  const fs::path out = dir.path() / "samf.aem";
  for (const char* bad : {"0", "-30", "abc", "inf"}) {
    const CommandResult r = run_command(aem() + " bake " + shell_quote(samf.string()) + " --fps " + bad + " -o " + shell_quote(out.string()));
    EXPECT_EQ(r.exit_code, 1) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("--fps must be a positive number, not '" + std::string(bad) + "'"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(out));
  }
  const CommandResult ok = run_command(aem() + " bake " + shell_quote(samf.string()) + " --fps 15 -o " + shell_quote(out.string()));
  ASSERT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_NEAR(aem::Model::open(out).animations()[0].duration, 2.0 / 15, 1e-6);
}

}  // namespace
}  // namespace aem::test
