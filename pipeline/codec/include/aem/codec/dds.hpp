#pragma once
// DDS files with the DX10 extension header, one mip level of BC5 or BC7 blocks.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "aem/codec/texture_compress.hpp"

namespace aem::codec {

inline constexpr std::uint32_t kDxgiFormatBc5Unorm = 83;
inline constexpr std::uint32_t kDxgiFormatBc7Unorm = 98;
inline constexpr std::size_t kDdsHeaderBytes = 4 + 124 + 20;  // magic, DDS_HEADER, DX10 header

std::uint32_t dxgi_format(BlockFormat format);

// The whole file: "DDS ", header (mipMapCount 1), DX10 header, then the blocks.
// Throws std::invalid_argument when the block data does not match the size.
std::vector<std::uint8_t> make_dds(std::uint32_t width, std::uint32_t height, BlockFormat format,
                                   std::span<const std::uint8_t> blocks);

struct DdsSummary {
  std::uint32_t width = 0, height = 0, mip_levels = 0, dxgi_format = 0;
  std::size_t data_offset = 0;
};
// Reads back what make_dds writes; nullopt when the bytes are not such a DDS file.
std::optional<DdsSummary> read_dds_summary(std::span<const std::uint8_t> file);

}  // namespace aem::codec
