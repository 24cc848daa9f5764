// `aem bake` shows the triangles its vertex merge dropped as degenerate: after the triangle count
// in the summary line ("1 triangles (1 degenerate dropped)") and as counts.degenerate_triangles
// in --json (specs/reports.md).
#include <nlohmann/json.hpp>

#include "bake_cli_support.hpp"
#include "degenerate_gltf.hpp"

namespace aem::test {
namespace {

TEST(BakeDegenerateCli, TheSummaryAndTheJsonReportCountThem) {
  ScratchDir dir("degenerate_cli");
  const std::filesystem::path in = dir.path() / "merged.gltf";
  write_text(in, two_triangle_gltf({0, 1, 2, 2, 1, 3}));
  CommandResult r = run_command(bake_command_line(shell_path(in) + " -o " + shell_path(dir.path() / "text.aem")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("3 vertices, 1 triangles (1 degenerate dropped), "), std::string::npos) << r.output;
  r = run_command(bake_command_line(shell_path(in) + " --json -o " + shell_path(dir.path() / "json.aem") + " 2>/dev/null"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json counts = nlohmann::json::parse(r.output)["models"][0]["counts"];
  EXPECT_EQ(counts["triangles"], 1);
  EXPECT_EQ(counts["degenerate_triangles"], 1);
  // A model without such triangles says nothing of them in text.
  const std::filesystem::path clean = dir.path() / "clean.gltf";
  write_text(clean, two_triangle_gltf({0, 1, 2}));
  r = run_command(bake_command_line(shell_path(clean) + " -o " + shell_path(dir.path() / "clean.aem")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("degenerate dropped"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace aem::test
