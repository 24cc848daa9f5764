// `aem unpack`: the exact AEM file a packed .aemz was made from, checked, written whole or not at all.
#include <cstdio>
#include <string>

#include "aem/arg_parser/arg_parser.hpp"
#include "aem/file_mapping.hpp"
#include "aem/model.hpp"
#include "aem/packed/zstd_decoder.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/unpack.hpp"
#include "utf8_arguments.hpp"

namespace aem::cli {
namespace {

constexpr const char* kUnpackUsage =
    "usage: aem unpack IN.aemz -o OUT.aem [--max-bytes N]\n"
    "\n"
    "Restores the AEM file IN.aemz was packed from, byte for byte, after checking the container\n"
    "and validating the result as Model::open does.\n"
    "\n"
    "  -o, --output PATH   the AEM file (written whole or not at all)\n"
    "  --max-bytes N       refuse a file that unpacks to more than N bytes (default 2 GiB)\n";

}  // namespace

int run_unpack(arg_parser::Args args) {
  arg_parser::ArgParser parser("unpack", args);
  if (parser.answered_help(kUnpackUsage)) return 0;
  std::optional<std::string> output = parser.option("--output");
  if (!output) output = parser.option("-o");
  const auto max_bytes = parser.int_option("--max-bytes", 1, 1LL << 48);
  const std::string input = parser.positionals(1, 1)[0];
  if (!output) throw arg_parser::UsageError("unpack needs -o OUT.aem");

  Expected<FileCopy> file = FileCopy::read(path_from_utf8(input));
  if (!file) {
    std::fprintf(stderr, "aem unpack: %s: %s\n", input.c_str(), file.error().describe().c_str());
    return 1;
  }
  if (!is_packed(file->bytes())) {
    std::fprintf(stderr, "aem unpack: %s: not a packed AEM file (it does not start with \"AEMZ\")\n", input.c_str());
    return 1;
  }
  Expected<UnpackedBytes> unpacked =
      unpack(file->bytes(), {.decoder = zstd_decoder(),
                             .max_unpacked_bytes = max_bytes ? std::uint64_t(*max_bytes) : kDefaultMaxUnpackedBytes});
  if (!unpacked) {
    std::fprintf(stderr, "aem unpack: %s: %s\n", input.c_str(), unpacked.error().describe().c_str());
    return 1;
  }
  if (Expected<Model> model = Model::try_open_memory(unpacked->bytes()); !model) {
    std::fprintf(stderr, "aem unpack: %s: it unpacks to an invalid AEM file: %s\n", input.c_str(),
                 model.error().describe().c_str());
    return 1;
  }
  try {
    pipeline::write_file_atomically(path_from_utf8(*output), unpacked->bytes());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem unpack: %s: %s\n", output->c_str(), e.what());
    return 1;
  }
  std::printf("%s: %zu bytes\n", output->c_str(), unpacked->bytes().size());
  return 0;
}

}  // namespace aem::cli
