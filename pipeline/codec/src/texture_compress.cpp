// Whole-image compression across std::threads, each owning a contiguous range of block rows.
#include "aem/codec/texture_compress.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>

#include "aem/codec/bc5.hpp"
#include "aem/codec/rdo.hpp"
#include "bc7_exact_fit.hpp"
#include "rdo_pass.hpp"

namespace aem::codec {

// Exhaustive switches with no default here and below: -Wswitch names a new BlockFormat wherever
// it is not yet handled, instead of letting it take the BC5 path.
std::string_view to_string(BlockFormat format) {
  switch (format) {
    case BlockFormat::bc7: return "bc7";
    case BlockFormat::bc5: return "bc5";
  }
  throw std::invalid_argument("not a BlockFormat: " + std::to_string(int(format)));
}

std::optional<BlockFormat> parse_block_format(std::string_view name) {
  if (name == "bc7") return BlockFormat::bc7;
  if (name == "bc5") return BlockFormat::bc5;
  return std::nullopt;
}

std::uint64_t block_count(std::uint32_t width, std::uint32_t height) {
  return std::uint64_t(blocks_across(width)) * blocks_down(height);
}

std::size_t compressed_size(std::uint32_t width, std::uint32_t height) {
  return std::size_t(block_count(width, height)) * 16;
}

namespace {

// Blocks sampled, evenly over the image, to tell whether it was BC7 before (its blocks are mostly
// exact mode 6 decodes), and the share of its non-solid samples that must be for the encoder to
// look for mode 6 blocks again. Decoded bakes: 97% (fast) and 82% (normal) of DamagedHelmet's base
// colour map; natural images: 7.5% (its source PNG), 0.5% (food_kenney). Two-colour drawings
// (uv_checker_bw: 63%) qualify too, and their exact blocks are worth the time.
constexpr std::uint64_t kSampledBlocks = 256;
constexpr double kDecodedBc7Share = 0.5;

bool looks_like_decoded_bc7(const ImageRgba8& image) {
  const std::uint64_t blocks = block_count(image.width, image.height);
  const std::uint32_t across = blocks_across(image.width);
  const std::uint64_t step = std::max<std::uint64_t>(1, blocks / kSampledBlocks);
  std::uint64_t varied = 0, exact = 0;
  std::uint8_t texels[64];
  for (std::uint64_t b = 0; b < blocks; b += step) {
    extract_block(image, std::uint32_t(b % across), std::uint32_t(b / across), texels);
    if (std::memcmp(texels, texels + 4, 60) == 0) continue;  // one colour: exact anyway
    ++varied;
    exact += bc7::decodes_from_mode6(texels);
  }
  return varied > 0 && double(exact) >= kDecodedBc7Share * double(varied);
}

}  // namespace

std::vector<std::uint8_t> compress_image(const ImageRgba8& image, const CompressOptions& options) {
  if (image.width == 0 || image.height == 0 ||
      image.pixels.size() != std::size_t(image.width) * image.height * 4) {
    throw std::invalid_argument("compress_image: empty or inconsistent image");
  }
  to_string(options.format);  // throws for a value no enumerator names, before any work
  if (const std::string why = rdo_lambda_problem(options.rdo_lambda); !why.empty())
    throw std::invalid_argument("compress_image: RDO lambda " + why);
  const std::uint32_t across = blocks_across(image.width), down = blocks_down(image.height);
  std::vector<std::uint8_t> out(compressed_size(image.width, image.height));
  const bool find_exact_again = options.format == BlockFormat::bc7 && looks_like_decoded_bc7(image);
  auto encode_rows = [&](std::uint32_t first, std::uint32_t last) {
    std::uint8_t texels[64];
    for (std::uint32_t by = first; by < last; ++by) {
      if (options.cancel && options.cancel->load(std::memory_order_relaxed)) return;
      for (std::uint32_t bx = 0; bx < across; ++bx) {
        extract_block(image, bx, by, texels);
        std::uint8_t* dst = out.data() + (std::size_t(by) * across + bx) * 16;
        switch (options.format) {
          case BlockFormat::bc7: encode_bc7_block(texels, dst, options.quality, find_exact_again); break;
          case BlockFormat::bc5: encode_bc5_block(texels, dst); break;
        }
      }
      if (options.blocks_done) options.blocks_done->fetch_add(across, std::memory_order_relaxed);
    }
  };
  // The RDO pass, slice by slice once every block is encoded (a slice reads no other's blocks).
  // Threads take the next slice left (slices differ in cost: flat ones are quick), which changes
  // who optimises a slice but never its bytes.
  const std::uint32_t slices = (down + rdo::kSliceRows - 1) / rdo::kSliceRows;
  std::atomic<std::uint32_t> next_slice{0};
  auto optimise_slices = [&](std::uint32_t, std::uint32_t) {
    for (std::uint32_t slice; (slice = next_slice.fetch_add(1, std::memory_order_relaxed)) < slices;) {
      if (options.cancel && options.cancel->load(std::memory_order_relaxed)) return;
      const std::uint32_t first_row = slice * rdo::kSliceRows, last_row = std::min(down, first_row + rdo::kSliceRows);
      rdo::optimise_slice(image, options.format, options.rdo_lambda, first_row, last_row, out.data(), options.cancel);
      if (options.blocks_done)
        options.blocks_done->fetch_add(std::uint64_t(last_row - first_row) * across, std::memory_order_relaxed);
    }
  };
  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  // Splits [0, count) into contiguous ranges, one per thread.
  auto run_split = [&](auto&& work, std::uint32_t count) {
    const unsigned n = std::min<unsigned>(threads, count);
    if (n <= 1) {
      work(0u, count);
      return;
    }
    std::vector<std::thread> workers;
    workers.reserve(n);
    for (unsigned t = 0; t < n; ++t) {
      const std::uint32_t first = std::uint32_t(std::uint64_t(count) * t / n);
      const std::uint32_t last = std::uint32_t(std::uint64_t(count) * (t + 1) / n);
      workers.emplace_back([&work, first, last] { work(first, last); });
    }
    for (std::thread& w : workers) w.join();
  };
  if (options.plain_blocks.empty()) run_split(encode_rows, down);
  else if (options.plain_blocks.size() == out.size()) std::copy(options.plain_blocks.begin(), options.plain_blocks.end(), out.begin());
  else throw std::invalid_argument("compress_image: plain_blocks do not match the image size");
  if (options.rdo_lambda > 0) run_split(optimise_slices, slices);
  if (options.cancel && options.cancel->load()) throw CompressionCancelled();
  return out;
}

ImageRgba8 decompress_image(std::span<const std::uint8_t> blocks, std::uint32_t width,
                            std::uint32_t height, BlockFormat format) {
  if (width == 0 || height == 0 || blocks.size() != compressed_size(width, height)) {
    throw std::invalid_argument("decompress_image: block data does not match the image size");
  }
  to_string(format);  // throws for a value no enumerator names
  ImageRgba8 image;
  image.width = width;
  image.height = height;
  image.pixels.assign(std::size_t(width) * height * 4, 0);
  const std::uint32_t across = blocks_across(width), down = blocks_down(height);
  std::uint8_t texels[64];
  for (std::uint32_t by = 0; by < down; ++by) {
    for (std::uint32_t bx = 0; bx < across; ++bx) {
      const std::uint8_t* src = blocks.data() + (std::size_t(by) * across + bx) * 16;
      switch (format) {
        case BlockFormat::bc7: decode_bc7_block(src, texels); break;
        case BlockFormat::bc5: decode_bc5_block(src, texels); break;
      }
      store_block(image, bx, by, texels);
    }
  }
  return image;
}

}  // namespace aem::codec
