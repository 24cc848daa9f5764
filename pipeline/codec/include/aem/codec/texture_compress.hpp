#pragma once
// Whole-image block compression, split over threads by block rows. The output is the same bytes
// whatever the thread count.
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "aem/codec/bc7.hpp"
#include "aem/codec/image.hpp"

namespace aem::codec {

enum class BlockFormat { bc7, bc5 };

// "bc7" or "bc5"; throws std::invalid_argument for a value no enumerator names (a cast integer),
// as compress_image and decompress_image do.
std::string_view to_string(BlockFormat format);
std::optional<BlockFormat> parse_block_format(std::string_view name);

struct CompressOptions {
  BlockFormat format = BlockFormat::bc7;
  Bc7Quality quality = Bc7Quality::normal;  // BC7 only
  unsigned threads = 1;                     // 0: one per hardware thread
  // RDO λ (aem/codec/rdo.hpp, specs/bc7-rdo.md), BC7 and BC5: 0 is the plain encoder's output
  // bit for bit; larger values give blocks an LZ compressor packs smaller, at some loss of
  // quality. compress_image throws std::invalid_argument for a negative, NaN, infinite or too
  // large value. The output stays the same whatever the thread count.
  double rdo_lambda = 0;
  // When not empty: this image's plain encoding under these options (compressed_size bytes,
  // what compress_image gives with λ 0), used instead of encoding again, so that several λ can
  // be tried on one plain encoding (rdo_bound.hpp). std::invalid_argument when its size differs.
  std::span<const std::uint8_t> plain_blocks{};
  // Optional, for whoever drives a long compression from another thread: blocks_done grows by
  // each finished block row's blocks, and with RDO (rdo_lambda > 0) once more by each optimised
  // slice's blocks, so block_count() twice in all; once *cancel is set, workers stop at their
  // next block row and compress_image throws CompressionCancelled.
  std::atomic<std::uint64_t>* blocks_done = nullptr;
  const std::atomic<bool>* cancel = nullptr;
};

struct CompressionCancelled : std::runtime_error {
  CompressionCancelled() : std::runtime_error("texture compression cancelled") {}
};

// Blocks in one level: ceil(w/4) * ceil(h/4).
std::uint64_t block_count(std::uint32_t width, std::uint32_t height);

// Size in bytes of one level: ceil(w/4) * ceil(h/4) * 16.
std::size_t compressed_size(std::uint32_t width, std::uint32_t height);

// Blocks row-major, 16 bytes each. Edge blocks replicate the last row/column.
std::vector<std::uint8_t> compress_image(const ImageRgba8& image, const CompressOptions& options);

// Decodes compressed_size(width, height) bytes; throws std::invalid_argument on a size mismatch.
ImageRgba8 decompress_image(std::span<const std::uint8_t> blocks, std::uint32_t width,
                            std::uint32_t height, BlockFormat format);

}  // namespace aem::codec
