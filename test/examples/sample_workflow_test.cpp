// .ci/sample-workflow, the main job's steps after the build, on a machine without a display:
// generate the sample glTF tree, bake it (strictly: no warning may be lost), validate every
// output strictly, render each under Xvfb and lay the renders out in a contact sheet; a second
// run rebakes nothing and says so.
#include <string>

#include <gtest/gtest.h>

#include "run_command.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

const char* const kModels[] = {"characters_tentacle", "machines_crank", "props_crate", "props_lantern"};

bool have_xvfb() { return run_command("command -v xvfb-run").exit_code == 0; }

CommandResult run_workflow(const std::filesystem::path& work) {
  // No DISPLAY: the script renders under an Xvfb of its own, as on a CI machine.
  return run_command("env -u DISPLAY bash " + shell_quote(AEM_SAMPLE_WORKFLOW_SCRIPT) + " " + shell_quote(AEM_BUILD_DIR) +
                     " " + shell_quote(work.string()));
}

// The cell (column, row) of a contact sheet of 320x320 thumbnails.
Image cell(const Image& sheet, int column, int row) {
  Image out{320, 320, {}};
  for (int y = 0; y < 320; ++y) {
    const std::uint8_t* from = sheet.at(column * 320, row * 320 + y);
    out.rgba.insert(out.rgba.end(), from, from + 320 * 4);
  }
  return out;
}

TEST(SampleWorkflow, BakesValidatesRendersThenHasNothingToRebake) {
  if (!have_xvfb()) GTEST_SKIP() << "no xvfb-run: install xvfb and xauth";
  const auto work = scratch_dir("sample_workflow");
  const CommandResult first = run_workflow(work);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("12 files written, 0 already up to date"), std::string::npos) << first.output;
  EXPECT_NE(first.output.find("aem bake: 4 baked, 0 up to date, 0 failed"), std::string::npos) << first.output;
  for (const char* model : {"characters/tentacle", "machines/crank", "props/crate", "props/lantern"})
    EXPECT_NE(first.output.find(model + std::string(".aem: valid (strict)")), std::string::npos) << first.output;
  EXPECT_NE(first.output.find("contact-sheet.png"), std::string::npos) << first.output;

  // Every model is drawn, framed (neither a speck nor the whole frame), and the sheet holds the
  // thumbnails in order, two to a row.
  const Image sheet = read_png(work / "contact-sheet.png");
  ASSERT_EQ(sheet.width, 640);
  ASSERT_EQ(sheet.height, 640);
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(kModels[i]);
    const Image thumbnail = read_png(work / "thumbnails" / (std::string(kModels[i]) + ".png"));
    EXPECT_GT(coverage(thumbnail), 0.05);
    EXPECT_LT(coverage(thumbnail), 0.70);
    EXPECT_EQ(difference(thumbnail, cell(sheet, i % 2, i / 2)).mean, 0.0);
  }

  const CommandResult second = run_workflow(work);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  // The generator leaves identical files alone, so the bake finds every model up to date.
  EXPECT_NE(second.output.find("0 files written, 12 already up to date"), std::string::npos) << second.output;
  EXPECT_NE(second.output.find("aem bake: 0 baked, 4 up to date, 0 failed"), std::string::npos) << second.output;
  EXPECT_NE(second.output.find("nothing rebaked: all 4 models are up to date"), std::string::npos) << second.output;
}

TEST(SampleWorkflow, RefusesAWrongCommandLine) {
  const CommandResult result = run_command("bash " + shell_quote(AEM_SAMPLE_WORKFLOW_SCRIPT) + " only-one-argument");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("usage:"), std::string::npos) << result.output;
}

}  // namespace
}  // namespace aem::test::viewer
