// `aem bake` over trees and manifests: incremental rebakes, identical bytes for any -j, failures
// that do not stop the batch, manifest errors that name their place, depfiles and Ctrl-C.
#include <fstream>
#include <iterator>
#include <set>

#include <unistd.h>

#include "aem/model.hpp"
#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// Every regular file below `dir` except the stamps, relative to it.
std::set<std::string> files_below(const fs::path& dir) {
  std::set<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().parent_path().filename() != ".aem-bake")
      files.insert(e.path().lexically_relative(dir).generic_string());
  }
  return files;
}

// The counts on the summary line, "N baked, M up to date, K failed".
std::string counts(std::size_t baked, std::size_t current, std::size_t failed) {
  return std::to_string(baked) + " baked, " + std::to_string(current) + " up to date, " + std::to_string(failed) +
         " failed";
}

TEST(BakeBatch, KhronosTreeRebakesOnlyWhatChanged) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("tree");
  const fs::path src = dir.path() / "src", out = dir.path() / "out";
  copy_to(corpus / "khronos", src);
  const std::size_t models = gltf_files(src).size();
  ASSERT_GT(models, 20u);
  const std::string args = shell_quote(src.string()) + " -o " + shell_quote(out.string()) + " -j2 --textures rgba --max-texture-size 256";

  const CommandResult first = run_command(bake_command_line(args));
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find(counts(models, 0, 0)), std::string::npos) << first.output;
  // Every model lands at its relative path, and nothing else does.
  std::set<std::string> expected;
  for (const fs::path& model : gltf_files(src))
    expected.insert(model.lexically_relative(src).replace_extension(".aem").generic_string());
  EXPECT_EQ(files_below(out), expected);
  EXPECT_NO_THROW(Model::open((out / "BoxTextured/glTF/BoxTextured.aem").string()));

  const CommandResult second = run_command(bake_command_line(args));
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(second.output.find(counts(0, models, 0)), std::string::npos) << second.output;

  // A newer buffer with the same bytes rebakes nothing (stamps compare contents)...
  const fs::path bin = src / "BoxTextured/glTF/BoxTextured0.bin";
  fs::last_write_time(bin, fs::last_write_time(bin) + std::chrono::seconds(2));
  const CommandResult touched = run_command(bake_command_line(args));
  ASSERT_EQ(touched.exit_code, 0) << touched.output;
  EXPECT_NE(touched.output.find(counts(0, models, 0)), std::string::npos) << touched.output;
  // ...and a changed image (a byte after the PNG's end) rebakes its model alone.
  const fs::path png = src / "BoxTextured/glTF/CesiumLogoFlat.png";
  std::ofstream(png, std::ios::binary | std::ios::app) << '\0';
  // Dated before the bake starts: an input written inside a bake's window leaves no stamp
  // (specs/bake.md, "Stamps"), which would rebake the model again below.
  fs::last_write_time(png, fs::last_write_time(png) - std::chrono::seconds(10));
  const CommandResult changed = run_command(bake_command_line(args));
  ASSERT_EQ(changed.exit_code, 0) << changed.output;
  EXPECT_NE(changed.output.find(counts(1, models - 1, 0)), std::string::npos) << changed.output;
  EXPECT_NE(changed.output.find("baked " + (src / "BoxTextured/glTF/BoxTextured.gltf").string()), std::string::npos)
      << changed.output;

  // So does a deleted output; a changed option rebakes everything, and so does --force.
  fs::remove(out / "Duck/glTF-Binary/Duck.aem");
  const CommandResult deleted = run_command(bake_command_line(args));
  EXPECT_NE(deleted.output.find(counts(1, models - 1, 0)), std::string::npos) << deleted.output;
  const CommandResult option = run_command(bake_command_line(args + " --max-texture-size 128"));
  ASSERT_EQ(option.exit_code, 0) << option.output;
  EXPECT_NE(option.output.find(counts(models, 0, 0)), std::string::npos) << option.output;
  const CommandResult forced = run_command(bake_command_line(args + " --max-texture-size 128 --force"));
  EXPECT_NE(forced.output.find(counts(models, 0, 0)), std::string::npos) << forced.output;
}

TEST(BakeBatch, SameBytesForAnyJobCount) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("jobs");
  const std::string inputs = shell_quote(khronos_model(corpus, "BoxTextured").string()) + " " +
                             shell_quote(khronos_model(corpus, "CesiumMan").string()) + " " +
                             shell_quote(khronos_model(corpus, "TextureSettingsTest").string()) + " " +
                             shell_quote(khronos_model(corpus, "NormalTangentTest").string());
  const std::string options = " --quality fast --max-texture-size 128";
  const CommandResult one = run_command(bake_command_line(inputs + " -o " + shell_quote((dir.path() / "j1").string()) + " -j1" + options));
  ASSERT_EQ(one.exit_code, 0) << one.output;
  const CommandResult four = run_command(bake_command_line(inputs + " -o " + shell_quote((dir.path() / "j4").string()) + " -j4" + options));
  ASSERT_EQ(four.exit_code, 0) << four.output;
  const std::set<std::string> files = files_below(dir.path() / "j1");
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files, files_below(dir.path() / "j4"));
  for (const std::string& f : files) {
    EXPECT_FALSE(read_all(dir.path() / "j1" / f).empty());
    EXPECT_EQ(read_all(dir.path() / "j1" / f), read_all(dir.path() / "j4" / f)) << f;
  }
}

TEST(BakeBatch, FailuresAreListedAndTheRestIsBaked) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("mixed");
  const fs::path src = dir.path() / "src", out = dir.path() / "out";
  copy_to(corpus / "khronos" / "Box", src / "Box");
  copy_to(corpus / "khronos" / "BoxTextured" / "glTF", src / "BoxTextured");
  copy_to(corpus / "invalid", src / "invalid");
  const std::size_t models = gltf_files(src).size();
  const CommandResult r = run_command(bake_command_line(shell_quote(src.string()) + " -o " + shell_quote(out.string()) + " --textures rgba"));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  // The good models are baked and valid; every failure is listed with its reason.
  EXPECT_NO_THROW(Model::open((out / "Box/glTF-Binary/Box.aem").string()));
  EXPECT_NO_THROW(Model::open((out / "BoxTextured/BoxTextured.aem").string()));
  EXPECT_NE(r.output.find("FAILED " + (src / "invalid/MissingBin/BoxTextured.gltf").string()), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("failed:\n"), std::string::npos) << r.output;
  std::size_t failed = 0;
  for (const fs::path& model : gltf_files(src)) {
    const fs::path output = out / model.lexically_relative(src).replace_extension(".aem");
    if (r.output.find("FAILED " + model.string() + ": ") != std::string::npos) {
      ++failed;
      EXPECT_FALSE(fs::exists(output)) << output;
    } else {
      EXPECT_NO_THROW(Model::open(output.string())) << output;
    }
  }
  EXPECT_GE(failed, 3u);
  EXPECT_NE(r.output.find(counts(models - failed, 0, failed)), std::string::npos) << r.output;
  // No temporary or partial file anywhere.
  for (const std::string& f : files_below(out)) EXPECT_EQ(fs::path(f).extension(), ".aem") << f;
  // Failures are tried again next time; the good ones are up to date.
  const CommandResult again = run_command(bake_command_line(shell_quote(src.string()) + " -o " + shell_quote(out.string()) + " --textures rgba"));
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.output.find(counts(0, models - failed, failed)), std::string::npos) << again.output;
}

TEST(BakeBatch, ManifestBakesWithPerAssetOptions) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("manifest");
  copy_to(corpus / "khronos" / "BoxTextured" / "glTF", dir.path() / "models/box");
  copy_to(corpus / "khronos" / "CesiumMan" / "glTF-Binary", dir.path() / "models/people");
  write_text(dir.path() / "assets.json", R"({
    "output_dir": "baked",
    "defaults": {"textures": "rgba", "max_texture_size": 64},
    "assets": [
      "models/box/BoxTextured.gltf",
      {"input": "models/box/BoxTextured.gltf", "output": "box_bc.aem", "textures": "bc", "quality": "fast"},
      {"input": "models/people", "max_texture_size": 32}
    ]
  })");
  const CommandResult r = run_command(bake_command_line("--manifest " + shell_quote((dir.path() / "assets.json").string()) + " -j2"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_below(dir.path() / "baked"),
            (std::set<std::string>{"models/box/BoxTextured.aem", "box_bc.aem", "models/people/CesiumMan.aem"}));
  const Model rgba = Model::open((dir.path() / "baked/models/box/BoxTextured.aem").string());
  const Model bc = Model::open((dir.path() / "baked/box_bc.aem").string());
  const Model person = Model::open((dir.path() / "baked/models/people/CesiumMan.aem").string());
  for (const Texture& t : rgba.textures()) {
    EXPECT_EQ(t.compression, std::uint32_t(Compression::none));
    EXPECT_LE(std::max(t.width, t.height), 64u);
  }
  bool any_bc7 = false;
  for (const Texture& t : bc.textures()) any_bc7 |= t.compression == std::uint32_t(Compression::bc7);
  EXPECT_TRUE(any_bc7);
  for (const Texture& t : person.textures()) EXPECT_LE(std::max(t.width, t.height), 32u);
  // -o overrides the manifest's output_dir.
  const CommandResult moved = run_command(bake_command_line("--manifest " + shell_quote((dir.path() / "assets.json").string()) +
                                               " -o " + shell_quote((dir.path() / "elsewhere").string())));
  ASSERT_EQ(moved.exit_code, 0) << moved.output;
  EXPECT_TRUE(fs::exists(dir.path() / "elsewhere/box_bc.aem"));
}

TEST(BakeBatch, ManifestErrorsNameTheirPlace) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("manifest_errors");
  copy_to(corpus / "khronos" / "Box" / "glTF-Binary", dir.path() / "models");
  fs::create_directories(dir.path() / "empty");
  const fs::path manifest = dir.path() / "assets.json";
  struct Case {
    std::string json, expected;
  };
  const Case cases[] = {
      {R"({"output_dir": "o", "assets": ["models/Box.glb", {"input": "models/Box.glb", "quality": "ultra"}]})",
       "/assets/1/quality: must be \"fast\", \"normal\" or \"best\", not \"ultra\""},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "qualty": "fast"}]})", "/assets/0/qualty: unknown key"},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "rdo": -0.5}]})",
       "/assets/0/rdo: must be a number from 0 to 1000 (the RDO lambda), not -0.5"},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "rdo": "1"}]})", "/assets/0/rdo: must be a number"},
      {R"({"output_dir": "o", "defaults": {"rdo": 1}, "assets": [{"input": "models/Box.glb", "textures": "rgba"}]})",
       "/assets/0: RDO applies to block-compressed textures only"},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "rdo_max_loss": 21}]})",
       "/assets/0/rdo_max_loss: must be a number from 0 to 20 (the RDO max loss in dB), not 21"},
      {R"({"output_dir": "o", "defaults": {"rdo": 1}, "assets": [{"input": "models/Box.glb", "rdo_max_loss": 1}]})",
       "/assets/0: an RDO lambda and an RDO max loss cannot both be given"},
      {R"({"output_dir": "o", "defaults": {"rdo_max_loss": 1, "textures": "rgba"}, "assets": ["models/Box.glb"]})",
       "/assets/0: RDO applies to block-compressed textures only: drop the RDO max loss"},
      {R"({"output_dir": "o", "assets": ["models/Box.glb", "models/Nope.glb"]})", "/assets/1: "},
      {R"({"output_dir": "o", "assets": [{"output": "x.aem"}]})", "/assets/0: no \"input\""},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "max_texture_size": "big"}]})",
       "/assets/0/max_texture_size: must be a whole number"},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "fps": 0}]})",
       "/assets/0/fps: must be a number > 0, not 0"},
      {R"({"output_dir": "o", "assets": [{"input": "models/Box.glb", "format_version": 2}]})",
       "/assets/0/format_version: must be 1 (plain version 1, no extension area), not 2"},
      {R"({"output_dir": "o", "defaults": {"textures": "dxt"}, "assets": ["models/Box.glb"]})",
       "/defaults/textures: must be \"bc\" or \"rgba\""},
      {R"({"output_dir": "o", "assets": [{"input": "models", "output": "x.aem"}]})", "/assets/0/output: "},
      {R"({"output_dir": "o", "assets": ["empty"]})", "/assets/0: "},
      {R"({"output_dir": "o", "assets": [42]})", "/assets/0: must be an input path"},
      {R"({"output_dir": "o", "assets": {"a": 1}})", "/assets: must be an array"},
      {R"({"assets": ["models/Box.glb"]})", "no \"output_dir\""},
      {R"({"output_dir": "o", "extra": 1, "assets": []})", "/extra: unknown key"},
      {"{\"output_dir\": \"o\",\n \"assets\": [\"models/Box.glb\",]}", "not valid JSON"},
  };
  for (const Case& c : cases) {
    write_text(manifest, c.json);
    const CommandResult r = run_command(bake_command_line("--manifest " + shell_quote(manifest.string())));
    EXPECT_EQ(r.exit_code, 1) << c.json << "\n" << r.output;
    EXPECT_NE(r.output.find(manifest.string() + ": "), std::string::npos) << c.json << "\n" << r.output;
    EXPECT_NE(r.output.find(c.expected), std::string::npos) << c.json << "\n" << r.output;
    EXPECT_FALSE(fs::exists(dir.path() / "o")) << c.json;
  }
}

TEST(BakeBatch, DepfileNamesTheOutputAndEveryFileItRead) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("depfile");
  const fs::path src = corpus / "khronos" / "BoxTextured" / "glTF";
  const fs::path out = dir.path() / "box.aem", depfile = dir.path() / "box.aem.d";
  const CommandResult r = run_command(bake_command_line(shell_quote((src / "BoxTextured.gltf").string()) + " -o " +
                                           shell_quote(out.string()) + " --textures rgba --depfile " +
                                           shell_quote(depfile.string())));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<char> bytes = read_all(depfile);
  const std::string text(bytes.begin(), bytes.end());
  EXPECT_EQ(text.rfind(out.string() + ":", 0), 0u) << text;
  for (const char* name : {"BoxTextured.gltf", "BoxTextured0.bin", "CesiumLogoFlat.png"})
    EXPECT_NE(text.find((fs::absolute(src) / name).lexically_normal().string()), std::string::npos) << name << "\n" << text;
  // Up to date the next time, and the depfile is written all the same.
  fs::remove(depfile);
  const CommandResult again = run_command(bake_command_line(shell_quote((src / "BoxTextured.gltf").string()) + " -o " +
                                               shell_quote(out.string()) + " --textures rgba --depfile " +
                                               shell_quote(depfile.string())));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("up to date"), std::string::npos) << again.output;
  const std::vector<char> rewritten = read_all(depfile);
  EXPECT_EQ(std::string(rewritten.begin(), rewritten.end()), text);
}

TEST(BakeBatch, OutputClashIsRefusedBeforeBaking) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("clash");
  // src/Box.glb (from the directory) and other/Box.glb (named) both map to out/Box.aem.
  copy_to(khronos_model(corpus, "Box"), dir.path() / "src/Box.glb");
  copy_to(khronos_model(corpus, "Duck"), dir.path() / "src/sub/Duck.glb");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "other/Box.glb");
  const CommandResult r = run_command(bake_command_line(shell_quote((dir.path() / "src").string()) + " " +
                                           shell_quote((dir.path() / "other/Box.glb").string()) + " -o " +
                                           shell_quote((dir.path() / "out").string())));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("would both be baked to"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(BakeBatch, AnOutputDirectoryThatCannotBeMadeIsNamed) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("blocked");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "src/sub/Box.glb");
  // A file where the output tree's directory would go.
  const fs::path blocker = dir.path() / "blocker";
  write_text(blocker, "not a directory");
  const fs::path model = dir.path() / "src/sub/Box.glb";
  const CommandResult r = run_command(bake_command_line(shell_quote((dir.path() / "src").string()) + " -o " +
                                           shell_quote((blocker / "out").string()) + " --textures rgba"));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  // The failed line names the input once, then the directory and why.
  EXPECT_NE(r.output.find("FAILED " + model.string() + ": " + (blocker / "out/sub").string() + ": cannot create directory: "),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find(model.string() + ": " + model.string()), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(counts(0, 0, 1)), std::string::npos) << r.output;
}

TEST(BakeBatch, TerminalShowsALiveLine) {
  AEM_REQUIRE_CORPUS(corpus);
  if (run_command("command -v script").exit_code != 0) GTEST_SKIP() << "script (util-linux) is not installed";
  ScratchDir dir("terminal");
  // script(1) gives the bake a pseudo-terminal; its output is what a user would see.
  const std::string command = "env -u CI " + bake_command_line(shell_quote(khronos_model(corpus, "BoxTextured").string()) + " " +
                                                  shell_quote(khronos_model(corpus, "CesiumMan").string()) + " -o " +
                                                  shell_quote((dir.path() / "out").string()) + " --quality fast --max-texture-size 64");
  const CommandResult r = run_command("script -qec " + shell_quote(command) + " /dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Redrawn in place (carriage return, erase to end of line), with the texture blocks.
  EXPECT_NE(r.output.find("\r["), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("/2] "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\x1b[K"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" | blocks "), std::string::npos) << r.output;
  // No per-file lines on a terminal; the summary as always.
  EXPECT_EQ(r.output.find("] baked "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(counts(2, 0, 0)), std::string::npos) << r.output;
}

TEST(BakeBatch, InterruptStopsCleanly) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("interrupt");
  const fs::path out = dir.path() / "out";
  // DamagedHelmet's 2048x2048 textures at the best quality take far longer than the second
  // that passes before the interrupt, on one thread.
  const std::string command = bake_command_line(shell_quote(khronos_model(corpus, "DamagedHelmet").string()) + " " +
                                   shell_quote(khronos_model(corpus, "CesiumMan").string()) + " -o " +
                                   shell_quote(out.string()) + " -j1 --quality best");
  // The interrupt comes once DamagedHelmet (the larger, so the first) holds its output's lock:
  // its bake has begun. (A stopwatch is only a ceiling, should the lock never appear.)
  const fs::path lock = out / ".aem-bake/DamagedHelmet.aem.lock";
  const CommandResult r = run_command("( " + command + " ) & pid=$!; i=0; while [ ! -e " + shell_quote(lock.string()) +
                                      " ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; sleep 0.2; kill -INT $pid; "
                                      "wait $pid; echo \"exit=$?\"");
  EXPECT_NE(r.output.find("exit=130"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("interrupted"), std::string::npos) << r.output;
  // The stopped model's line says so (it once said FAILED, with no reason, or nothing at all);
  // the model never started has no line.
  const std::string helmet = khronos_model(corpus, "DamagedHelmet").string();
  EXPECT_NE(r.output.find("[1/2] cancelled " + helmet + " (interrupted; " + (out / "DamagedHelmet.aem").string() +
                          " not written)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("FAILED"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("CesiumMan"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out / "DamagedHelmet.aem"));
  if (fs::exists(out)) {
    for (const std::string& f : files_below(out)) EXPECT_EQ(fs::path(f).extension(), ".aem") << f;
  }
}

}  // namespace
}  // namespace aem::test
