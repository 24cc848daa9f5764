// `aem info` prints each float in its shortest exact form, the text that reads back as the same
// float: 0.35, not printf's "0.349999994" nor the widened double's "0.3499999940395355", in the
// text and in --json alike.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"
#include "process_id.hpp"
#include "run_command.hpp"

namespace {

namespace fs = std::filesystem;

// The tiny model with its triangle at x 0.35 .. 1.1 and its animation 1.35 s long.
fs::path write_model(const fs::path& dir) {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  m.vertices[0].position[0] = 0.35f;
  m.vertices[1].position[0] = 1.1f;
  m.vertices[2].position[0] = 0.35f;
  m.animations[0].duration = 1.35f;
  m.animations[0].joints[0].rotations.back().time = 1.35f;
  const fs::path path = dir / "numbers.aem";
  aem::pipeline::write_model_file(path, m);
  return path;
}

class InfoNumbers : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("aem_info_numbers_" + std::to_string(aem::test::process_id()));
    fs::create_directories(dir_);
    model_ = write_model(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  aem::test::CommandResult info(const std::string& options) {
    return aem::test::run_command(aem::test::shell_path(AEM_CLI_PATH) + " info " + options +
                                  aem::test::shell_path(model_));
  }
  fs::path dir_, model_;
};

TEST_F(InfoNumbers, TextShowsTheShortestForm) {
  const aem::test::CommandResult r = info("");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("box (0.35, 0, 0) .. (1.1, 1, 0)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("bind pose        (0.35, 0, 0) .. (1.1, 1, 0)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"wave\"  1.35 s  keys"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("0.349999"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("1.10000"), std::string::npos) << r.output;
}

TEST_F(InfoNumbers, JsonShowsTheShortestFormAndReadsBackAsTheFloat) {
  const aem::test::CommandResult r = info("--json ");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("0.35,"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"duration\": 1.35"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("0.3499999"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("1.100000"), std::string::npos) << r.output;
  const nlohmann::json json = nlohmann::json::parse(r.output);
  EXPECT_EQ(json["bounds"]["bind_pose"]["min"][0].get<float>(), 0.35f);
  EXPECT_EQ(json["bounds"]["bind_pose"]["max"][0].get<float>(), 1.1f);
  EXPECT_EQ(json["animations"][0]["duration"].get<float>(), 1.35f);
}

}  // namespace
