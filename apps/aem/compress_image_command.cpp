// `aem compress-image IN OUT.dds --format bc7|bc5 [--quality Q] [--rdo L | --rdo-max-loss DB] [--threads N]`:
// block-compresses an image into a one-level DX10 DDS and reports the PSNR of the decoded result and the speed.
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
#include "aem/codec/rdo_bound.hpp"
#include "aem/codec/texture_compress.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/arg_parser/arg_parser.hpp"
#include "utf8_arguments.hpp"

namespace aem::cli {
namespace {

constexpr const char* kCompressImageUsage =
    "usage: aem compress-image IN.png OUT.dds --format bc7|bc5 [--quality fast|normal|best]\n"
    "                          [--rdo LAMBDA | --rdo-max-loss DB] [--threads N]\n"
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
    "  --rdo-max-loss DB  the strongest RDO (largest lambda found) whose loss against the\n"
    "                     plain encoding stays within DB: bc7 PSNR over RGBA; bc5 (a normal\n"
    "                     map) RMS angle error of the normals rebuilt from R and G at most\n"
    "                     10^(DB/20) times the plain encoding's. 0 (off) to 20; not with --rdo\n"
    "  --threads N        encoder threads (default: one per hardware thread); the output is the\n"
    "                     same for any N\n";

std::string db(double value) {
  if (std::isinf(value)) return "inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

// A number option's value through `parse` (parse_rdo_lambda...), its message a usage error.
double parsed_number(const std::optional<std::string>& text, const char* option, double (*parse)(std::string_view)) {
  if (!text) return 0;
  try {
    return parse(*text);
  } catch (const std::invalid_argument& e) {
    throw arg_parser::UsageError(std::string(option) + ": " + e.what());
  }
}

// The blocks, under the --rdo-max-loss bound when one is given (bc5 judged as a normal map),
// and what the bound chose.
std::vector<std::uint8_t> compress(const codec::ImageRgba8& image, const codec::CompressOptions& options,
                                   double max_loss_db, codec::RdoLevelChoice& choice) {
  if (max_loss_db == 0) return codec::compress_image(image, options);
  const auto metric =
      options.format == codec::BlockFormat::bc5 ? codec::RdoLossMetric::normal_angle : codec::RdoLossMetric::samples;
  codec::BoundedBlocks bounded = codec::compress_image_within_loss(image, options, max_loss_db, metric);
  choice = bounded.choice;
  return std::move(bounded.blocks);
}

}  // namespace

int run_compress_image(arg_parser::Args args) {
  arg_parser::ArgParser parser("compress-image", args);
  if (parser.answered_help(kCompressImageUsage)) return 0;
  const std::optional<std::string> format_name = parser.option("--format");
  const std::optional<std::string> quality_name = parser.option("--quality");
  const std::optional<std::string> rdo_text = parser.option("--rdo");
  const std::optional<std::string> max_loss_text = parser.option("--rdo-max-loss");
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
  options.rdo_lambda = parsed_number(rdo_text, "--rdo", codec::parse_rdo_lambda);
  const double max_loss = parsed_number(max_loss_text, "--rdo-max-loss", codec::parse_rdo_max_loss);
  if (rdo_text && max_loss_text)
    throw arg_parser::UsageError("--rdo and --rdo-max-loss cannot be given together: the max loss chooses the lambda");
  options.threads = threads ? unsigned(*threads) : std::max(1u, std::thread::hardware_concurrency());

  const std::string& input = paths[0];
  const std::string& output = paths[1];
  const codec::ImageRgba8 image = codec::load_image(path_from_utf8(input));  // throws naming the file

  const auto start = std::chrono::steady_clock::now();
  codec::RdoLevelChoice choice;
  const std::vector<std::uint8_t> blocks = compress(image, options, max_loss, choice);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const codec::ImageRgba8 decoded =
      codec::decompress_image(blocks, image.width, image.height, options.format);
  const codec::ErrorStats stats = codec::compare_images(image, decoded);
  const std::vector<std::uint8_t> file = codec::make_dds(image.width, image.height, options.format, blocks);
  pipeline::write_file_atomically(path_from_utf8(output), std::as_bytes(std::span(file)));

  const double megapixels = double(image.width) * image.height / 1e6;
  std::printf("%s: %ux%u -> %s (%s", input.c_str(), image.width, image.height, output.c_str(),
              std::string(codec::to_string(options.format)).c_str());
  if (options.format == codec::BlockFormat::bc7) {
    std::printf(" %s", std::string(codec::to_string(options.quality)).c_str());
  }
  if (options.rdo_lambda > 0) std::printf(" rdo %g", options.rdo_lambda);
  if (max_loss > 0)
    std::printf(" rdo max loss %g dB: lambda %g, loss %s dB in %u passes", max_loss, choice.lambda,
                db(codec::pooled_loss_db(std::span(&choice, 1))).c_str(), choice.passes);
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
