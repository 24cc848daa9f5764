// `aem bake --dry-run` (single model, tree, manifest) and `aem info` on a source model: nothing
// is written, and what the dry run lists (warnings, counts, textures, the output's size) is what
// a real bake with the same options writes.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "aem/model.hpp"
#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Every entry below `dir` (files, folders, hidden ones: stamps, locks, temporaries), relative.
std::set<std::string> everything_below(const fs::path& dir) {
  std::set<std::string> found;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    found.insert(e.path().lexically_relative(dir).generic_string());
  return found;
}

// stdout alone, parsed: the report must parse with nothing else mixed in.
json json_of(const std::string& bake_args, int expected_exit = 0) {
  const CommandResult r = run_command("{ " + aem() + " bake " + bake_args + " --json 2>/dev/null; }");
  EXPECT_EQ(r.exit_code, expected_exit) << r.output;
  return json::parse(r.output);
}

// The dry run of `args` against the real bake of the same `args`: the same models, warnings and
// counts, and each listed size that of the file the bake wrote, texture by texture.
void expect_dry_run_matches_bake(const json& dry, const json& real) {
  ASSERT_EQ(dry["models"].size(), real["models"].size());
  for (std::size_t i = 0; i < dry["models"].size(); ++i) {
    const json& d = dry["models"][i];
    const json& r = real["models"][i];
    SCOPED_TRACE(d["input"].get<std::string>());
    ASSERT_EQ(d["status"], "would_bake") << d.dump();
    ASSERT_EQ(r["status"], "baked") << r.dump();
    EXPECT_EQ(d["output"], r["output"]);
    EXPECT_EQ(d["warnings"], r["warnings"]);
    for (const char* count : {"vertices", "triangles", "joints", "animations", "textures"})
      EXPECT_EQ(d["counts"][count], r["counts"][count]) << count;
    const fs::path output = r["output"].get<std::string>();
    EXPECT_EQ(d["bytes_out"].get<std::uint64_t>(), fs::file_size(output));
    EXPECT_EQ(d["bytes_out"], r["bytes_out"]);
    const Model model = Model::open(output.string());
    EXPECT_EQ(d["counts"]["indices"], model.header().index_count);
    EXPECT_EQ(d["counts"]["materials"], model.header().material_count);
    EXPECT_EQ(d["counts"]["animation_keys"], model.header().keyframe_count);
    ASSERT_EQ(d["textures"].size(), model.textures().size());
    for (std::size_t t = 0; t < model.textures().size(); ++t) {
      const Texture& texture = model.textures()[t];
      EXPECT_EQ(d["textures"][t]["width"], texture.width);
      EXPECT_EQ(d["textures"][t]["height"], texture.height);
      EXPECT_EQ(d["textures"][t]["bytes"], model.texture_data(texture).size());
    }
  }
}

class BakeDryRun : public ::testing::TestWithParam<const char*> {};

// DamagedHelmet (five textures, BC7 and BC5 in bc) and CesiumMan (joints, an animation), both
// encodings, with the textures clamped so that the real bake is quick.
TEST_P(BakeDryRun, ATreeListsWhatTheBakeWritesAndWritesNothing) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::string textures = GetParam();
  ScratchDir dir(std::string("dry_tree_") + textures);
  const fs::path src = dir.path() / "src", out = dir.path() / "out";
  copy_to(khronos_model(corpus, "DamagedHelmet"), src / "DamagedHelmet.glb");
  copy_to(khronos_model(corpus, "CesiumMan"), src / "people/CesiumMan.glb");
  write_text(out / "keep.txt", "already here");
  const std::string args = shell_quote(src.string()) + " -o " + shell_quote(out.string()) +
                           " --textures " + textures + " --quality fast --max-texture-size 128 -j2";

  const json dry = json_of("--dry-run " + args);
  EXPECT_EQ(dry["schema"], "aem-bake-dry-run");
  EXPECT_EQ(dry["summary"]["would_bake"], 2);
  // Nothing written: no output, no directory, no stamp, no lock.
  EXPECT_EQ(everything_below(out), std::set<std::string>{"keep.txt"});
  ASSERT_EQ(dry["models"].size(), 2u);
  for (const json& texture : dry["models"][0]["textures"]) {
    EXPECT_LE(texture["width"].get<unsigned>(), 128u);  // after --max-texture-size
    if (textures == std::string("rgba")) {
      EXPECT_EQ(texture["format"], "rgba8");
    }
  }
  // Base colour, normal, PBR, and the emission the `emissive` extension keeps apart.
  EXPECT_EQ(dry["models"][0]["textures"].size(), 4u);
  EXPECT_GT(dry["models"][1]["counts"]["joints"].get<int>(), 0);
  EXPECT_GT(dry["models"][1]["counts"]["animation_keys"].get<int>(), 0);

  const json real = json_of(args);
  expect_dry_run_matches_bake(dry, real);
  if (textures == std::string("bc")) {
    std::set<std::string> formats;
    for (const json& texture : dry["models"][0]["textures"]) formats.insert(texture["format"]);
    EXPECT_EQ(formats, (std::set<std::string>{"bc5", "bc7"}));
  }
}

INSTANTIATE_TEST_SUITE_P(Encodings, BakeDryRun, ::testing::Values("rgba", "bc"));

TEST(BakeDryRunForms, OneModelMakesNoDirectoryAndItsTextSaysTheSize) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("dry_single");
  const fs::path output = dir.path() / "not/yet/Helmet.aem";
  const std::string args = shell_quote(khronos_model(corpus, "DamagedHelmet").string()) + " -o " +
                           shell_quote(output.string()) + " --max-texture-size 64 --quality fast";
  const fs::path depfile = dir.path() / "helmet.d";
  const CommandResult dry = run_command(aem() + " bake --dry-run " + args + " --depfile " + shell_quote(depfile.string()));
  ASSERT_EQ(dry.exit_code, 0) << dry.output;
  EXPECT_FALSE(fs::exists(dir.path() / "not")) << dry.output;
  EXPECT_FALSE(fs::exists(depfile)) << dry.output;
  EXPECT_NE(dry.output.find("nothing was written"), std::string::npos) << dry.output;
  EXPECT_NE(dry.output.find("texture #2  64x64  bc7  7 mips"), std::string::npos) << dry.output;

  const CommandResult real = run_command(aem() + " bake " + args);
  ASSERT_EQ(real.exit_code, 0) << real.output;
  EXPECT_NE(dry.output.find(output.string() + ": would write " + std::to_string(fs::file_size(output)) + " bytes"),
            std::string::npos)
      << dry.output;
}

TEST(BakeDryRunForms, AManifestWritesNothingBelowItsOutputDirectory) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("dry_manifest");
  copy_to(khronos_model(corpus, "CesiumMan"), dir.path() / "chars/CesiumMan.glb");
  // Cameras still loses something (its cameras) now that the extensions carry colours and names.
  const fs::path cameras = khronos_model(corpus, "Cameras");
  copy_to(cameras, dir.path() / "props/Cameras.gltf");
  copy_to(cameras.parent_path() / "simpleSquare.bin", dir.path() / "props/simpleSquare.bin");
  write_text(dir.path() / "assets.json",
             R"({"output_dir": "baked", "defaults": {"textures": "rgba"},
                 "assets": ["chars/CesiumMan.glb", {"input": "props/Cameras.gltf", "output": "cameras.aem"}]})");
  const std::set<std::string> before = everything_below(dir.path());
  const std::string args = "--manifest " + shell_quote((dir.path() / "assets.json").string());
  const json dry = json_of("--dry-run " + args);
  EXPECT_EQ(everything_below(dir.path()), before);
  ASSERT_EQ(dry["models"].size(), 2u);
  ASSERT_FALSE(dry["models"][1]["warnings"].empty()) << dry.dump();
  EXPECT_EQ(dry["models"][1]["warnings"][0]["code"], "cameras");
  expect_dry_run_matches_bake(dry, json_of(args));
}

TEST(BakeDryRunForms, AFailureIsTheBakesWithItsExitStatus) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("dry_fail");
  write_text(dir.path() / "src/broken.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"buffers\": [{\"uri\": \"gone.bin\", "
                                            "\"byteLength\": 4}], \"bufferViews\": [{\"buffer\": 0, \"byteLength\": 4}]}");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "src/Box.glb");
  const fs::path out = dir.path() / "out";
  const std::string args = shell_quote((dir.path() / "src").string()) + " -o " + shell_quote(out.string()) + " --textures rgba";
  const CommandResult dry = run_command("CI=1 " + aem() + " bake --dry-run " + args);
  EXPECT_EQ(dry.exit_code, 1) << dry.output;
  EXPECT_FALSE(fs::exists(out)) << dry.output;
  const json real = json_of(args, 1);
  ASSERT_EQ(real["models"][1]["status"], "failed");  // sorted: Box.glb, broken.gltf
  const std::string error = real["models"][1]["error"];
  EXPECT_NE(dry.output.find("FAILED " + error), std::string::npos) << dry.output << "\nwanted: " << error;
  EXPECT_NE(dry.output.find("1 would be baked"), std::string::npos) << dry.output;
}

TEST(BakeDryRunForms, AnUpToDateOutputIsSaidSoUnlessForced) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("dry_current");
  const fs::path out = dir.path() / "out";
  const std::string args = shell_quote(khronos_model(corpus, "Box").string()) + " " +
                           shell_quote(khronos_model(corpus, "BoxVertexColors").string()) + " -o " +
                           shell_quote(out.string()) + " --textures rgba";
  ASSERT_EQ(run_command(aem() + " bake " + args).exit_code, 0);
  const std::set<std::string> before = everything_below(out);
  const auto stamp_time = fs::last_write_time(out / ".aem-bake/Box.aem.json");
  EXPECT_EQ(json_of("--dry-run " + args)["summary"]["up_to_date"], 2);
  const json forced = json_of("--dry-run --force " + args);
  EXPECT_EQ(forced["summary"]["would_bake"], 2);
  EXPECT_EQ(forced["models"][0]["bytes_out"].get<std::uint64_t>(), fs::file_size(out / "Box.aem"));
  EXPECT_EQ(everything_below(out), before);
  EXPECT_EQ(fs::last_write_time(out / ".aem-bake/Box.aem.json"), stamp_time);
}

TEST(InfoOnASourceModel, NamesTheBakeCommandAndListsTheLosses) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("info_source");
  const fs::path model = dir.path() / "my models/Two Cameras.gltf";  // spaces: the command is quoted
  const fs::path cameras = khronos_model(corpus, "Cameras");  // loses its cameras
  copy_to(cameras, model);
  copy_to(cameras.parent_path() / "simpleSquare.bin", model.parent_path() / "simpleSquare.bin");
  const CommandResult r = run_command(aem() + " info " + shell_quote(model.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string quoted_in = "'" + model.string() + "'";
  const std::string quoted_out = "'" + (dir.path() / "my models/Two Cameras.aem").string() + "'";
  EXPECT_NE(r.output.find("a glTF source model, not an AEM file"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("aem bake " + quoted_in + " -o " + quoted_out + "\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("aem bake --dry-run " + quoted_in + " -o " + quoted_out), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("It would lose (1 warning):\n  - "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("2 camera(s) dropped: AEM has no cameras"), std::string::npos) << r.output;
  // A dry run: nothing beside the model.
  EXPECT_EQ(everything_below(dir.path()),
            (std::set<std::string>{"my models", "my models/Two Cameras.gltf", "my models/simpleSquare.bin"}));

  const CommandResult clean = run_command(aem() + " info " + shell_quote(khronos_model(corpus, "CesiumMan").string()));
  ASSERT_EQ(clean.exit_code, 0) << clean.output;
  EXPECT_NE(clean.output.find("It would lose nothing."), std::string::npos) << clean.output;

  const CommandResult as_json = run_command("{ " + aem() + " info --json " + shell_quote(model.string()) + " 2>/dev/null; }");
  ASSERT_EQ(as_json.exit_code, 0) << as_json.output;
  const json j = json::parse(as_json.output);
  EXPECT_EQ(j["source_model"], "glTF");
  ASSERT_FALSE(j["dry_run"]["warnings"].empty()) << j.dump();
  EXPECT_EQ(j["dry_run"]["warnings"][0]["code"], "cameras");
}

TEST(InfoOnASourceModel, ABakeThatWouldFailSaysWhyWithStatus1) {
  ScratchDir dir("info_broken");
  const fs::path model = dir.path() / "broken.GLTF";  // the extension in any case
  write_text(model, "{ not json");
  const CommandResult r = run_command(aem() + " info " + shell_quote(model.string()));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("a glTF source model"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("aem info: the bake would fail: " + model.string()), std::string::npos) << r.output;
}

// The article follows how the format's name is said: "an E3D", "an FBX" (eff), "an STL" (ess),
// but "a DAE" (dee), "a 3DS" (three), "a BLEND" (a word), "a glTF".
TEST(InfoOnASourceModel, TheArticleFollowsHowTheFormatIsSaid) {
  ScratchDir dir("info_articles");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"m.e3d", "an E3D source model"},
      {"m.aamf", "an AAMF source model"},
      {"m.fbx", "an FBX (through Assimp) source model"},
      {"m.stl", "an STL (through Assimp) source model"},
      {"m.dae", "a DAE (through Assimp) source model"},
      {"m.3ds", "a 3DS (through Assimp) source model"},
      {"m.blend", "a BLEND (through Assimp) source model"},
      {"m.gltf", "a glTF source model"}};
  for (const auto& [name, expected] : cases) {
    const fs::path model = dir.path() / name;
    write_text(model, "not a model");
    const CommandResult r = run_command(aem() + " info " + shell_quote(model.string()));
    EXPECT_EQ(r.exit_code, 1) << name << ": " << r.output;  // the bake would fail: not a model
    EXPECT_NE(r.output.find(model.string() + ": " + expected + ", not an AEM file"), std::string::npos) << r.output;
  }
}

}  // namespace
}  // namespace aem::test
