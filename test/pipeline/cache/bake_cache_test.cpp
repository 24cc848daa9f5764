// The shared bake cache and content stamps (issue 19): a second checkout of the corpus tree, in
// another directory and with new times, bakes nothing and writes the same bytes, from a cache
// directory and from a real nginx speaking Bazel's HTTP remote-cache protocol; a corrupt entry or
// a server that is down is a warning and a correct local bake; --shard K/N splits a tree so that
// every model is baked exactly once; touching a file without changing it rebakes nothing.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include "io/content_hash.hpp"
#include "bake_cli_support.hpp"
#include "nginx_server.hpp"
#include "run_command.hpp"
#include "corpus.hpp"
#include "watchdog.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// The options every bake here uses: fast, and the same for the runs that are compared.
const std::string kOptions = " -j2 --textures rgba --max-texture-size 256";

CommandResult cache_bake(const std::string& args) { return run_command(aem() + " bake " + args + kOptions); }

std::size_t model_count(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    n += e.is_regular_file() && (ext == ".gltf" || ext == ".glb") ? 1 : 0;
  }
  return n;
}

// Every output below `dir` (stamps left out) with its bytes, by relative path.
std::map<std::string, std::vector<char>> outputs_below(const fs::path& dir) {
  std::map<std::string, std::vector<char>> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".aem")
      out[e.path().lexically_relative(dir).generic_string()] = read_all(e.path());
  return out;
}

// A checkout of the corpus tree at `to`: a copy whose every file is newer than the original's.
void checkout(const fs::path& corpus, const fs::path& to, std::chrono::seconds later) {
  copy_to(corpus / "khronos", to);
  for (const auto& e : fs::recursive_directory_iterator(to))
    if (e.is_regular_file()) fs::last_write_time(e.path(), fs::file_time_type::clock::now() + later);
}

// "N baked (M from cache), K up to date": the counts of a batch's summary line.
std::string summary(std::size_t baked, std::size_t from_cache, std::size_t current) {
  return std::to_string(baked) + " baked" + (from_cache ? " (" + std::to_string(from_cache) + " from cache)" : "") +
         ", " + std::to_string(current) + " up to date, 0 failed";
}

// The inputs of the "baked" lines (not "from cache") of a batch's output.
std::multiset<std::string> baked_models(const std::string& output) {
  std::multiset<std::string> models;
  static const std::regex line(R"(\] baked (\S+) -> )");
  for (auto it = std::sregex_iterator(output.begin(), output.end(), line); it != std::sregex_iterator(); ++it)
    models.insert(fs::path((*it)[1].str()).filename().string());
  return models;
}

// Bakes a fresh checkout into an empty cache, then a second checkout elsewhere from it, and
// checks that the second baked nothing and wrote what the first did.
void second_checkout_bakes_nothing(const fs::path& corpus, const fs::path& dir, const std::string& cache_args) {
  const fs::path a = dir / "a" / "assets", b = dir / "elsewhere" / "b" / "assets";
  checkout(corpus, a, std::chrono::seconds(0));
  const std::size_t models = model_count(a);
  ASSERT_GT(models, 20u);
  const CommandResult first = cache_bake(shell_path(a) + " -o " + shell_path(dir / "a" / "baked") + cache_args);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_TRUE(contains(first.output, summary(models, 0, 0))) << first.output;
  EXPECT_TRUE(contains(first.output, "cache: 0 hits, " + std::to_string(models) + " misses")) << first.output;

  checkout(corpus, b, std::chrono::seconds(5));
  const CommandResult second = cache_bake(shell_path(b) + " -o " + shell_path(dir / "elsewhere" / "b" / "baked") + cache_args);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_TRUE(contains(second.output, summary(models, models, 0))) << second.output;
  EXPECT_TRUE(contains(second.output, "cache: " + std::to_string(models) + " hits, 0 misses")) << second.output;
  EXPECT_TRUE(baked_models(second.output).empty()) << second.output;
  EXPECT_FALSE(contains(second.output, "cache directory")) << second.output;
  EXPECT_FALSE(contains(second.output, "cache server")) << second.output;
  // A hit tells what the bake told: the same warnings, naming this checkout's models.
  EXPECT_TRUE(contains(second.output, "warning: " + (b / "Cameras/glTF/Cameras.gltf").string())) << second.output;
  const auto expected = outputs_below(dir / "a" / "baked");
  EXPECT_EQ(expected.size(), models);
  EXPECT_TRUE(outputs_below(dir / "elsewhere" / "b" / "baked") == expected) << "the outputs differ";
}

TEST(BakeCache, SecondCheckoutFromADirectoryBakesNothingAndWritesTheSameBytes) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("cache_dir");
  second_checkout_bakes_nothing(corpus, dir.path(), " --cache " + shell_path(dir.path() / "cache"));
  // Bazel's layout: action-cache records and blobs, each under two hex digits.
  EXPECT_TRUE(fs::is_directory(dir.path() / "cache" / "ac"));
  EXPECT_TRUE(fs::is_directory(dir.path() / "cache" / "cas"));
}

TEST(BakeCache, SecondCheckoutFromNginxWithWebDavBakesNothingAndWritesTheSameBytes) {
  AEM_REQUIRE_CORPUS(corpus);
  if (!fs::exists(kNginxPath)) GTEST_SKIP() << "nginx is not installed (" << kNginxPath << "); .ci/install-deps installs it";
  ScratchDir dir("cache_nginx");
  NginxServer nginx(dir.path() / "nginx");
  ASSERT_TRUE(nginx.running()) << "nginx did not start: " << nginx.error_log();
  second_checkout_bakes_nothing(corpus, dir.path(), " --cache-url " + nginx.url());
  EXPECT_TRUE(fs::is_directory(nginx.store() / "ac")) << nginx.error_log();
  EXPECT_TRUE(fs::is_directory(nginx.store() / "cas")) << nginx.error_log();
}

// One model, baked into a cache, then its entries damaged: each is ignored with a warning, and
// the model baked locally to the right bytes.
TEST(BakeCache, ACorruptEntryIsAWarningAndALocalBake) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("cache_corrupt");
  const fs::path model = corpus / "khronos/BoxTextured/glTF/BoxTextured.gltf";
  copy_to(model.parent_path(), dir.path() / "src");
  const fs::path input = dir.path() / "src" / "BoxTextured.gltf", cache = dir.path() / "cache";
  const std::string args = shell_path(input) + " -o " + shell_path(dir.path() / "good.aem") + " --cache " + shell_path(cache);
  ASSERT_EQ(cache_bake(args).exit_code, 0);
  const std::vector<char> good = read_all(dir.path() / "good.aem");

  // Every blob flipped in one byte: it no longer hashes to its name.
  for (const auto& e : fs::recursive_directory_iterator(cache / "cas")) {
    if (!e.is_regular_file()) continue;
    std::vector<char> bytes = read_all(e.path());
    bytes[bytes.size() / 2] ^= 0x40;
    std::ofstream(e.path(), std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
  }
  const CommandResult corrupt = cache_bake(shell_path(input) + " -o " + shell_path(dir.path() / "again.aem") + " --cache " + shell_path(cache));
  ASSERT_EQ(corrupt.exit_code, 0) << corrupt.output;
  EXPECT_TRUE(contains(corrupt.output, "warning: ")) << corrupt.output;
  EXPECT_TRUE(contains(corrupt.output, "does not match its SHA-256; ignored, the model is baked locally")) << corrupt.output;
  EXPECT_FALSE(contains(corrupt.output, "from cache")) << corrupt.output;
  EXPECT_EQ(read_all(dir.path() / "again.aem"), good);

  // The local bake stored a good blob again; now the records are damaged instead.
  for (const auto& e : fs::recursive_directory_iterator(cache / "ac"))
    if (e.is_regular_file()) std::ofstream(e.path(), std::ios::binary) << "{\"schema\": \"something else\"}";
  const CommandResult records = cache_bake(shell_path(input) + " -o " + shell_path(dir.path() / "third.aem") + " --cache " + shell_path(cache));
  ASSERT_EQ(records.exit_code, 0) << records.output;
  EXPECT_TRUE(contains(records.output, "is not a bake manifest for this model; ignored")) << records.output;
  EXPECT_EQ(read_all(dir.path() / "third.aem"), good);

  // A manifest record naming a file outside the model's directory (a poisoned cache asking a
  // fetch to read elsewhere): ignored, and nothing outside is read.
  ASSERT_EQ(cache_bake(shell_path(input) + " -o " + shell_path(dir.path() / "restored.aem") + " --cache " + shell_path(cache)).exit_code, 0);
  int poisoned = 0;
  for (const auto& e : fs::recursive_directory_iterator(cache / "ac")) {
    if (!e.is_regular_file()) continue;
    nlohmann::json record = nlohmann::json::parse(read_all(e.path()));
    if (record["schema"] != "aem-bake-cache-manifest") continue;
    record["inputs"].push_back("../../../../../../etc/hostname");
    std::ofstream(e.path(), std::ios::binary) << record.dump();
    ++poisoned;
  }
  ASSERT_EQ(poisoned, 1);
  const CommandResult outside = cache_bake(shell_path(input) + " -o " + shell_path(dir.path() / "outside.aem") + " --cache " + shell_path(cache));
  ASSERT_EQ(outside.exit_code, 0) << outside.output;
  EXPECT_TRUE(contains(outside.output, "names a file outside the model's directory and every allowed one; ignored"))
      << outside.output;
  EXPECT_EQ(read_all(dir.path() / "outside.aem"), good);

  // And after that local bake the cache serves the model again.
  const CommandResult healed = cache_bake(shell_path(input) + " -o " + shell_path(dir.path() / "fourth.aem") + " --cache " + shell_path(cache));
  ASSERT_EQ(healed.exit_code, 0) << healed.output;
  EXPECT_TRUE(contains(healed.output, "from cache")) << healed.output;
  EXPECT_FALSE(contains(healed.output, "warning")) << healed.output;
  EXPECT_EQ(read_all(dir.path() / "fourth.aem"), good);
}

TEST(BakeCache, AServerThatIsDownIsOneWarningAndEveryModelIsBakedLocally) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("cache_down");
  copy_to(corpus / "khronos/BoxTextured", dir.path() / "src" / "BoxTextured");
  copy_to(corpus / "khronos/Duck", dir.path() / "src" / "Duck");
  const std::size_t models = model_count(dir.path() / "src");
  const int port = free_local_port();  // nothing listens there
  ASSERT_GT(port, 0);
  const CommandResult r = cache_bake(shell_path(dir.path() / "src") + " -o " + shell_path(dir.path() / "out") +
                               " --cache-url http://127.0.0.1:" + std::to_string(port) + "/cache");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, summary(models, 0, 0))) << r.output;
  // Once for the run, not once per model.
  const std::size_t first = r.output.find("warning: cache server http://127.0.0.1:");
  ASSERT_NE(first, std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("warning: cache server", first + 1), std::string::npos) << r.output;
  EXPECT_TRUE(contains(r.output, "not used for the rest of this run")) << r.output;
  EXPECT_EQ(outputs_below(dir.path() / "out").size(), models);
}

TEST(BakeCache, ShardsBakeEachModelOnceAndAFullRunAssemblesThemFromTheCache) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("cache_shards");
  const fs::path src = dir.path() / "src", cache = dir.path() / "cache";
  checkout(corpus, src, std::chrono::seconds(0));
  const std::size_t models = model_count(src);
  std::multiset<std::string> baked;
  std::vector<std::size_t> sizes;
  for (int k = 1; k <= 3; ++k) {
    // Each CI job has its own output directory, as parallel jobs on other machines would.
    const CommandResult shard = cache_bake(shell_path(src) + " -o " + shell_path(dir.path() / ("out" + std::to_string(k))) + " --cache " +
                                     shell_path(cache) + " --shard " + std::to_string(k) + "/3");
    ASSERT_EQ(shard.exit_code, 0) << shard.output;
    const std::multiset<std::string> mine = baked_models(shard.output);
    sizes.push_back(mine.size());
    baked.insert(mine.begin(), mine.end());
  }
  std::multiset<std::string> all;
  for (const auto& e : fs::recursive_directory_iterator(src))
    if (e.path().extension() == ".gltf" || e.path().extension() == ".glb") all.insert(e.path().filename().string());
  EXPECT_EQ(baked, all) << "every model exactly once over the three shards";
  for (std::size_t n : sizes) EXPECT_GT(n, 0u) << "no shard is empty";

  const CommandResult full = cache_bake(shell_path(src) + " -o " + shell_path(dir.path() / "all") + " --cache " + shell_path(cache));
  ASSERT_EQ(full.exit_code, 0) << full.output;
  EXPECT_TRUE(contains(full.output, summary(models, models, 0))) << full.output;
  EXPECT_TRUE(baked_models(full.output).empty()) << full.output;
}

// A manifest's "cache" serves the manifest's assets; one outside its directory is refused.
TEST(BakeCache, AManifestNamesItsCache) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("cache_manifest");
  copy_to(corpus / "khronos/BoxTextured/glTF", dir.path() / "assets" / "box");
  write_text(dir.path() / "assets" / "assets.json",
             R"({"output_dir": "baked", "cache": "bake-cache", "assets": ["box/BoxTextured.gltf"]})");
  const std::string manifest = " --manifest " + shell_path(dir.path() / "assets" / "assets.json");
  const CommandResult first = cache_bake(manifest);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_TRUE(contains(first.output, "cache: 0 hits, 1 miss")) << first.output;
  EXPECT_TRUE(fs::is_directory(dir.path() / "assets" / "bake-cache" / "cas"));
  fs::remove_all(dir.path() / "assets" / "baked");
  const CommandResult second = cache_bake(manifest);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_TRUE(contains(second.output, summary(1, 1, 0))) << second.output;

  write_text(dir.path() / "assets" / "outside.json",
             R"({"output_dir": "baked", "cache": "../elsewhere", "assets": ["box/BoxTextured.gltf"]})");
  const CommandResult outside = cache_bake(" --manifest " + shell_path(dir.path() / "assets" / "outside.json"));
  EXPECT_EQ(outside.exit_code, 1) << outside.output;
  EXPECT_TRUE(contains(outside.output, "/cache: ")) << outside.output;
  EXPECT_TRUE(contains(outside.output, "is outside the manifest's directory")) << outside.output;
  EXPECT_FALSE(fs::exists(dir.path() / "elsewhere"));
}

TEST(BakeCache, ShardArgumentsAreChecked) {
  for (const char* bad : {"0/3", "4/3", "1/0", "3", "a/b", "1/3/2", "-1/3"}) {
    const CommandResult r = run_command(aem() + " bake x.gltf -o out --shard " + bad);
    EXPECT_EQ(r.exit_code, 1) << bad << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "--shard")) << r.output;
  }
}

// Content stamps: a touched file whose bytes are the same rebakes nothing, a moved tree stays up
// to date, and a changed byte rebakes its model alone.
TEST(BakeStampsByContent, TouchingOrMovingRebakesNothingAndAChangedByteRebakes) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("content_stamps");
  const fs::path tree = dir.path() / "tree";
  checkout(corpus, tree / "src", std::chrono::seconds(0));
  const std::size_t models = model_count(tree / "src");
  const std::string args = shell_path(tree / "src") + " -o " + shell_path(tree / "out");
  ASSERT_EQ(cache_bake(args).exit_code, 0);

  checkout(corpus, tree / "fresh", std::chrono::seconds(10));  // new times for every file
  fs::remove_all(tree / "src");
  fs::rename(tree / "fresh", tree / "src");
  const CommandResult touched = cache_bake(args);
  ASSERT_EQ(touched.exit_code, 0) << touched.output;
  EXPECT_TRUE(contains(touched.output, summary(0, 0, models))) << touched.output;

  const fs::path moved = dir.path() / "moved" / "elsewhere";
  fs::create_directories(moved.parent_path());
  fs::rename(tree, moved);
  const CommandResult after_move = cache_bake(shell_path(moved / "src") + " -o " + shell_path(moved / "out"));
  ASSERT_EQ(after_move.exit_code, 0) << after_move.output;
  EXPECT_TRUE(contains(after_move.output, summary(0, 0, models))) << after_move.output;

  // Bytes after a PNG's end change the file, not the picture: its model alone is baked again.
  std::ofstream(moved / "src/BoxTextured/glTF/CesiumLogoFlat.png", std::ios::binary | std::ios::app) << '\0';
  const CommandResult changed = cache_bake(shell_path(moved / "src") + " -o " + shell_path(moved / "out"));
  ASSERT_EQ(changed.exit_code, 0) << changed.output;
  EXPECT_TRUE(contains(changed.output, summary(1, 0, models - 1))) << changed.output;
  EXPECT_EQ(baked_models(changed.output), std::multiset<std::string>{"BoxTextured.gltf"}) << changed.output;
}

// A stamp of the format before content hashes (no "format") is not trusted: the model is baked
// again, and its new stamp is trusted after that.
TEST(BakeStampsByContent, AStampOfTheOldFormatRebakes) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("old_stamp");
  const std::string args = shell_path(corpus / "khronos/Box/glTF-Binary/Box.glb") + " -o " + shell_path(dir.path() / "Box.aem");
  ASSERT_EQ(cache_bake(args).exit_code, 0);
  const fs::path stamp = dir.path() / ".aem-bake" / "Box.aem.json";
  nlohmann::json j = nlohmann::json::parse(read_all(stamp));
  ASSERT_EQ(j["format"], 2);
  EXPECT_TRUE(contains(cache_bake(args).output, "up to date")) << "the new stamp is trusted";
  j.erase("format");
  std::ofstream(stamp, std::ios::binary) << j.dump();
  const CommandResult old = cache_bake(args);
  ASSERT_EQ(old.exit_code, 0) << old.output;
  EXPECT_FALSE(contains(old.output, "up to date")) << old.output;
  EXPECT_TRUE(contains(cache_bake(args).output, "up to date"));
}

// The hashes keys are made of: SHA-256 as FIPS 180-2 gives it, one read for both digests, and a
// FIFO or a missing file told apart at once, never read.
TEST(ContentHash, DigestsFilesWithoutEverBlocking) {
  EXPECT_EQ(pipeline::sha256_hex(std::string("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  ScratchDir dir("content_hash");
  write_text(dir.path() / "abc", "abc");
  const pipeline::ContentDigest abc = pipeline::digest_file(dir.path() / "abc", true);
  EXPECT_EQ(abc.kind, pipeline::DigestKind::regular);
  EXPECT_EQ(abc.size, 3u);
  EXPECT_EQ(abc.sha256, pipeline::sha256_hex(std::string("abc")));
  EXPECT_EQ(abc.xxh3, pipeline::xxh3_hex(std::as_bytes(std::span("abc", 3))));
  EXPECT_EQ(abc.xxh3.size(), 32u);
  EXPECT_TRUE(pipeline::digest_file(dir.path() / "abc", false).sha256.empty());
  EXPECT_EQ(pipeline::digest_file(dir.path() / "missing", true).kind, pipeline::DigestKind::missing);
  ASSERT_EQ(::mkfifo((dir.path() / "fifo").c_str(), 0600), 0);
  Watchdog watchdog("hashing a FIFO", std::chrono::seconds(60));
  EXPECT_EQ(pipeline::digest_file(dir.path() / "fifo", true).kind, pipeline::DigestKind::unreadable);
  EXPECT_EQ(pipeline::digest_file(dir.path(), true).kind, pipeline::DigestKind::unreadable);
}

}  // namespace
}  // namespace aem::test
