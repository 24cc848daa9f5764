// `aem compress-image IN OUT.dds --format bc7|bc5 [--quality Q] [--rdo L] [--threads N]`: block-compresses
// an image into a one-level DX10 DDS and reports the PSNR of the decoded result and the speed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>

#include "aem/codec/dds.hpp"
#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/rdo.hpp"
#include "aem/codec/texture_compress.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/arg_parser/arg_parser.hpp"

namespace aem::cli {
namespace {

constexpr const char* kCompressImageUsage =
    "usage: aem compress-image IN.png OUT.dds --format bc7|bc5 [--quality fast|normal|best]\n"
    "                          [--rdo LAMBDA] [--threads N]\n"
    "\n"
    "Compresses an image (PNG, or anything stb_image reads) into a DDS file with a DX10 header\n"
    "and one mip level, then decodes it again and prints the PSNR against the input and the\n"
    "encoding speed.\n"
    "\n"
    "  --format bc7|bc5   BC7_UNORM (RGBA) or BC5_UNORM (R and G only, for normal maps)\n"
    "  --quality Q        BC7 effort: fast, normal (default) or best; ignored for bc5\n"
    "  --rdo LAMBDA       rate-distortion optimisation, bc7 and bc5: blocks that zstd or LZ4\n"
    "                     pack smaller, at some PSNR (0 = off, the default; try 0.25 to 4;\n"
    "                     specs/bc7-rdo.md)\n"
    "  --threads N        encoder threads (default: one per hardware thread); the output is the\n"
    "                     same for any N\n";

std::string db(double value) {
  if (std::isinf(value)) return "inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

}  // namespace

int run_compress_image(arg_parser::Args args) {
  arg_parser::ArgParser parser("compress-image", args);
  if (parser.answered_help(kCompressImageUsage)) return 0;
  const std::optional<std::string> format_name = parser.option("--format");
  const std::optional<std::string> quality_name = parser.option("--quality");
  const std::optional<std::string> rdo_text = parser.option("--rdo");
  const std::optional<long long> threads = parser.int_option("--threads", 1, 1024);
  const std::vector<std::string> paths = parser.positionals(2, 2);
  if (!format_name) throw arg_parser::UsageError("missing --format (bc7 or bc5)");
  const std::optional<codec::BlockFormat> format = codec::parse_block_format(*format_name);
  if (!format) throw arg_parser::UsageError("unknown format '" + *format_name + "' (expected bc7 or bc5)");
  codec::CompressOptions options;
  options.format = *format;
  if (quality_name) {
    const std::optional<codec::Bc7Quality> quality = codec::parse_bc7_quality(*quality_name);
    if (!quality) {
      throw arg_parser::UsageError("unknown quality '" + *quality_name + "' (expected fast, normal or best)");
    }
    options.quality = *quality;
  }
  if (rdo_text) {
    try {
      options.rdo_lambda = codec::parse_rdo_lambda(*rdo_text);
    } catch (const std::invalid_argument& e) {
      throw arg_parser::UsageError(std::string("--rdo: ") + e.what());
    }
  }
  options.threads = threads ? unsigned(*threads) : std::max(1u, std::thread::hardware_concurrency());

  const std::string& input = paths[0];
  const std::string& output = paths[1];
  const codec::ImageRgba8 image = codec::load_image(input);  // throws naming the file

  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::uint8_t> blocks = codec::compress_image(image, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const codec::ImageRgba8 decoded =
      codec::decompress_image(blocks, image.width, image.height, options.format);
  const codec::ErrorStats stats = codec::compare_images(image, decoded);
  const std::vector<std::uint8_t> file = codec::make_dds(image.width, image.height, options.format, blocks);
  pipeline::write_file_atomically(output, std::as_bytes(std::span(file)));

  const double megapixels = double(image.width) * image.height / 1e6;
  std::printf("%s: %ux%u -> %s (%s", input.c_str(), image.width, image.height, output.c_str(),
              std::string(codec::to_string(options.format)).c_str());
  if (options.format == codec::BlockFormat::bc7) {
    std::printf(" %s", std::string(codec::to_string(options.quality)).c_str());
  }
  if (options.rdo_lambda > 0) std::printf(" rdo %g", options.rdo_lambda);
  std::printf(", %zu bytes, %u thread%s)\n", file.size(), options.threads,
              options.threads == 1 ? "" : "s");
  if (options.format == codec::BlockFormat::bc7) {
    std::printf("PSNR RGBA %s dB (R %s, G %s, B %s, A %s)\n", db(stats.psnr_rgba()).c_str(),
                db(stats.psnr(0, 1)).c_str(), db(stats.psnr(1, 1)).c_str(),
                db(stats.psnr(2, 1)).c_str(), db(stats.psnr(3, 1)).c_str());
  } else {
    std::printf("PSNR RG %s dB (R %s, G %s)\n", db(stats.psnr(0, 2)).c_str(),
                db(stats.psnr(0, 1)).c_str(), db(stats.psnr(1, 1)).c_str());
  }
  std::printf("speed %.2f MPix/s (%.3f s)\n", seconds > 0 ? megapixels / seconds : 0.0, seconds);
  return 0;
}

}  // namespace aem::cli
