// Byte identity of the corpus bakes: every corpus model, baked with two option sets, must give the
// outcome recorded in bake_identity.txt (the AEM bytes' size and hash and the sorted warnings'
// hash, or the error's hash). Refactors of the pipeline keep the table; a deliberate output change
// rewrites it in the same commit (specs/scene-description.md §4.1):
//
//   AEM_UPDATE_BAKE_IDENTITY=1 bake_tests --gtest_filter='BakeIdentity*'
//
// Hashes are of exact bytes, and floating point is compared only where the table was recorded:
// x86-64 Linux (gcc and clang give the same table there), and x86-64 Windows, where the Windows
// build runs this test under Wine against the same table (test/platform): messages there name
// files with backslashes, which are compared as slashes, and the models of the formats that build
// leaves out (Assimp's, Draco-compressed glTF) are refused by name instead, and listed.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "bake_test_support.hpp"
#include "corpus.hpp"
#include "fnv1a.hpp"

namespace {

namespace fs = std::filesystem;
using aem::pipeline::BakeOptions;

const fs::path kTable = fs::path(AEM_TEST_SOURCE_DIR) / "test" / "pipeline" / "bake_identity.txt";

// rgba256: every model, uncompressed and small. bc64: the real models again through the BC7/BC5
// encoders, generated tangents and missing-image warnings, at low cost.
BakeOptions option_set(const std::string& name) {
  BakeOptions options = aem::test::test_options();
  if (name == "bc64") {
    options.textures = aem::pipeline::TextureEncoding::bc;
    options.quality = aem::codec::Bc7Quality::fast;
    options.max_texture_size = 64;
    options.regenerate_tangents = true;
    options.allow_missing = true;
  }
  return options;
}

struct Job {
  std::string key;  // "<path under the corpus> <set>"
  fs::path file;
  std::string set;
};

std::vector<Job> corpus_jobs(const fs::path& corpus) {
  std::vector<Job> jobs;
  for (const char* dir : {"khronos", "extra", "tangents", "e3d", "invalid", "validator"}) {
    const bool real = std::string(dir) != "invalid" && std::string(dir) != "validator";
    for (const fs::path& file : aem::test::corpus_sweep(corpus / dir)) {
      const std::string rel = file.lexically_relative(corpus).generic_string();
      jobs.push_back({rel + " rgba256", file, "rgba256"});
      if (real) jobs.push_back({rel + " bc64", file, "bc64"});
    }
  }
  std::sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.key < b.key; });
  return jobs;
}

std::string hex(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

// Messages name the model by its full path; the table must not depend on where the corpus is, nor
// on the platform's separator.
std::string without_corpus(std::string text, const std::string& corpus) {
  for (std::size_t at = text.find(corpus); at != std::string::npos; at = text.find(corpus, at))
    text.replace(at, corpus.size(), "<corpus>");
#if defined(_WIN32)
  std::replace(text.begin(), text.end(), '\\', '/');
#endif
  return text;
}

// The refusal of a build without Assimp or Draco (pipeline/import/assimp/assimp_absent.cpp,
// draco_decoding.cpp): such models are not compared, but counted.
constexpr const char* kLeftOutMarker = "left out of this build: ";
bool refused_as_left_out(const std::string& message) {
  return message.find("not supported by this build") != std::string::npos;
}

// "ok <size> <hash of the bytes> <hash of the sorted warnings>" or "error <hash of the message>".
std::string outcome(const Job& job, const fs::path& corpus) {
  try {
    const auto result = aem::pipeline::bake_model(job.file, option_set(job.set));
    const std::vector<std::byte> bytes = aem::pipeline::serialize_model(result.content);
    std::vector<std::string> warnings;
    for (const std::string& w : result.report.warnings) warnings.push_back(without_corpus(w, corpus.string()));
    std::sort(warnings.begin(), warnings.end());
    std::string joined;
    for (const std::string& w : warnings) joined += w + "\n";
    return "ok " + std::to_string(bytes.size()) + " " + hex(aem::test::fnv1a64(bytes.data(), bytes.size())) +
           " " + hex(aem::test::fnv1a64(joined));
  } catch (const std::exception& e) {
    if (refused_as_left_out(e.what())) return kLeftOutMarker + without_corpus(e.what(), corpus.string());
    return "error " + hex(aem::test::fnv1a64(without_corpus(e.what(), corpus.string())));
  }
}

// Bakes every job, a few at a time (each bake is single-threaded and independent).
std::map<std::string, std::string> bake_all(const std::vector<Job>& jobs, const fs::path& corpus) {
  std::vector<std::string> outcomes(jobs.size());
  std::atomic<std::size_t> next{0};
  const unsigned workers = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < workers; ++w)
    threads.emplace_back([&] {
      for (std::size_t i = next++; i < jobs.size(); i = next++) outcomes[i] = outcome(jobs[i], corpus);
    });
  for (std::thread& t : threads) t.join();
  std::map<std::string, std::string> table;
  for (std::size_t i = 0; i < jobs.size(); ++i) table[jobs[i].key] = outcomes[i];
  return table;
}

// Table lines are "<path> <set> <outcome>"; '#' starts a comment.
std::map<std::string, std::string> read_table() {
  std::map<std::string, std::string> table;
  std::ifstream in(kTable);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t path_end = line.find(' ');
    const std::size_t set_end = line.find(' ', path_end + 1);
    if (path_end == std::string::npos || set_end == std::string::npos) continue;
    table[line.substr(0, set_end)] = line.substr(set_end + 1);
  }
  return table;
}

std::string recorded_at() {
  std::string commit = "unknown commit";
  const std::string command = "git -C '" + std::string(AEM_TEST_SOURCE_DIR) + "' rev-parse --short HEAD 2>/dev/null";
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char text[64] = {};
    if (std::fgets(text, sizeof text, pipe)) commit = std::string(text, std::strcspn(text, "\n"));
    pclose(pipe);
  }
  std::string compiler =
#if defined(__clang__)
      "clang " __clang_version__;
#elif defined(__GNUC__)
      "gcc " __VERSION__;
#else
      "an unknown compiler";
#endif
  return "commit " + commit + ", " + compiler;
}

TEST(BakeIdentity, CorpusBakesToTheRecordedBytes) {
#if !(defined(__x86_64__) && (defined(__linux__) || defined(_WIN32)))
  GTEST_SKIP() << "the table is recorded on x86-64 Linux (and checked on x86-64 Windows); floating point elsewhere may differ";
#endif
  AEM_REQUIRE_CORPUS(corpus);
  const std::vector<Job> jobs = corpus_jobs(corpus);
  ASSERT_FALSE(jobs.empty());
  const std::map<std::string, std::string> actual = bake_all(jobs, corpus);
  const std::map<std::string, std::string> expected = read_table();

  const char* update = std::getenv("AEM_UPDATE_BAKE_IDENTITY");
  const char* sweep_limit = std::getenv("AEM_TEST_CORPUS_MAX_BYTES");
  if (update && *update) {
    ASSERT_FALSE(sweep_limit && *sweep_limit) << "AEM_UPDATE_BAKE_IDENTITY needs every model: unset AEM_TEST_CORPUS_MAX_BYTES";
    std::size_t changed = 0;
    for (const auto& [key, value] : actual) {
      const auto it = expected.find(key);
      if (it == expected.end() || it->second != value) ++changed;
    }
    for (const auto& [key, value] : expected) changed += actual.count(key) ? 0 : 1;
    std::ofstream out(kTable, std::ios::trunc);
    out << "# Byte identity of the corpus bakes: <path under the corpus> <option set> ok <AEM size>\n"
           "# <fnv1a64 of the AEM> <fnv1a64 of the sorted warnings>, or error <fnv1a64 of the message>.\n"
           "# Checked by bake_identity_test.cpp; recorded at "
        << recorded_at() << ".\n";
    for (const auto& [key, value] : actual) out << key << ' ' << value << '\n';
    ASSERT_TRUE(out.good()) << "cannot write " << kTable;
    GTEST_SKIP() << "rewrote " << kTable << ": " << actual.size() << " entries, " << changed << " changed";
  }

  ASSERT_FALSE(expected.empty()) << kTable << " is missing or empty";
  std::ostringstream problems;
  std::size_t count = 0;
  std::size_t left_out = 0;
  for (const auto& [key, value] : actual) {
    const auto it = expected.find(key);
    if (value.rfind(kLeftOutMarker, 0) == 0) {
      ++left_out;  // a format this build leaves out, refused by name
      std::printf("not compared: %s: %s\n", key.c_str(), value.c_str());
    } else if (it == expected.end()) {
      problems << "  " << key << ": not in the table (got " << value << ")\n";
      ++count;
    } else if (it->second != value) {
      problems << "  " << key << ": expected " << it->second << ", got " << value << "\n";
      ++count;
    }
  }
  for (const auto& [key, value] : expected)
    if (!actual.count(key) && aem::test::corpus_model_taken(corpus / key.substr(0, key.rfind(' ')))) {
      problems << "  " << key << ": in the table but not in the corpus\n";
      ++count;
    }
#if AEM_HAVE_ASSIMP && AEM_HAVE_DRACO
  EXPECT_EQ(left_out, 0u) << "this build has every producer: nothing may be refused as left out";
#else
  std::printf("%zu of %zu corpus bakes compared; %zu refused by name (formats this build leaves out)\n",
              actual.size() - left_out, actual.size(), left_out);
#endif
  EXPECT_EQ(count, 0u) << count << " of " << actual.size() << " corpus bakes differ from " << kTable
                       << " (a deliberate output change reruns the test with AEM_UPDATE_BAKE_IDENTITY=1):\n"
                       << problems.str();
}

}  // namespace
