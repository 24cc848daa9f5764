#include "aem/mip_chain.hpp"

#include <bit>
#include <limits>

namespace aem {
namespace {

constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kSaturated / a) return kSaturated;
  return a * b;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return b > kSaturated - a ? kSaturated : a + b;
}

std::uint32_t level_extent(std::uint32_t extent, std::uint32_t level) {
  const std::uint32_t shifted = level >= 32 ? 0 : extent >> level;
  return shifted == 0 ? 1 : shifted;
}

}  // namespace

std::uint32_t mip_count(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) return 0;
  return static_cast<std::uint32_t>(std::bit_width(width > height ? width : height));
}

std::uint64_t mip_level_size(std::uint32_t width, std::uint32_t height, Compression compression) {
  if (compression == Compression::none) {
    return saturating_mul(saturating_mul(width, height), 4);
  }
  const std::uint64_t blocks_x = (std::uint64_t{width} + 3) / 4;
  const std::uint64_t blocks_y = (std::uint64_t{height} + 3) / 4;
  return saturating_mul(saturating_mul(blocks_x, blocks_y), 16);
}

std::uint64_t mip_chain_size(std::uint32_t width, std::uint32_t height, Compression compression) {
  std::uint64_t total = 0;
  const std::uint32_t levels = mip_count(width, height);
  for (std::uint32_t i = 0; i < levels; ++i) {
    total = saturating_add(
        total, mip_level_size(level_extent(width, i), level_extent(height, i), compression));
  }
  return total;
}

MipLevel mip_level(const Texture& texture, std::uint32_t level) {
  const auto compression = static_cast<Compression>(texture.compression);
  MipLevel result;
  for (std::uint32_t i = 0; i <= level; ++i) {
    result.offset += result.size;
    result.width = level_extent(texture.width, i);
    result.height = level_extent(texture.height, i);
    result.size = mip_level_size(result.width, result.height, compression);
  }
  return result;
}

}  // namespace aem
