// `aem pack`: an AEM file packed for distribution (.aemz, specs/packed-aem.md), written whole or
// not at all.
#include <chrono>
#include <cstdio>
#include <string>

#include "aem/arg_parser/arg_parser.hpp"
#include "aem/file_mapping.hpp"
#include "aem/packed/pack.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "utf8_arguments.hpp"

namespace aem::cli {
namespace {

constexpr const char* kPackUsage =
    "usage: aem pack IN.aem -o OUT.aemz [--meshopt-indices] [--threads N]\n"
    "\n"
    "Packs a valid AEM file for distribution (specs/packed-aem.md): every section, and the\n"
    "extension area if it has one, in zstd frames (level 19, at most 4 MiB each, with checksums)\n"
    "behind a header the runtime checks before decoding. Model::open reads it with a decoder\n"
    "(aem::open_packed); `aem unpack` restores the exact input. The same input and options always\n"
    "give the same bytes.\n"
    "\n"
    "  -o, --output PATH    the packed file (written whole or not at all)\n"
    "  --meshopt-indices    store the indices with meshoptimizer's index sequence codec before\n"
    "                       zstd: lossless, smaller for cache-ordered indices\n"
    "  --threads N          compression threads (default: one a hardware thread)\n";

}  // namespace

int run_pack(arg_parser::Args args) {
  arg_parser::ArgParser parser("pack", args);
  if (parser.answered_help(kPackUsage)) return 0;
  std::optional<std::string> output = parser.option("--output");
  if (!output) output = parser.option("-o");
  const bool meshopt_indices = parser.flag("--meshopt-indices");
  const auto threads = parser.int_option("--threads", 1, 256);
  const std::string input = parser.positionals(1, 1)[0];
  if (!output) throw arg_parser::UsageError("pack needs -o OUT.aemz");

  const auto start = std::chrono::steady_clock::now();
  Expected<FileCopy> file = FileCopy::read(path_from_utf8(input));
  if (!file) {
    std::fprintf(stderr, "aem pack: %s: %s\n", input.c_str(), file.error().describe().c_str());
    return 1;
  }
  Expected<std::vector<std::byte>> packed =
      pack(file->bytes(), {.meshopt_indices = meshopt_indices, .threads = unsigned(threads.value_or(0))});
  if (!packed) {
    std::fprintf(stderr, "aem pack: %s: not packed: %s\n", input.c_str(), packed.error().describe().c_str());
    return 1;
  }
  try {
    pipeline::write_file_atomically(path_from_utf8(*output), *packed);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem pack: %s: %s\n", output->c_str(), e.what());
    return 1;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %zu bytes -> %zu bytes (%.1f%%) in %.2f s\n", output->c_str(), file->bytes().size(), packed->size(),
              100.0 * double(packed->size()) / double(file->bytes().size()), seconds);
  return 0;
}

}  // namespace aem::cli
