#pragma once
// The command line the corpus benchmarks share: [CORPUS_DIR] [--runs N], the corpus defaulting
// to the build's AEM_CORPUS_DIR, or $AEM_CORPUS when set.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace aem::bench {

struct CorpusArguments {
  std::filesystem::path corpus;
  int runs;
};

inline CorpusArguments corpus_arguments(int argc, char** argv, const char* default_corpus, int default_runs) {
  CorpusArguments out{default_corpus, default_runs};
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) out.corpus = env;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) out.runs = std::max(1, std::atoi(argv[++i]));
    else out.corpus = arg;
  }
  return out;
}

}  // namespace aem::bench
