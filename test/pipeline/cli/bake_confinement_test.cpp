// Hostile input: what a bake may read and write (specs/bake.md, "Reading: what a bake may read").
// A model's buffers and images are read only as regular files inside its directory or an
// allowed one (--allow-dir, allow_dirs, BakeOptions::allowed_dirs), never searched for
// elsewhere; a FIFO anywhere is refused at once; a manifest writes only below its output
// directory and cannot crash the parser by nesting. Every refusal is exit status 1 or a
// BakeError naming the problem, with nothing (not even a temporary file) left in the output
// directory. Every input is generated here; hangs are caught by a watchdog and `timeout`.
#include <sys/stat.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_stamp.hpp"
#include "cache/bake_cache_key.hpp"
#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"
#include "synthetic_gltf.hpp"
#include "watchdog.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using std::chrono::seconds;

// One triangle whose positions are buffer 0, read from `uri` (36 bytes: three float3).
std::string triangle_gltf(const std::string& uri) {
  return R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 36, "uri": ")" + uri + R"("}],
    "bufferViews": [{"buffer": 0, "byteLength": 36}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})";
}

// The positions of one triangle, as a buffer file.
void write_triangle_buffer(const fs::path& path) {
  const float positions[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  std::string bytes(sizeof positions, '\0');
  std::memcpy(bytes.data(), positions, sizeof positions);
  write_file(path, bytes);
}

// The quad with material 0 using image 0 at `uri` as its base colour.
std::string textured_gltf(const std::string& uri) {
  return quad_gltf(R"("materials": [{"name": "Wood", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [{"source": 0}], "images": [{"uri": ")" + uri + R"("}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)");
}

// A 2×2 white PNG, its directory made first.
void write_png(const fs::path& path) {
  fs::create_directories(path.parent_path());
  const std::vector<std::uint8_t> pixels(2 * 2 * 4, 255);
  ASSERT_NE(stbi_write_png(path.c_str(), 2, 2, 4, pixels.data(), 2 * 4), 0) << path;
}

// Nothing at all below `dir` (or no `dir`): no output, no temporary file, no stamp.
void expect_nothing_in(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return;
  for (const auto& e : fs::recursive_directory_iterator(dir)) ADD_FAILURE() << "left behind: " << e.path();
}

// Bakes `model` into dir/out expecting a BakeError; returns its message.
std::string refused_bake(const fs::path& dir, const fs::path& model,
                         const pipeline::BakeOptions& options = test_options()) {
  const Watchdog watchdog("baking " + model.string(), seconds(120));
  std::string message;
  try {
    pipeline::bake_model_file(model, dir / "out" / "model.aem", options);
    ADD_FAILURE() << model << " baked";
  } catch (const pipeline::BakeError& e) {
    message = e.what();
  }
  EXPECT_TRUE(contains(message, model.string())) << message;
  expect_nothing_in(dir / "out");
  return message;
}

// `aem bake ARGS` run in `cwd`, stopped after a minute should it hang.
CommandResult confined_bake_in(const fs::path& cwd, const std::string& args) {
  const Watchdog watchdog("aem bake " + args, seconds(120));
  return run_command("cd " + shell_quote(cwd.string()) + " && timeout -k 5 60 " + aem() + " bake " + args);
}

TEST(BakeConfinement, DotDotBufferAndImageUrisAreRefused) {
  ScratchDir dir("dotdot");
  write_triangle_buffer(dir.path() / "secret.bin");
  write_png(dir.path() / "secret.png");
  const fs::path buffer_model = dir.path() / "m" / "buffer.gltf";
  write_file(buffer_model, triangle_gltf("../secret.bin"));
  std::string message = refused_bake(dir.path(), buffer_model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"../secret.bin\") leaves the model's directory")) << message;

  const fs::path image_model = dir.path() / "m" / "image.gltf";
  write_file(image_model, textured_gltf("../secret.png"));
  message = refused_bake(dir.path(), image_model);
  EXPECT_TRUE(contains(message, "image 0 (uri \"../secret.png\") leaves the model's directory")) << message;
  // An escape is refused even where a missing image would only be a warning.
  pipeline::BakeOptions lenient = test_options();
  lenient.allow_missing = true;
  message = refused_bake(dir.path(), image_model, lenient);
  EXPECT_TRUE(contains(message, "leaves the model's directory")) << message;
}

TEST(BakeConfinement, PercentEncodedDotDotIsRefused) {
  ScratchDir dir("percent");
  write_triangle_buffer(dir.path() / "secret.bin");
  const fs::path model = dir.path() / "m" / "model.gltf";
  write_file(model, triangle_gltf("..%2Fsecret.bin"));
  const std::string message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"..%2Fsecret.bin\") leaves the model's directory")) << message;
}

TEST(BakeConfinement, AbsolutePathsAndFileUrisAreRefused) {
  ScratchDir dir("absolute");
  const fs::path secret = dir.path() / "secret.bin";
  write_triangle_buffer(secret);
  write_png(dir.path() / "secret.png");
  const fs::path model = dir.path() / "m" / "model.gltf";
  write_file(model, triangle_gltf(secret.string()));
  std::string message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"" + secret.string() + "\") is an absolute path")) << message;

  write_file(model, textured_gltf((dir.path() / "secret.png").string()));
  message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "image 0")) << message;
  EXPECT_TRUE(contains(message, "is an absolute path")) << message;

  write_file(model, triangle_gltf("file://" + secret.string()));
  message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"file://" + secret.string() + "\") is a URI with the scheme \"file:\""))
      << message;
}

TEST(BakeConfinement, SymbolicLinkOutOfTheModelDirectoryIsRefused) {
  ScratchDir dir("symlink");
  write_triangle_buffer(dir.path() / "secret.bin");
  write_png(dir.path() / "secret.png");
  fs::create_directories(dir.path() / "m");
  fs::create_symlink(dir.path() / "secret.bin", dir.path() / "m" / "inside.bin");
  fs::create_symlink("../secret.png", dir.path() / "m" / "inside.png");
  const fs::path model = dir.path() / "m" / "model.gltf";
  write_file(model, triangle_gltf("inside.bin"));
  std::string message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"inside.bin\") leaves the model's directory")) << message;
  EXPECT_TRUE(contains(message, (dir.path() / "secret.bin").string())) << message;
  write_file(model, textured_gltf("inside.png"));
  message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "image 0 (uri \"inside.png\") leaves the model's directory")) << message;
  // A link that stays inside is followed.
  write_triangle_buffer(dir.path() / "m" / "real.bin");
  fs::create_symlink("real.bin", dir.path() / "m" / "alias.bin");
  write_file(model, triangle_gltf("alias.bin"));
  EXPECT_NO_THROW(pipeline::bake_model_file(model, dir.path() / "out" / "model.aem", test_options()));
}

TEST(BakeConfinement, FifosAndDirectoriesNamedByUrisAreRefusedAtOnce) {
  ScratchDir dir("fifo");
  fs::create_directories(dir.path() / "m" / "folder");
  ASSERT_EQ(::mkfifo((dir.path() / "m" / "pipe").c_str(), 0600), 0);
  const fs::path model = dir.path() / "m" / "model.gltf";
  write_file(model, triangle_gltf("pipe"));
  std::string message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"pipe\") is a FIFO")) << message;
  write_file(model, textured_gltf("pipe"));
  message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "image 0 (uri \"pipe\") is a FIFO")) << message;
  write_file(model, triangle_gltf("folder"));
  message = refused_bake(dir.path(), model);
  EXPECT_TRUE(contains(message, "buffer 0 (uri \"folder\") is a directory")) << message;
}

TEST(BakeConfinement, AllowedDirectoryAdmitsASharedTextureFolder) {
  ScratchDir dir("allowed");
  write_png(dir.path() / "shared" / "wood.png");
  const fs::path model = dir.path() / "m" / "model.gltf";
  write_file(model, textured_gltf("../shared/wood.png"));
  EXPECT_TRUE(contains(refused_bake(dir.path(), model), "leaves the model's directory"));
  pipeline::BakeOptions options = test_options();
  options.allowed_dirs = {dir.path() / "shared"};
  const pipeline::BakeReport report = pipeline::bake_model_file(model, dir.path() / "out" / "model.aem", options);
  EXPECT_NE(std::find(report.inputs.begin(), report.inputs.end(), dir.path() / "shared" / "wood.png"), report.inputs.end());
  // An allowed directory that is not there is an error, not silently nothing.
  options.allowed_dirs = {dir.path() / "nowhere"};
  fs::remove_all(dir.path() / "out");
  EXPECT_TRUE(contains(refused_bake(dir.path(), model, options), "nowhere: no such directory"));
}

TEST(BakeConfinement, AllowedDirectoriesArePartOfTheStampsOptions) {
  ScratchDir dir("stamp_key");
  fs::create_directories(dir.path() / "a");
  fs::create_directories(dir.path() / "b");
  pipeline::BakeOptions options = test_options();
  const std::string none = pipeline::options_key(options);
  EXPECT_FALSE(contains(none, "allow_dirs")) << none;  // stamps from before the option stay valid
  options.allowed_dirs = {dir.path() / "a"};
  const std::string a = pipeline::options_key(options);
  options.allowed_dirs = {dir.path() / "b"};
  const std::string b = pipeline::options_key(options);
  EXPECT_NE(a, none);
  EXPECT_NE(a, b);
  options.allowed_dirs = {dir.path() / "b", dir.path() / "a", dir.path() / "x" / ".." / "a"};
  const std::string both = pipeline::options_key(options);
  options.allowed_dirs = {dir.path() / "a", dir.path() / "b"};
  EXPECT_EQ(both, pipeline::options_key(options)) << "the order and spelling of the same directories do not matter";
}

// Not confinement, but the same key: the RDO λ changes the bytes, so stamps and cache keys carry
// it, and only when on, so that bakes without RDO keep the stamps and cache entries they had.
TEST(BakeConfinement, RdoLambdaIsPartOfTheStampsOptionsWhenOn) {
  pipeline::BakeOptions options = test_options();
  const std::string off = pipeline::options_key(options);
  EXPECT_FALSE(contains(off, "rdo")) << off;
  options.rdo_lambda = 0.5;
  const std::string half = pipeline::options_key(options);
  options.rdo_lambda = 1;
  const std::string one = pipeline::options_key(options);
  EXPECT_TRUE(contains(half, " rdo=0.5")) << half;
  EXPECT_NE(half, one);
  EXPECT_NE(pipeline::cache_options_text(options), pipeline::cache_options_text(test_options()));
}

// The RDO max loss likewise (specs/bc7-rdo.md, "Quality bound").
TEST(BakeConfinement, RdoMaxLossIsPartOfTheStampsOptionsWhenOn) {
  pipeline::BakeOptions options = test_options();
  const std::string off = pipeline::options_key(options);
  options.rdo_max_loss = 1;
  const std::string one = pipeline::options_key(options);
  options.rdo_max_loss = 0.5;
  const std::string half = pipeline::options_key(options);
  EXPECT_FALSE(contains(off, "rdo_max_loss")) << off;
  EXPECT_TRUE(contains(half, " rdo_max_loss=0.5")) << half;
  EXPECT_NE(half, one);
  EXPECT_NE(pipeline::cache_options_text(options), pipeline::cache_options_text(test_options()));
}

// Meshlets likewise: in the key (with their limits) only when on, so a bake without them keeps
// its stamps and cache entries; the limits alone change nothing while meshlets are off.
TEST(BakeConfinement, MeshletsArePartOfTheStampsOptionsWhenOn) {
  pipeline::BakeOptions options = test_options();
  const std::string off = pipeline::options_key(options);
  options.meshlet_vertices = 128;
  EXPECT_EQ(pipeline::options_key(options), off);
  options.meshlets = true;
  const std::string on = pipeline::options_key(options);
  EXPECT_TRUE(contains(on, " meshlets=128/124")) << on;
  EXPECT_FALSE(contains(off, "meshlets")) << off;
  EXPECT_NE(pipeline::cache_options_text(options), pipeline::cache_options_text(test_options()));
}

TEST(BakeConfinementCli, FifoPlantedAsAStampDoesNotBlock) {
  ScratchDir dir("stamp_fifo");
  write_triangle_buffer(dir.path() / "tri.bin");
  write_file(dir.path() / "model.gltf", triangle_gltf("tri.bin"));
  ASSERT_EQ(confined_bake_in(dir.path(), "model.gltf -o out/model.aem").exit_code, 0);
  const fs::path stamp = dir.path() / "out" / ".aem-bake" / "model.aem.json";
  ASSERT_TRUE(fs::remove(stamp));
  ASSERT_EQ(::mkfifo(stamp.c_str(), 0600), 0);
  const CommandResult r = confined_bake_in(dir.path(), "model.gltf -o out/model.aem");
  EXPECT_EQ(r.exit_code, 0) << r.output;  // not up to date: baked again, and the stamp rewritten
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(stamp))) << r.output;
}

TEST(BakeConfinementCli, MissingFileIsNotLookedForInTheWorkingDirectory) {
  ScratchDir dir("cwd_search");
  write_file(dir.path() / "m" / "model.gltf", triangle_gltf("tri.bin"));
  write_triangle_buffer(dir.path() / "cwd" / "tri.bin");  // what tinygltf alone would find
  const CommandResult r = confined_bake_in(dir.path() / "cwd", "../m/model.gltf -o ../out/model.aem");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "buffer file tri.bin not found in ../m")) << r.output;
  expect_nothing_in(dir.path() / "out");
}

TEST(BakeConfinementCli, FifoAsTheModelOrTheManifestIsRefusedAtOnce) {
  ScratchDir dir("fifo_model");
  ASSERT_EQ(::mkfifo((dir.path() / "model.gltf").c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo((dir.path() / "assets.json").c_str(), 0600), 0);
  CommandResult r = confined_bake_in(dir.path(), "model.gltf -o out/model.aem");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "model.gltf: is a FIFO")) << r.output;
  r = confined_bake_in(dir.path(), "--manifest assets.json -o out");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "assets.json: cannot read the manifest: is a FIFO")) << r.output;
  write_text(dir.path() / "list.json", R"({"output_dir": "out", "assets": ["model.gltf"]})");
  r = confined_bake_in(dir.path(), "--manifest list.json");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "/assets/0: model.gltf: is a FIFO")) << r.output;
  expect_nothing_in(dir.path() / "out");
}

TEST(BakeConfinementCli, AllowDirAndAllowDirsAdmitASharedTextureFolder) {
  ScratchDir dir("allow_dir");
  write_png(dir.path() / "shared" / "wood.png");
  write_file(dir.path() / "m" / "model.gltf", textured_gltf("../shared/wood.png"));
  CommandResult r = confined_bake_in(dir.path(), "m/model.gltf -o out/model.aem --textures rgba");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "image 0 (uri \"../shared/wood.png\") leaves the model's directory")) << r.output;
  expect_nothing_in(dir.path() / "out");
  r = confined_bake_in(dir.path(), "m/model.gltf -o out/model.aem --textures rgba --allow-dir shared");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(dir.path() / "out" / "model.aem"));
  r = confined_bake_in(dir.path(), "m/model.gltf -o out/model.aem --allow-dir nowhere");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "--allow-dir nowhere: no such directory")) << r.output;
  fs::remove_all(dir.path() / "out");

  // The manifest's form, in its defaults or an entry, relative to the manifest.
  for (const std::string json :
       {R"({"output_dir": "out", "defaults": {"allow_dirs": ["shared"]}, "assets": ["m/model.gltf"]})",
        R"({"output_dir": "out", "assets": [{"input": "m/model.gltf", "allow_dirs": ["shared"]}]})"}) {
    write_text(dir.path() / "assets.json", json);
    r = confined_bake_in(dir.path(), "--manifest assets.json --textures rgba");
    EXPECT_EQ(r.exit_code, 0) << json << "\n" << r.output;
    EXPECT_TRUE(fs::is_regular_file(dir.path() / "out" / "m" / "model.aem")) << json;
    fs::remove_all(dir.path() / "out");
  }
  // A manifest cannot allow what lies outside its own directory; the command line can.
  write_text(dir.path() / "m" / "assets.json",
             R"({"output_dir": "out", "defaults": {"allow_dirs": ["../shared"]}, "assets": ["model.gltf"]})");
  r = confined_bake_in(dir.path(), "--manifest m/assets.json --textures rgba");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "/defaults/allow_dirs/0: shared is outside the manifest's directory")) << r.output;
  expect_nothing_in(dir.path() / "m" / "out");
  r = confined_bake_in(dir.path(), "--manifest m/assets.json --textures rgba --allow-dir shared");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(BakeConfinementCli, ManifestInputsStayInsideItsDirectory) {
  ScratchDir dir("manifest_input");
  write_triangle_buffer(dir.path() / "elsewhere" / "tri.bin");
  write_file(dir.path() / "elsewhere" / "model.gltf", triangle_gltf("tri.bin"));
  write_text(dir.path() / "project" / "assets.json",
             R"({"output_dir": "out", "assets": [{"input": "../elsewhere/model.gltf", "output": "model.aem"}]})");
  CommandResult r = confined_bake_in(dir.path(), "--manifest project/assets.json");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "/assets/0: elsewhere/model.gltf resolves to")) << r.output;
  expect_nothing_in(dir.path() / "project" / "out");
  r = confined_bake_in(dir.path(), "--manifest project/assets.json --allow-dir elsewhere");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(dir.path() / "project" / "out" / "model.aem"));
  fs::remove_all(dir.path() / "project" / "out");
  // Nor through a symbolic link in a directory the manifest names.
  fs::create_directories(dir.path() / "project" / "models");
  fs::create_symlink(dir.path() / "elsewhere" / "model.gltf", dir.path() / "project" / "models" / "model.gltf");
  write_text(dir.path() / "project" / "assets.json", R"({"output_dir": "out", "assets": ["models"]})");
  r = confined_bake_in(dir.path(), "--manifest project/assets.json");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "/assets/0: project/models/model.gltf resolves to")) << r.output;
  expect_nothing_in(dir.path() / "project" / "out");
}

TEST(BakeConfinementCli, ManifestOutputsStayBelowTheOutputDirectory) {
  ScratchDir dir("manifest_output");
  const fs::path project = dir.path() / "a" / "b";
  write_triangle_buffer(project / "tri.bin");
  write_file(project / "model.gltf", triangle_gltf("tri.bin"));
  write_text(dir.path() / "victim.aem", "precious");
  write_text(dir.path() / "victim.txt", "precious");
  fs::create_directories(project / "out");
  fs::create_directories(dir.path() / "elsewhere");
  fs::create_symlink(dir.path() / "elsewhere", project / "out" / "link");
  struct Case {
    std::string output, expected;
  };
  const Case cases[] = {
      {"../../../victim.txt", "/assets/0/output: must name a .aem file"},
      {"../../../victim.aem", "refusing to write the output"},
      {(dir.path() / "victim.aem").string(), "refusing to write the output"},
      {"link/model.aem", "refusing to write the output"},
  };
  for (const Case& c : cases) {
    write_text(project / "assets.json",
               R"({"output_dir": "out", "assets": [{"input": "model.gltf", "output": ")" + c.output + R"("}]})");
    const CommandResult r = confined_bake_in(project, "--manifest assets.json");
    EXPECT_EQ(r.exit_code, 1) << c.output << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, c.expected)) << c.output << "\n" << r.output;
    if (c.expected == "refusing to write the output") {
      EXPECT_TRUE(contains(r.output, "outside the output directory")) << c.output << "\n" << r.output;
    }
    EXPECT_EQ(read_all(dir.path() / "victim.aem"), std::vector<char>({'p', 'r', 'e', 'c', 'i', 'o', 'u', 's'}));
    EXPECT_EQ(read_all(dir.path() / "victim.txt").size(), 8u);
    expect_nothing_in(dir.path() / "elsewhere");
    EXPECT_EQ(std::distance(fs::directory_iterator(project / "out"), fs::directory_iterator()), 1) << c.output;
  }
  // An allowed directory may receive outputs.
  write_text(project / "assets.json",
             R"({"output_dir": "out", "assets": [{"input": "model.gltf", "output": "link/model.aem"}]})");
  const CommandResult r = confined_bake_in(project, "--manifest assets.json --allow-dir ../../elsewhere");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(dir.path() / "elsewhere" / "model.aem"));
}

TEST(BakeConfinementCli, DeeplyNestedManifestIsRefusedWithoutCrashing) {
  ScratchDir dir("deep_manifest");
  const std::size_t depth = 100000;
  write_text(dir.path() / "assets.json", R"({"output_dir": "out", "defaults": {"textures": )" +
                                             std::string(depth, '[') + std::string(depth, ']') + R"(}, "assets": []})");
  const CommandResult r = confined_bake_in(dir.path(), "--manifest assets.json");
  EXPECT_EQ(r.exit_code, 1) << r.output.substr(0, 500);
  EXPECT_TRUE(contains(r.output, "assets.json: JSON nested 100002 levels deep (more than 256)")) << r.output.substr(0, 500);
  expect_nothing_in(dir.path() / "out");
}

}  // namespace
}  // namespace aem::test
