// `aem cache prune DIR --max-size SIZE`: the least recently used entries go first (a hit counts as
// a use), only the cache's own entries and abandoned temporaries are ever removed, sizes and usage
// are checked, and bakes running beside a prune see whole entries or misses, never a warning.
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "corpus.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

const std::string kPruneBakeOptions = " -j2 --textures rgba --max-texture-size 64";

CommandResult bake_cached(const fs::path& model, const fs::path& output, const fs::path& cache) {
  return run_command(aem() + " bake " + shell_path(model) + " -o " + shell_path(output) + " --cache " + shell_path(cache) + kPruneBakeOptions);
}

CommandResult prune(const fs::path& cache, const std::string& args) {
  return run_command(aem() + " cache prune " + shell_path(cache) + " " + args);
}

// The cache's entry files (ac/ and cas/, temporaries left out).
std::set<fs::path> entries(const fs::path& cache) {
  std::set<fs::path> found;
  for (const char* area : {"ac", "cas"})
    if (fs::exists(cache / area))
      for (const auto& e : fs::recursive_directory_iterator(cache / area))
        if (e.is_regular_file() && e.path().filename().string()[0] != '.') found.insert(e.path());
  return found;
}

std::uint64_t total_size(const std::set<fs::path>& files) {
  std::uint64_t bytes = 0;
  for (const fs::path& f : files) bytes += fs::file_size(f);
  return bytes;
}

void set_age(const std::set<fs::path>& files, std::chrono::minutes age) {
  for (const fs::path& f : files) fs::last_write_time(f, fs::file_time_type::clock::now() - age);
}

std::string key_name(char first, char second) { return std::string{first, second} + std::string(62, 'a'); }

// ".KEY.tmp-<writer>": a temporary beside an entry (built step by step: GCC 12's -Wrestrict
// misreads `"." + string`).
std::string temporary_name(char first, char second, const std::string& writer) {
  std::string name = ".";
  name += key_name(first, second);
  name += ".tmp-" + writer;
  return name;
}

TEST(CachePrune, LeastRecentlyUsedGoFirstAndAHitIsAUse) {
  AEM_REQUIRE_CORPUS(corpus);
  const ScratchDir dir("cache_prune_lru");
  const fs::path cache = dir.path() / "cache";
  std::map<std::string, std::set<fs::path>> files;  // each model's entries
  int age = 4 * 60;
  for (const std::string name : {"Box", "BoxTextured", "BoxVertexColors"}) {
    const std::set<fs::path> before = entries(cache);
    const CommandResult r = bake_cached(khronos_model(corpus, name), dir.path() / "first" / (name + ".aem"), cache);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    for (const fs::path& f : entries(cache))
      if (!before.count(f)) files[name].insert(f);
    ASSERT_EQ(files[name].size(), 3u) << name << ": a manifest, a result and a blob";
    set_age(files[name], std::chrono::minutes(age -= 60));  // Box oldest, BoxVertexColors newest
  }
  // A hit makes Box the most recently used.
  const CommandResult hit = bake_cached(khronos_model(corpus, "Box"), dir.path() / "hit" / "Box.aem", cache);
  ASSERT_EQ(hit.exit_code, 0) << hit.output;
  ASSERT_TRUE(contains(hit.output, "from cache")) << hit.output;

  const std::uint64_t keep = total_size(files["Box"]) + total_size(files["BoxVertexColors"]);
  const CommandResult pruned = prune(cache, "--max-size " + std::to_string(keep));
  ASSERT_EQ(pruned.exit_code, 0) << pruned.output;
  EXPECT_TRUE(contains(pruned.output, "removed 3 of 9 entries")) << pruned.output;
  std::set<fs::path> expected = files["Box"];
  expected.insert(files["BoxVertexColors"].begin(), files["BoxVertexColors"].end());
  EXPECT_EQ(entries(cache), expected);

  // Within the size already: nothing goes.
  const CommandResult again = prune(cache, "--max-size " + std::to_string(keep));
  EXPECT_TRUE(contains(again.output, "removed 0 of 6 entries")) << again.output;
  // What was pruned is baked again; what was kept is still a hit.
  const CommandResult rebaked = bake_cached(khronos_model(corpus, "BoxTextured"), dir.path() / "again" / "BoxTextured.aem", cache);
  EXPECT_FALSE(contains(rebaked.output, "from cache")) << rebaked.output;
  const CommandResult kept = bake_cached(khronos_model(corpus, "BoxVertexColors"), dir.path() / "again" / "BoxVertexColors.aem", cache);
  EXPECT_TRUE(contains(kept.output, "from cache")) << kept.output;
}

TEST(CachePrune, RemovesOnlyTheCachesEntriesAndAbandonedTemporaries) {
  const ScratchDir dir("cache_prune_only_entries");
  const fs::path cache = dir.path();
  const fs::path record = cache / "ac" / "ab" / key_name('a', 'b');
  const fs::path blob = cache / "cas" / "cd" / key_name('c', 'd');
  const fs::path fresh_temporary = cache / "ac" / "ab" / temporary_name('a', 'b', "12-0");
  const fs::path abandoned_temporary = cache / "cas" / "cd" / temporary_name('c', 'd', "13-0");
  const std::set<fs::path> untouched{cache / "README",                          // not in ac/ or cas/
                                     cache / "ac" / "ab" / "notes",             // not a key
                                     cache / "ac" / "zz" / key_name('z', 'z'),  // not a fan-out folder
                                     cache / "cas" / "ef" / key_name('a', 'b'),  // in another key's folder
                                     fresh_temporary};
  write_text(record, std::string(10, 'r'));
  write_text(blob, std::string(20, 'b'));
  write_text(abandoned_temporary, "half");
  for (const fs::path& f : untouched) write_text(f, "keep");
  set_age({abandoned_temporary}, std::chrono::minutes(61));

  const CommandResult r = prune(cache, "--max-size 0 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json report = nlohmann::json::parse(r.output);
  EXPECT_EQ(report["schema"], "aem-cache-prune-report");
  EXPECT_EQ(report["max_size"], 0);
  EXPECT_EQ(report["before"]["entries"], 2);
  EXPECT_EQ(report["before"]["bytes"], 30);
  EXPECT_EQ(report["removed"]["bytes"], 30);
  EXPECT_EQ(report["left"]["entries"], 0);
  EXPECT_EQ(report["temporaries_removed"], 1);
  EXPECT_FALSE(fs::exists(record));
  EXPECT_FALSE(fs::exists(blob));
  EXPECT_FALSE(fs::exists(abandoned_temporary));
  for (const fs::path& f : untouched) EXPECT_TRUE(fs::exists(f)) << f;
}

TEST(CachePrune, SizesAndUsageAreChecked) {
  const ScratchDir dir("cache_prune_usage");
  const fs::path cache = dir.path();
  write_text(cache / "cas" / "cd" / key_name('c', 'd'), std::string(2048, 'b'));
  // 2K keeps the entry, 1k does not: powers of 1024, any case.
  EXPECT_TRUE(contains(prune(cache, "--max-size 2K").output, "removed 0 of 1 entries"));
  for (const std::string size : {"2x", "0.5G", "-1", "K", "1KB", "18446744073709551615T"}) {
    const CommandResult r = prune(cache, "--max-size " + shell_quote(size));
    EXPECT_EQ(r.exit_code, 1) << size;
    EXPECT_TRUE(contains(r.output, "--max-size needs a size") && contains(r.output, "'" + size + "'")) << r.output;
  }
  const CommandResult missing = prune(cache, "");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_TRUE(contains(missing.output, "missing --max-size")) << missing.output;
  const CommandResult other = run_command(aem() + " cache clean " + shell_path(cache) + " --max-size 1");
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_TRUE(contains(other.output, "unknown cache command 'clean'")) << other.output;
  const CommandResult absent = prune(cache / "absent", "--max-size 1 --json");
  EXPECT_EQ(absent.exit_code, 1);
  EXPECT_TRUE(contains(absent.output, (cache / "absent").string() + ": no such directory")) << absent.output;
  EXPECT_FALSE(contains(absent.output, "{")) << "no partial report: " << absent.output;
  const CommandResult help = run_command(aem() + " cache --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(contains(help.output, "usage: aem cache prune DIR --max-size SIZE")) << help.output;
  EXPECT_TRUE(contains(prune(cache, "--max-size 1k").output, "removed 1 of 1 entries"));
}

// Bakes of one model through a cache that a loop prunes to nothing all the while: each sees a
// whole entry (a hit) or a miss (and bakes), never a broken entry or a store error.
TEST(CachePrune, BakesBesideAPruneSeeWholeEntriesOrMisses) {
  AEM_REQUIRE_CORPUS(corpus);
  const ScratchDir dir("cache_prune_concurrent");
  const fs::path model = khronos_model(corpus, "BoxTextured");
  const fs::path cache = dir.path() / "cache", stop = dir.path() / "stop";
  const CommandResult reference = run_command(aem() + " bake " + shell_path(model) + " -o " + shell_path(dir.path() / "reference.aem") + kPruneBakeOptions);
  ASSERT_EQ(reference.exit_code, 0) << reference.output;
  constexpr int kBakes = 12;
  // The cache exists before the prune loop starts: pruning a directory that is not there is an
  // error, which the loop would report if it won the race against the first bake.
  fs::create_directories(cache);
  const std::string script =
      "( i=0; while [ ! -e " + shell_path(stop) + " ] && [ $i -lt 2000 ]; do i=$((i+1)); " + aem() + " cache prune " + shell_path(cache) +
      " --max-size 0 >/dev/null 2>" + shell_path(dir.path() / "prune.err") + " || echo PRUNE_FAILED; echo run; done ) > " +
      shell_path(dir.path() / "prune.log") + " & for i in $(seq 1 " + std::to_string(kBakes) +
      "); do " + aem() + " bake " + shell_path(model) + " -o " + shell_path(dir.path() / "out") + "/$i.aem --cache " + shell_path(cache) + kPruneBakeOptions +
      " > " + shell_path(dir.path()) + "/bake$i.log 2>&1; echo \"exit $?\" >> " + shell_path(dir.path()) + "/bake$i.log; done; touch " +
      shell_path(stop) + "; wait";
  ASSERT_EQ(run_command(script).exit_code, 0);
  const std::vector<char> expected = read_all(dir.path() / "reference.aem");
  for (int i = 1; i <= kBakes; ++i) {
    const std::vector<char> log = read_all(dir.path() / ("bake" + std::to_string(i) + ".log"));
    const std::string text(log.begin(), log.end());
    EXPECT_TRUE(contains(text, "exit 0")) << text;
    EXPECT_FALSE(contains(text, "warning")) << text;
    EXPECT_EQ(read_all(dir.path() / "out" / (std::to_string(i) + ".aem")), expected) << i;
  }
  const std::vector<char> prune_log = read_all(dir.path() / "prune.log");
  const std::string prunes(prune_log.begin(), prune_log.end());
  const std::vector<char> prune_errors = read_all(dir.path() / "prune.err");
  EXPECT_FALSE(contains(prunes, "PRUNE_FAILED")) << std::string(prune_errors.begin(), prune_errors.end());
  EXPECT_TRUE(contains(prunes, "run")) << "the prune never ran";
}

}  // namespace
}  // namespace aem::test
