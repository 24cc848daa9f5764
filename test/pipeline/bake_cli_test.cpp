// `aem bake` on the command line: the summary line, strict validation of its output, --strict,
// usage errors, atomic output and byte-identical output across runs and thread counts.
#include <fstream>
#include <iterator>

#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"

namespace aem::test {
namespace {

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("aem_bake_cli_" + std::to_string(::getpid()) + "_" + name);
}

TEST(BakeCli, SummaryLineAndStrictValidation) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto out = temp("box.aem");
  const CommandResult r = run_command(aem() + " bake " + shell_quote(khronos_model(corpus, "BoxTextured").string()) +
                                      " -o " + shell_quote(out.string()) + " --quality fast --max-texture-size 64 --verbose");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("24 vertices, 12 triangles, 3 textures (1 BC5, 2 BC7), 0 joints, 0 animations in"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ACMR"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("textures"), std::string::npos);
  const CommandResult v = run_command(aem() + " validate --strict " + shell_quote(out.string()));
  EXPECT_EQ(v.exit_code, 0) << v.output;
  std::filesystem::remove(out);
}

TEST(BakeCli, SameInputSameBytesForAnyThreadCount) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto a = temp("a.aem"), b = temp("b.aem");
  const std::string in = shell_quote(khronos_model(corpus, "BoxTextured").string());
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(a.string()) + " --quality fast --max-texture-size 128 --threads 1").exit_code, 0);
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(b.string()) + " --quality fast --max-texture-size 128 --threads 3").exit_code, 0);
  EXPECT_EQ(read_all(a), read_all(b));
  EXPECT_FALSE(read_all(a).empty());
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

TEST(BakeCli, StrictTurnsWarningsIntoErrorsAndWritesNothing) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto out = temp("colors.aem");
  const std::string in = shell_quote(khronos_model(corpus, "BoxVertexColors").string());
  const CommandResult lax = run_command(aem() + " bake " + in + " -o " + shell_quote(out.string()) + " --textures rgba");
  ASSERT_EQ(lax.exit_code, 0) << lax.output;
  EXPECT_NE(lax.output.find("warning:"), std::string::npos);
  EXPECT_NE(lax.output.find("vertex colours"), std::string::npos) << lax.output;
  std::filesystem::remove(out);
  const CommandResult strict = run_command(aem() + " bake " + in + " -o " + shell_quote(out.string()) + " --textures rgba --strict");
  EXPECT_EQ(strict.exit_code, 1) << strict.output;
  EXPECT_NE(strict.output.find("--strict"), std::string::npos) << strict.output;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(BakeCli, UsageErrors) {
  EXPECT_EQ(run_command(aem() + " bake").exit_code, 1);
  EXPECT_EQ(run_command(aem() + " bake in.gltf").exit_code, 1);  // no -o
  const CommandResult bad = run_command(aem() + " bake in.gltf -o out.aem --textures dxt");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.output.find("--textures"), std::string::npos) << bad.output;
  const CommandResult missing = run_command(aem() + " bake /nonexistent/x.gltf -o " + shell_quote(temp("x.aem").string()));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.output.find("/nonexistent/x.gltf"), std::string::npos) << missing.output;
  EXPECT_EQ(run_command(aem() + " bake --help").exit_code, 0);
}

}  // namespace
}  // namespace aem::test
