// Batch baking of corpus/khronos: wall time with 1 and 2 threads (over files and texture blocks)
// and the speed-up, for uncompressed and BC textures; then a rebuild with nothing to do (every
// output up to date), beside the forced full bake it replaces, in the same run.
//
// usage: batch_bake_benchmark [CORPUS_DIR] [--runs N] [--quality fast|normal|best]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "aem/pipeline/batch_bake.hpp"
#include "median.hpp"

namespace {

namespace fs = std::filesystem;
using aem::pipeline::BakeJob;

using aem::bench::median;

// Seconds for one batch; exits when a model fails, since the figures would mean nothing.
double time_batch(const std::vector<BakeJob>& jobs, unsigned threads, bool force, std::size_t& baked) {
  aem::pipeline::BatchProgress progress;
  const auto start = std::chrono::steady_clock::now();
  const auto results = aem::pipeline::run_batch(jobs, {threads, force, nullptr}, progress);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  baked = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (results[i].outcome == aem::pipeline::JobOutcome::failed) {
      std::fprintf(stderr, "bake failed: %s\n", results[i].error.c_str());
      std::exit(1);
    }
    baked += results[i].outcome == aem::pipeline::JobOutcome::baked;
  }
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  fs::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  int runs = 3;
  aem::codec::Bc7Quality quality = aem::codec::Bc7Quality::normal;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--quality" && i + 1 < argc) {
      const auto q = aem::codec::parse_bc7_quality(argv[++i]);
      if (!q) {
        std::fprintf(stderr, "unknown quality %s\n", argv[i]);
        return 1;
      }
      quality = *q;
    } else {
      corpus = arg;
    }
  }
  const fs::path tree = corpus / "khronos";
  if (!fs::is_directory(tree)) {
    std::fprintf(stderr, "corpus not found: %s (pass CORPUS_DIR or set AEM_CORPUS)\n", tree.c_str());
    return 1;
  }
  const fs::path out = fs::temp_directory_path() / ("aem_batch_bake_benchmark_" + std::to_string(::getpid()));
  std::printf("batch bake benchmark: %s, %d runs (median), BC7 quality %s, %u hardware threads\n\n", tree.c_str(),
              runs, std::string(aem::codec::to_string(quality)).c_str(), std::thread::hardware_concurrency());
  std::printf("| textures | models | -j1 s | -j2 s | speed-up | nothing to do ms | vs forced -j2 |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  for (const auto encoding : {aem::pipeline::TextureEncoding::rgba, aem::pipeline::TextureEncoding::bc}) {
    aem::pipeline::BakeOptions options;
    options.textures = encoding;
    options.quality = quality;
    const std::vector<BakeJob> jobs = aem::pipeline::jobs_below(tree, out, options);
    std::vector<double> j1, j2, noop;
    std::size_t baked = 0;
    for (int r = 0; r < runs; ++r) {
      j1.push_back(time_batch(jobs, 1, true, baked));
      j2.push_back(time_batch(jobs, 2, true, baked));
      noop.push_back(time_batch(jobs, 2, false, baked));
      if (baked != 0) {
        std::fprintf(stderr, "the rebuild with nothing to do baked %zu models\n", baked);
        return 1;
      }
    }
    const double one = median(j1), two = median(j2), none = median(noop);
    std::printf("| %s | %zu | %.2f | %.2f | %.2fx | %.1f | %.0fx faster |\n",
                std::string(aem::pipeline::to_string(encoding)).c_str(), jobs.size(), one, two, one / two,
                none * 1e3, two / none);
    std::fflush(stdout);
  }
  fs::remove_all(out);
  return 0;
}
