// Where `aem bake` writes: stamps that know which model made an output, outputs that never
// overwrite what the bake reads (by file identity, whatever the spelling or link), outputs that
// are only ever regular files, and the -o rule for one input file.
#include <chrono>
#include <fstream>
#include <set>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include "aem/model.hpp"
#include "aem/pipeline/bake_stamp.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// `aem bake ARGS` run inside `dir`, so that outputs can be spelled relative to it.
CommandResult bake_in(const fs::path& dir, const std::string& args) {
  return run_command("cd " + shell_quote(dir.string()) + " && " + bake_command_line(args));
}

std::size_t vertex_count(const fs::path& aem_file) { return Model::open(aem_file).vertices().size(); }

// Every file below `dir` (stamps included), relative to it.
std::set<std::string> all_files_below(const fs::path& dir) {
  std::set<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) files.insert(e.path().lexically_relative(dir).generic_string());
  return files;
}

TEST(BakeOutputs, AnotherModelBakedToTheSameOutputIsBakedAgain) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("another_model");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "Box.glb");
  copy_to(khronos_model(corpus, "Duck"), dir.path() / "Duck.glb");
  const std::string options = " --textures rgba --max-texture-size 64";
  ASSERT_EQ(bake_in(dir.path(), "Duck.glb -o duck.aem" + options).exit_code, 0);
  const std::size_t duck_vertices = vertex_count(dir.path() / "duck.aem");

  const CommandResult box = bake_in(dir.path(), "Box.glb -o out.aem" + options);
  ASSERT_EQ(box.exit_code, 0) << box.output;
  const std::size_t box_vertices = vertex_count(dir.path() / "out.aem");
  ASSERT_NE(box_vertices, duck_vertices);

  const CommandResult duck = bake_in(dir.path(), "Duck.glb -o out.aem" + options);
  ASSERT_EQ(duck.exit_code, 0) << duck.output;
  EXPECT_FALSE(contains(duck.output, "up to date")) << duck.output;
  EXPECT_EQ(vertex_count(dir.path() / "out.aem"), duck_vertices);
  // Still incremental for the same model, spelled otherwise; and back to the Box.
  const CommandResult again = bake_in(dir.path(), "./Duck.glb -o out.aem" + options);
  EXPECT_TRUE(contains(again.output, "up to date")) << again.output;
  ASSERT_EQ(bake_in(dir.path(), "Box.glb -o out.aem" + options).exit_code, 0);
  EXPECT_EQ(vertex_count(dir.path() / "out.aem"), box_vertices);
}

TEST(BakeOutputs, AManifestEntryWhoseInputChangedIsBakedAgain) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("manifest_input");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "Box.glb");
  copy_to(khronos_model(corpus, "Duck"), dir.path() / "Duck.glb");
  const fs::path manifest = dir.path() / "assets.json";
  const std::string args = "--manifest " + shell_quote(manifest.string()) + " --textures rgba --max-texture-size 64";
  write_text(manifest, R"({"output_dir": "baked", "assets": [{"input": "Box.glb", "output": "model.aem"}]})");
  ASSERT_EQ(run_command(bake_command_line(args)).exit_code, 0);
  const std::size_t box_vertices = vertex_count(dir.path() / "baked/model.aem");
  write_text(manifest, R"({"output_dir": "baked", "assets": [{"input": "Duck.glb", "output": "model.aem"}]})");
  const CommandResult r = run_command(bake_command_line(args));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "1 baked, 0 up to date")) << r.output;
  EXPECT_NE(vertex_count(dir.path() / "baked/model.aem"), box_vertices);
}

TEST(BakeOutputs, TheModelIsNeverOverwrittenWhateverItsSpelling) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("model_itself");
  const fs::path model = dir.path() / "v.glb";
  copy_to(khronos_model(corpus, "Box"), model);
  fs::create_directories(dir.path() / "sub");
  fs::create_hard_link(model, dir.path() / "hard.aem");
  fs::create_symlink("v.glb", dir.path() / "soft.aem");
  const std::vector<char> bytes = read_all(model);
  const std::set<std::string> before = all_files_below(dir.path());
  for (const std::string& output :
       {std::string("v.glb"), std::string("./v.glb"), std::string("sub/../v.glb"), model.string(),
        std::string("hard.aem"), std::string("soft.aem")}) {
    const CommandResult r = bake_in(dir.path(), "v.glb -o " + shell_quote(output) + " --textures rgba");
    EXPECT_EQ(r.exit_code, 1) << output << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, "refusing to write the output " + output + ": it is the model itself")) << r.output;
    EXPECT_EQ(read_all(model), bytes) << output;
  }
  // A manifest's entry: its output must be a .aem, and not the model or the manifest by another name.
  const fs::path manifest = dir.path() / "assets.json";
  write_text(manifest, R"({"output_dir": ".", "assets": [{"input": "v.glb", "output": "sub/../v.glb"}]})");
  fs::create_hard_link(manifest, dir.path() / "manifest.aem");
  const std::pair<std::string, std::string> entries[] = {
      {"sub/../v.glb", "/assets/0/output: must name a .aem file"},
      {"hard.aem", "v.glb: refusing to write the output ./hard.aem: it is the model itself"},
      {"manifest.aem", "/assets/0: v.glb: refusing to write the output ./manifest.aem: it is the manifest"},
  };
  for (const auto& [output, expected] : entries) {
    // (Written in place, so that the hard link to the manifest sees it too.)
    write_text(manifest, R"({"output_dir": ".", "assets": [{"input": "v.glb", "output": ")" + output + R"("}]})");
    const CommandResult r = bake_in(dir.path(), "--manifest assets.json --textures rgba");
    EXPECT_EQ(r.exit_code, 1) << output << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, expected)) << output << "\n" << r.output;
    EXPECT_EQ(read_all(model), bytes) << output;
  }
  // Nor another entry's model.
  copy_to(model, dir.path() / "w.glb");
  fs::create_hard_link(dir.path() / "w.glb", dir.path() / "w_link.aem");
  const std::vector<char> w_bytes = read_all(dir.path() / "w.glb");
  write_text(manifest, R"({"output_dir": ".", "assets": [{"input": "v.glb", "output": "w_link.aem"}, "w.glb"]})");
  const CommandResult other = bake_in(dir.path(), "--manifest assets.json --textures rgba");
  EXPECT_EQ(other.exit_code, 1) << other.output;
  EXPECT_TRUE(contains(other.output, "v.glb: refusing to write the output ./w_link.aem: it is the model w.glb, which is baked too"))
      << other.output;
  EXPECT_EQ(read_all(dir.path() / "w.glb"), w_bytes);
  EXPECT_FALSE(fs::exists(dir.path() / "w.aem"));
  for (const char* name : {"assets.json", "manifest.aem", "w.glb", "w_link.aem"}) fs::remove(dir.path() / name);
  // Nor by the depfile.
  const CommandResult depfile = bake_in(dir.path(), "v.glb -o out/v.aem --textures rgba --depfile hard.aem");
  EXPECT_EQ(depfile.exit_code, 1) << depfile.output;
  EXPECT_TRUE(contains(depfile.output, "refusing to write the depfile")) << depfile.output;
  EXPECT_EQ(read_all(model), bytes);
  fs::remove_all(dir.path() / "out");
  EXPECT_EQ(all_files_below(dir.path()), before);
}

TEST(BakeOutputs, NoBufferOrImageTheModelReadsIsOverwritten) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("model_files");
  const fs::path box = dir.path() / "box";
  copy_to(corpus / "khronos/BoxTextured/glTF", box);
  const fs::path bin = box / "BoxTextured0.bin", png = box / "CesiumLogoFlat.png";
  const std::vector<char> bin_bytes = read_all(bin), png_bytes = read_all(png);
  fs::create_hard_link(bin, dir.path() / "bin.aem");
  fs::create_hard_link(png, dir.path() / "png.aem");
  write_text(dir.path() / "assets.json",
             R"({"output_dir": ".", "assets": [{"input": "box/BoxTextured.gltf", "output": "png.aem"}]})");
  const std::set<std::string> before = all_files_below(dir.path());
  struct Case {
    std::string args, expected;
  };
  const Case cases[] = {
      {"box/BoxTextured.gltf -o bin.aem", "refusing to write the output bin.aem: it is box/BoxTextured0.bin, which the bake reads"},
      {"box/BoxTextured.gltf -o png.aem", "refusing to write the output png.aem: it is box/CesiumLogoFlat.png, which the bake reads"},
      // Not .aem: a directory for one input, which cannot be where a file is.
      {"box/BoxTextured.gltf -o box/BoxTextured0.bin", "box/BoxTextured0.bin: exists and is not a directory"},
      {"--manifest assets.json", "refusing to write the output ./png.aem: it is box/CesiumLogoFlat.png, which the bake reads"},
  };
  for (const Case& c : cases) {
    const CommandResult r = bake_in(dir.path(), c.args + " --textures rgba");
    EXPECT_EQ(r.exit_code, 1) << c.args << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, c.expected)) << c.args << "\n" << r.output;
    EXPECT_EQ(read_all(bin), bin_bytes) << c.args;
    EXPECT_EQ(read_all(png), png_bytes) << c.args;
    // No output, stamp or temporary anywhere.
    EXPECT_EQ(all_files_below(dir.path()), before) << c.args;
  }
}

TEST(BakeOutputs, OnlyRegularFilesAreReplaced) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("not_regular");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "Box.glb");
  copy_to(khronos_model(corpus, "Duck"), dir.path() / "Duck.glb");
  const std::string options = " --textures rgba --max-texture-size 64";

  // (A FIFO of its own rather than /dev/null, which a regression run as root would replace.)
  ASSERT_EQ(::mkfifo((dir.path() / "pipe.aem").c_str(), 0600), 0);
  const CommandResult fifo = bake_in(dir.path(), "Box.glb -o pipe.aem" + options);
  EXPECT_EQ(fifo.exit_code, 1) << fifo.output;
  EXPECT_TRUE(contains(fifo.output, "pipe.aem: it is a FIFO")) << fifo.output;
  EXPECT_EQ(fs::symlink_status(dir.path() / "pipe.aem").type(), fs::file_type::fifo);
  const CommandResult depfile = bake_in(dir.path(), "Box.glb -o box.aem --depfile pipe.aem" + options);
  EXPECT_EQ(depfile.exit_code, 1) << depfile.output;
  EXPECT_TRUE(contains(depfile.output, "pipe.aem: refusing to write the depfile: it is a FIFO")) << depfile.output;
  EXPECT_EQ(fs::symlink_status(dir.path() / "pipe.aem").type(), fs::file_type::fifo);

  // A link is neither replaced nor written through (see specs/bake.md).
  write_text(dir.path() / "target.aem", "keep");
  fs::create_symlink("target.aem", dir.path() / "link.aem");
  const CommandResult link = bake_in(dir.path(), "Box.glb -o link.aem" + options);
  EXPECT_EQ(link.exit_code, 1) << link.output;
  EXPECT_TRUE(contains(link.output, "link.aem: it is a symbolic link")) << link.output;
  EXPECT_TRUE(fs::is_symlink(dir.path() / "link.aem"));
  const std::vector<char> kept = read_all(dir.path() / "target.aem");
  EXPECT_EQ(std::string(kept.begin(), kept.end()), "keep");

  // In a batch, the job whose output is a directory fails and the others bake.
  fs::create_directories(dir.path() / "out/Box.aem");
  const CommandResult batch = bake_in(dir.path(), "Box.glb Duck.glb -o out" + options);
  EXPECT_EQ(batch.exit_code, 1) << batch.output;
  EXPECT_TRUE(contains(batch.output, "FAILED Box.glb: refusing to write the output out/Box.aem: it is a directory")) << batch.output;
  EXPECT_TRUE(fs::is_directory(dir.path() / "out/Box.aem"));
  EXPECT_NO_THROW(Model::open(dir.path() / "out/Duck.aem"));
}

TEST(BakeOutputs, ForOneInputOutputIsAFileOnlyWhenItEndsInAem) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("one_input");
  copy_to(khronos_model(corpus, "Box"), dir.path() / "Box.glb");
  fs::create_directories(dir.path() / "existing.aem");
  const std::string options = " --textures rgba --max-texture-size 64";
  const std::pair<std::string, std::string> cases[] = {
      {"baked", "baked/Box.aem"},          {"baked2/", "baked2/Box.aem"},
      {"x.aem", "x.aem"},                  {"Y.AEM", "Y.AEM"},
      {"existing.aem", "existing.aem/Box.aem"},
  };
  for (const auto& [output, expected] : cases) {
    const CommandResult r = bake_in(dir.path(), "Box.glb -o " + output + options);
    EXPECT_EQ(r.exit_code, 0) << output << "\n" << r.output;
    // The one-file summary, naming where it went.
    EXPECT_TRUE(contains(r.output, expected + ": 24 vertices")) << output << "\n" << r.output;
    EXPECT_TRUE(fs::is_regular_file(dir.path() / expected)) << output;
    EXPECT_NO_THROW(Model::open(dir.path() / expected)) << output;
  }
  const CommandResult empty = bake_in(dir.path(), "Box.glb -o ''" + options);
  EXPECT_EQ(empty.exit_code, 1) << empty.output;
  EXPECT_TRUE(contains(empty.output, "-o names nothing")) << empty.output;
  EXPECT_FALSE(fs::exists(dir.path() / "Box.aem"));
  // A bake that fails makes no directory.
  const CommandResult missing = bake_in(dir.path(), "Missing.glb -o never" + options);
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_TRUE(contains(missing.output, "Missing.glb")) << missing.output;
  EXPECT_FALSE(fs::exists(dir.path() / "never"));
}

TEST(BakeOutputs, TheInputDirectoryMayBeTheOutputDirectory) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("in_place");
  copy_to(corpus / "khronos/BoxTextured/glTF", dir.path() / "box");
  copy_to(khronos_model(corpus, "Duck"), dir.path() / "Duck.glb");
  const std::string args = ". -o . --textures rgba --max-texture-size 64";
  const CommandResult first = bake_in(dir.path(), args);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_TRUE(contains(first.output, "2 baked, 0 up to date, 0 failed")) << first.output;
  EXPECT_NO_THROW(Model::open(dir.path() / "box/BoxTextured.aem"));
  EXPECT_NO_THROW(Model::open(dir.path() / "Duck.aem"));
  const CommandResult second = bake_in(dir.path(), args);
  EXPECT_TRUE(contains(second.output, "0 baked, 2 up to date, 0 failed")) << second.output;
}

TEST(BakeStamps, RecordWhichModelMadeTheOutputAndEachFilesIdentity) {
  ScratchDir dir("stamp_model");
  const fs::path a = dir.path() / "a.gltf", b = dir.path() / "b.gltf", out = dir.path() / "out.aem";
  write_text(a, "model a");
  write_text(b, "model b");
  write_text(out, "baked");
  const std::string key = pipeline::options_key({});
  pipeline::BakeStamp stamp{pipeline::baker_version(), key, pipeline::absolute_normal_path(a),
                            pipeline::FileState::of(out), {pipeline::FileState::of(a)}};
  pipeline::write_stamp(out, stamp);
  const std::optional<pipeline::BakeStamp> read = pipeline::read_stamp(out);
  ASSERT_TRUE(read.has_value());
  EXPECT_TRUE(pipeline::is_up_to_date(*read, out, a, key));
  EXPECT_TRUE(pipeline::is_up_to_date(*read, out, dir.path() / "." / "a.gltf", key));
  EXPECT_FALSE(pipeline::is_up_to_date(*read, out, b, key));
  // A file moved over the model, with its size and time, is another file all the same.
  const fs::path c = dir.path() / "c.gltf";
  write_text(c, "model c");
  fs::last_write_time(c, fs::last_write_time(a));
  fs::rename(c, a);
  ASSERT_EQ(pipeline::FileState::of(a).size, read->inputs[0].size);
  ASSERT_EQ(pipeline::FileState::of(a).mtime_ns, read->inputs[0].mtime_ns);
  EXPECT_FALSE(pipeline::is_up_to_date(*read, out, a, key));
}

// The one atomic writer (the bake's, the stamps', the DDS and screenshot writers'): replacing a
// file leaves only the file, and a failure names it and leaves nothing.
TEST(AtomicWrite, ReplacesTheFileAndLeavesNoTemporary) {
  ScratchDir dir("atomic_write");
  const fs::path path = dir.path() / "out.dds";
  const std::vector<std::byte> first = {std::byte{1}, std::byte{2}, std::byte{3}};
  const std::vector<std::byte> second = {std::byte{4}, std::byte{5}};
  pipeline::write_file_atomically(path, first);
  pipeline::write_file_atomically(path, second);
  std::ifstream in(path, std::ios::binary);
  const std::string back((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(back, std::string("\x04\x05"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), {}), 1);
  EXPECT_THROW(pipeline::write_file_atomically(dir.path() / "missing" / "x.dds", first), std::runtime_error);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), {}), 1);
}

}  // namespace
}  // namespace aem::test
