// `aem bake` on the command line: the summary line, strict validation of its output, --strict,
// usage errors, atomic output and byte-identical output across runs and thread counts.
#include <fstream>
#include <iterator>
#include <set>

#include <nlohmann/json.hpp>

#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

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

// --rdo: other block bytes at the same size, the same at any thread count, and refused (exit 1,
// nothing written) for invalid values and for rgba textures.
TEST(BakeCli, RdoChangesTheBlocksNotTheLayout) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto plain = temp("plain.aem"), one = temp("rdo1.aem"), three = temp("rdo3.aem");
  const std::string in = shell_quote(khronos_model(corpus, "BoxTextured").string());
  const std::string common = " --quality fast --max-texture-size 64";
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(plain.string()) + common).exit_code, 0);
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(one.string()) + common + " --rdo 2 -j1").exit_code, 0);
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(three.string()) + common + " --rdo=2 -j3").exit_code, 0);
  EXPECT_EQ(read_all(one), read_all(three));
  EXPECT_EQ(read_all(one).size(), read_all(plain).size());
  EXPECT_NE(read_all(one), read_all(plain));
  for (const auto& [args, expected] : {std::pair{std::string(" --rdo -1"), "--rdo: RDO lambda '-1' is negative"},
                                       std::pair{std::string(" --rdo nan"), "is not a number"},
                                       std::pair{std::string(" --rdo lots"), "'lots' is not a number"},
                                       std::pair{std::string(" --rdo 1 --textures rgba"), "block-compressed textures only"}}) {
    const auto out = temp("refused.aem");
    const CommandResult r = run_command(aem() + " bake " + in + " -o " + shell_quote(out.string()) + args);
    EXPECT_EQ(r.exit_code, 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(expected), std::string::npos) << args << "\n" << r.output;
    EXPECT_FALSE(std::filesystem::exists(out)) << args;
  }
  for (const auto& p : {plain, one, three}) std::filesystem::remove(p);
}

// --rdo-max-loss: 0 is the plain bake bit for bit; 1 dB gives the same bytes at any thread count
// and reports every texture's λ per mip level and a loss within the bound in --json; invalid
// bounds and the combinations that cannot apply are refused.
TEST(BakeCli, RdoMaxLossReportsEachTexturesChoice) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto plain = temp("plain_b.aem"), zero = temp("bound0.aem"), one = temp("bound1.aem"), three = temp("bound3.aem");
  const std::string in = shell_quote(khronos_model(corpus, "BoxTextured").string());
  const std::string common = " --quality fast --max-texture-size 64";
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(plain.string()) + common).exit_code, 0);
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(zero.string()) + common + " --rdo-max-loss 0").exit_code, 0);
  const CommandResult r =
      run_command(aem() + " bake " + in + " -o " + shell_quote(one.string()) + common + " --rdo-max-loss 1 -j1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_EQ(run_command(aem() + " bake " + in + " -o " + shell_quote(three.string()) + common + " --rdo-max-loss=1 -j3").exit_code, 0);
  EXPECT_EQ(read_all(zero), read_all(plain));
  EXPECT_EQ(read_all(one), read_all(three));
  EXPECT_NE(read_all(one), read_all(plain));
  const nlohmann::json report = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  const nlohmann::json& rdo = report["models"][0]["rdo"];
  ASSERT_EQ(rdo.size(), 3u) << r.output;  // base colour (64x64), and 1x1 normals and PBR
  EXPECT_EQ(rdo[0]["lambdas"].size(), 7u) << rdo[0];  // 64x64 down to 1x1
  EXPECT_GT(rdo[0]["lambdas"][0].get<double>(), 0) << rdo[0];
  std::set<std::string> metrics;
  for (const nlohmann::json& texture : rdo) {
    EXPECT_GE(texture["loss_db"].get<double>(), 0) << texture;
    EXPECT_LE(texture["loss_db"].get<double>(), 1 + 1e-9) << texture;
    metrics.insert(texture["metric"].get<std::string>());
  }
  EXPECT_EQ(metrics, (std::set<std::string>{"normal_angle", "psnr"}));
  for (const auto& [args, expected] :
       {std::pair{std::string(" --rdo-max-loss -1"), "--rdo-max-loss: RDO max loss '-1' is negative"},
        std::pair{std::string(" --rdo-max-loss 21"), "is above the largest accepted value, 20"},
        std::pair{std::string(" --rdo-max-loss 1 --rdo 0.5"), "an RDO lambda and an RDO max loss cannot both be given"},
        std::pair{std::string(" --rdo-max-loss 1 --textures rgba"), "block-compressed textures only"}}) {
    const auto out = temp("refused_b.aem");
    const CommandResult refused = run_command(aem() + " bake " + in + " -o " + shell_quote(out.string()) + args);
    EXPECT_EQ(refused.exit_code, 1) << args << "\n" << refused.output;
    EXPECT_NE(refused.output.find(expected), std::string::npos) << args << "\n" << refused.output;
    EXPECT_FALSE(std::filesystem::exists(out)) << args;
  }
  for (const auto& p : {plain, zero, one, three}) std::filesystem::remove(p);
}

TEST(BakeCli, StrictTurnsWarningsIntoErrorsAndWritesNothing) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto out = temp("colors.aem");
  // Its vertex colours are a warning in a version-1 bake.
  const std::string in = shell_quote(khronos_model(corpus, "BoxVertexColors").string()) + " --format-version 1";
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

TEST(BakeCli, EachModelsLineSaysWhatItLost) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto out = temp("lines");
  const std::string colours = shell_quote(khronos_model(corpus, "BoxVertexColors").string()) + " --format-version 1";
  const CommandResult single = run_command(aem() + " bake " + colours + " -o " + shell_quote((out / "one.aem").string()) + " --textures rgba");
  ASSERT_EQ(single.exit_code, 0) << single.output;
  EXPECT_NE(single.output.find("animations in"), std::string::npos) << single.output;
  EXPECT_NE(single.output.find("; 1 warning: vertex_colours"), std::string::npos) << single.output;
  const std::string box = shell_quote(khronos_model(corpus, "Box").string());
  const CommandResult batch = run_command("CI=1 " + aem() + " bake " + colours + " " + box + " -o " + shell_quote(out.string()) + " --textures rgba");
  ASSERT_EQ(batch.exit_code, 0) << batch.output;
  EXPECT_NE(batch.output.find("1 warning: vertex_colours)"), std::string::npos) << batch.output;
  EXPECT_NE(batch.output.find("2 baked, 0 up to date, 0 failed; 1 baked with warnings"), std::string::npos) << batch.output;
  std::filesystem::remove_all(out);
}

TEST(BakeCli, JsonReportHasEveryModelWithCodedWarnings) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto out = temp("json");
  const std::string colours = khronos_model(corpus, "BoxVertexColors").string();
  // stdout alone: the report must parse with nothing else mixed in.
  const CommandResult r = run_command("{ " + aem() + " bake " + shell_quote(colours) + " /nonexistent/gone.glb -o " +
                                      shell_quote(out.string()) + " --textures rgba --format-version 1 --json 2>/dev/null; }");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  const nlohmann::json report = nlohmann::json::parse(r.output);
  EXPECT_EQ(report["schema"], "aem-bake-report");
  EXPECT_EQ(report["version"], 1);
  ASSERT_EQ(report["models"].size(), 2u);
  const auto& baked = report["models"][0];
  EXPECT_EQ(baked["input"], colours);
  EXPECT_EQ(baked["status"], "baked");
  ASSERT_EQ(baked["warnings"].size(), 1u);
  EXPECT_EQ(baked["warnings"][0]["code"], "vertex_colours");
  EXPECT_NE(baked["warnings"][0]["message"].get<std::string>().find("COLOR_0"), std::string::npos);
  EXPECT_EQ(baked["counts"]["triangles"], 12);
  EXPECT_GT(baked["bytes_out"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(baked["bytes_out"], std::filesystem::file_size(out / "BoxVertexColors.aem"));
  const auto& failed = report["models"][1];
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_NE(failed["error"].get<std::string>().find("/nonexistent/gone.glb"), std::string::npos);
  EXPECT_EQ(report["summary"]["baked"], 1);
  EXPECT_EQ(report["summary"]["failed"], 1);
  EXPECT_EQ(report["summary"]["warnings"], 1);
  // Run again: up to date, and still reported.
  const CommandResult again = run_command("{ " + aem() + " bake " + shell_quote(colours) + " -o " + shell_quote(out.string()) +
                                          " --textures rgba --format-version 1 --json 2>/dev/null; }");
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(nlohmann::json::parse(again.output)["models"][0]["status"], "up_to_date");
  std::filesystem::remove_all(out);
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

// A name no producer reads is refused by name, before any producer opens it: the content here
// is a valid glTF, which the glTF reader would bake.
TEST(BakeCli, UnknownModelFormatNamesTheFileAndTheFormatsRead) {
  const ScratchDir dir("unknown_format");
  const std::string gltf = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": []}], "scene": 0})";
  for (const std::string name : {"model.xyz", "model.usdz", "MODEL"}) {
    write_text(dir.path() / name, gltf);
    const std::filesystem::path out = dir.path() / "out" / "model.aem";
    for (const std::string json : {"", " --json"}) {
      const CommandResult r =
          run_command(aem() + " bake " + shell_quote((dir.path() / name).string()) + " -o " + shell_quote(out.string()) + json);
      EXPECT_EQ(r.exit_code, 1) << r.output;
      EXPECT_NE(r.output.find((dir.path() / name).string() + ": unknown model format"), std::string::npos) << r.output;
      for (const std::string format : {".gltf", ".glb", ".fbx", ".obj"})
        EXPECT_NE(r.output.find(format), std::string::npos) << format << " not listed: " << r.output;
      EXPECT_EQ(r.output.find("JSON"), std::string::npos) << r.output;
      EXPECT_FALSE(std::filesystem::exists(out.parent_path())) << "nothing is written, not even the directory";
    }
  }
}

}  // namespace
}  // namespace aem::test
