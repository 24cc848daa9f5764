#include "stages/materials/mip_generation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include <stb_image_resize.h>

#include "aem/codec/rdo_bound.hpp"
#include "aem/compression_name.hpp"
#include "aem/mip_chain.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline {
namespace {

const std::array<float, 256>& srgb_table() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int i = 0; i < 256; ++i) {
      const double c = i / 255.0;
      t[std::size_t(i)] = float(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
    }
    return t;
  }();
  return table;
}

std::uint8_t to_byte(double v) { return std::uint8_t(std::clamp(aem::round_to_integer(v * 255.0), 0LL, 255LL)); }

void renormalize_normals(codec::ImageRgba8& image) {
  for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4) {
    double x = image.pixels[i] / 127.5 - 1, y = image.pixels[i + 1] / 127.5 - 1,
           z = image.pixels[i + 2] / 127.5 - 1;
    if (z < 0) z = 0;
    double l = std::sqrt(x * x + y * y + z * z);
    if (!(l > 1e-6)) {
      x = y = 0;
      z = l = 1;
    }
    image.pixels[i] = to_byte((x / l + 1) / 2);
    image.pixels[i + 1] = to_byte((y / l + 1) / 2);
    image.pixels[i + 2] = to_byte((z / l + 1) / 2);
    image.pixels[i + 3] = 255;
  }
}

double coverage(const std::vector<float>& alpha, double scale) {
  std::size_t pass = 0;
  for (float a : alpha) pass += a * scale >= 0.5 ? 1 : 0;
  return alpha.empty() ? 0 : double(pass) / double(alpha.size());
}

codec::ImageRgba8 half(const codec::ImageRgba8& src, TextureKind kind, const std::atomic<bool>* cancel) {
  codec::ImageRgba8 dst;
  dst.width = std::max(1u, src.width >> 1);
  dst.height = std::max(1u, src.height >> 1);
  dst.pixels.resize(std::size_t(dst.width) * dst.height * 4);
  const auto& lin = srgb_table();
  const bool colour = kind == TextureKind::base_color || kind == TextureKind::base_color_masked;
  for (std::uint32_t y = 0; y < dst.height; ++y) {
    if (y % 64 == 0) throw_if_cancelled(cancel);
    // Odd sizes: the 2x2 footprint of the last texel reaches the last row/column (clamped).
    const std::uint32_t y0 = std::min(src.height - 1, y * 2), y1 = std::min(src.height - 1, y * 2 + 1);
    for (std::uint32_t x = 0; x < dst.width; ++x) {
      const std::uint32_t x0 = std::min(src.width - 1, x * 2), x1 = std::min(src.width - 1, x * 2 + 1);
      const std::uint8_t* p[4] = {&src.pixels[(std::size_t(y0) * src.width + x0) * 4],
                                  &src.pixels[(std::size_t(y0) * src.width + x1) * 4],
                                  &src.pixels[(std::size_t(y1) * src.width + x0) * 4],
                                  &src.pixels[(std::size_t(y1) * src.width + x1) * 4]};
      std::uint8_t* out = &dst.pixels[(std::size_t(y) * dst.width + x) * 4];
      for (int c = 0; c < 4; ++c) {
        double sum = 0;
        if (colour && c < 3) {
          for (const auto* q : p) sum += lin[q[c]];
          out[c] = linear_to_srgb(float(sum / 4));
        } else {
          for (const auto* q : p) sum += q[c];
          out[c] = std::uint8_t(aem::round_to_integer(sum / 4));
        }
      }
    }
  }
  if (kind == TextureKind::normal) renormalize_normals(dst);
  return dst;
}

}  // namespace

float srgb_to_linear(std::uint8_t value) { return srgb_table()[value]; }

std::uint8_t linear_to_srgb(float linear) {
  const double l = std::clamp(double(linear), 0.0, 1.0);
  const double s = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
  return to_byte(s);
}

codec::ImageRgba8 downsize(const codec::ImageRgba8& image, std::uint32_t max_size, TextureKind kind) {
  const std::uint32_t longest = std::max(image.width, image.height);
  if (max_size == 0 || longest <= max_size) return image;
  codec::ImageRgba8 out;
  out.width = std::max<std::uint32_t>(1, std::uint32_t(aem::round_to_integer(double(image.width) * max_size / longest)));
  out.height = std::max<std::uint32_t>(1, std::uint32_t(aem::round_to_integer(double(image.height) * max_size / longest)));
  out.width = std::min(out.width, max_size);
  out.height = std::min(out.height, max_size);
  out.pixels.resize(std::size_t(out.width) * out.height * 4);
  const bool colour = kind == TextureKind::base_color || kind == TextureKind::base_color_masked;
  const int ok = colour ? stbir_resize_uint8_srgb(image.pixels.data(), int(image.width), int(image.height), 0,
                                                  out.pixels.data(), int(out.width), int(out.height), 0, 4, 3, 0)
                        : stbir_resize_uint8(image.pixels.data(), int(image.width), int(image.height), 0,
                                             out.pixels.data(), int(out.width), int(out.height), 0, 4);
  if (!ok) throw BakeError("texture resize failed");
  if (kind == TextureKind::normal) renormalize_normals(out);
  if (kind == TextureKind::base_color_masked)
    for (std::size_t i = 3; i < out.pixels.size(); i += 4) out.pixels[i] = out.pixels[i] >= 128 ? 255 : 0;
  return out;
}

std::vector<codec::ImageRgba8> build_mip_chain(const codec::ImageRgba8& image, TextureKind kind,
                                               const std::atomic<bool>* cancel) {
  std::vector<codec::ImageRgba8> levels;
  std::vector<std::vector<std::uint8_t>> thresholded;  // alpha of levels 1.. (masked only)
  levels.push_back(image);
  double target = 0;
  if (kind == TextureKind::base_color_masked) {
    std::size_t pass = 0;
    for (std::size_t i = 3; i < image.pixels.size(); i += 4) pass += image.pixels[i] >= 128 ? 1 : 0;
    target = double(pass) / double(std::size_t(image.width) * image.height);
  }
  const std::uint32_t count = mip_count(image.width, image.height);
  // Alpha-tested colour filters as plain colour (so each level averages the previous level's
  // averaged alpha, not its thresholded one); each level's alpha is then scaled so that the
  // share passing the 0.5 test is as close as possible to level 0's, and thresholded.
  const TextureKind filter = kind == TextureKind::base_color_masked ? TextureKind::base_color : kind;
  while (levels.size() < count) levels.push_back(half(levels.back(), filter, cancel));
  if (kind == TextureKind::base_color_masked) {
    for (std::size_t l = 1; l < levels.size(); ++l) {
      std::vector<float> alpha;
      for (std::size_t i = 3; i < levels[l].pixels.size(); i += 4) alpha.push_back(levels[l].pixels[i] / 255.0f);
      double lo = 0.0, hi = 64.0;
      for (int it = 0; it < 40; ++it) {
        throw_if_cancelled(cancel);
        const double mid = (lo + hi) / 2;
        if (coverage(alpha, mid) < target) lo = mid;
        else hi = mid;
      }
      const double scale = std::fabs(coverage(alpha, lo) - target) < std::fabs(coverage(alpha, hi) - target) ? lo : hi;
      thresholded.push_back(std::vector<std::uint8_t>());
      auto& out = thresholded.back();
      for (float a : alpha) out.push_back(a * scale >= 0.5 ? 255 : 0);
    }
    for (std::size_t l = 1; l < levels.size(); ++l)
      for (std::size_t i = 0; i < thresholded[l - 1].size(); ++i) levels[l].pixels[i * 4 + 3] = thresholded[l - 1][i];
  }
  return levels;
}

namespace {

// The switches below have no default: -Wswitch names a new encoding, kind or format wherever it
// is not yet handled, instead of sending it to BC7 or BC5.

// BC5 keeps a normal map's two channels apart (and holds occlusion's one at BC4's quality);
// colour and PBR textures are BC7.
codec::BlockFormat block_format_for(TextureKind kind) {
  switch (kind) {
    case TextureKind::normal:
    case TextureKind::occlusion: return codec::BlockFormat::bc5;
    case TextureKind::base_color:
    case TextureKind::base_color_masked:
    case TextureKind::pbr: return codec::BlockFormat::bc7;
  }
  throw std::logic_error("block_format_for: not a TextureKind: " + std::to_string(int(kind)));
}

Compression compression_of(codec::BlockFormat format) {
  switch (format) {
    case codec::BlockFormat::bc5: return Compression::bc5;
    case codec::BlockFormat::bc7: return Compression::bc7;
  }
  throw std::logic_error("compression_of: not a BlockFormat: " + std::to_string(int(format)));
}

TextureImage rgba8_texture(const std::vector<codec::ImageRgba8>& levels, const std::atomic<bool>* cancel) {
  TextureImage out;
  out.width = levels.front().width;
  out.height = levels.front().height;
  out.compression = Compression::none;
  std::size_t total = 0;
  for (const auto& level : levels) total += level.pixels.size();
  out.mips.reserve(total);  // one allocation: grown level by level, an 8192x8192 chain is copied again and again
  for (const auto& level : levels) {
    throw_if_cancelled(cancel);
    const auto* bytes = reinterpret_cast<const std::byte*>(level.pixels.data());
    out.mips.insert(out.mips.end(), bytes, bytes + level.pixels.size());
  }
  return out;
}

// Every level under the quality bound, each level's search starting from the λ the level above
// chose; the levels' choices go to `choice`.
std::vector<std::uint8_t> bounded_levels(const std::vector<codec::ImageRgba8>& levels, const codec::CompressOptions& co,
                                         const BakeOptions& options, codec::RdoLossMetric metric,
                                         TextureRdoChoice* choice) {
  std::vector<std::uint8_t> out;
  std::vector<codec::RdoLevelChoice> chosen;
  double start = codec::kRdoStartLambda;
  for (const auto& level : levels) {
    codec::BoundedBlocks bounded = codec::compress_image_within_loss(level, co, options.rdo_max_loss, metric, start);
    if (bounded.choice.lambda > 0) start = bounded.choice.lambda;
    // The search's passes are not counted as they run (their number is not known ahead): the
    // level's blocks count once for them all.
    if (co.blocks_done) co.blocks_done->fetch_add(codec::block_count(level.width, level.height), std::memory_order_relaxed);
    out.insert(out.end(), bounded.blocks.begin(), bounded.blocks.end());
    chosen.push_back(bounded.choice);
  }
  if (choice) {
    choice->metric = metric == codec::RdoLossMetric::normal_angle ? "normal_angle" : "psnr";
    for (const codec::RdoLevelChoice& level : chosen) choice->lambdas.push_back(level.lambda);
    choice->loss_db = codec::pooled_loss_db(chosen);
  }
  return out;
}

TextureImage block_compressed_texture(const std::vector<codec::ImageRgba8>& levels, codec::BlockFormat format,
                                      const BakeOptions& options, TextureKind kind, TextureRdoChoice* rdo_choice) {
  TextureImage out;
  out.width = levels.front().width;
  out.height = levels.front().height;
  out.compression = compression_of(format);
  if (!options.encode_textures) {  // a dry run: the sizes alone
    std::size_t bytes = 0;
    for (const auto& level : levels) bytes += codec::compressed_size(level.width, level.height);
    out.mips.assign(bytes, std::byte{0});
    return out;
  }
  codec::CompressOptions co;
  co.format = format;
  co.quality = options.quality;
  co.rdo_lambda = options.rdo_lambda;
  co.threads = options.threads;
  co.blocks_done = options.signals.blocks_done;
  co.cancel = options.signals.cancel;
  if (options.signals.blocks_total) {
    std::uint64_t blocks = 0;
    for (const auto& level : levels) blocks += codec::block_count(level.width, level.height);
    if (co.rdo_lambda > 0 || options.rdo_max_loss > 0) blocks *= 2;  // the RDO pass reports every block once more
    options.signals.blocks_total->fetch_add(blocks, std::memory_order_relaxed);
  }
  if (options.rdo_max_loss > 0) {
    const auto metric = kind == TextureKind::normal ? codec::RdoLossMetric::normal_angle : codec::RdoLossMetric::samples;
    if (rdo_choice) rdo_choice->format = display_name(out.compression);
    try {
      const std::vector<std::uint8_t> blocks = bounded_levels(levels, co, options, metric, rdo_choice);
      const auto* bytes = reinterpret_cast<const std::byte*>(blocks.data());
      out.mips.assign(bytes, bytes + blocks.size());
    } catch (const codec::CompressionCancelled&) {
      throw BakeCancelled("texture compression cancelled");
    }
    return out;
  }
  for (const auto& level : levels) {
    std::vector<std::uint8_t> blocks;
    try {
      blocks = codec::compress_image(level, co);
    } catch (const codec::CompressionCancelled&) {
      throw BakeCancelled("texture compression cancelled");
    }
    const auto* bytes = reinterpret_cast<const std::byte*>(blocks.data());
    out.mips.insert(out.mips.end(), bytes, bytes + blocks.size());
  }
  return out;
}

}  // namespace

TextureImage encode_texture(const std::vector<codec::ImageRgba8>& levels, TextureKind kind,
                            const BakeOptions& options, TextureRdoChoice* rdo_choice) {
  switch (options.textures) {
    case TextureEncoding::rgba: return rgba8_texture(levels, options.signals.cancel);
    case TextureEncoding::bc: return block_compressed_texture(levels, block_format_for(kind), options, kind, rdo_choice);
  }
  throw std::logic_error("encode_texture: not a TextureEncoding: " + std::to_string(int(options.textures)));
}

}  // namespace aem::pipeline
