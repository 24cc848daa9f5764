#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include <gtest/gtest.h>

#include "aem/codec/dds.hpp"

namespace {

using namespace aem::codec;

std::uint32_t u32_at(const std::vector<std::uint8_t>& f, std::size_t o) {
  return std::uint32_t(f[o]) | std::uint32_t(f[o + 1]) << 8 | std::uint32_t(f[o + 2]) << 16 |
         std::uint32_t(f[o + 3]) << 24;
}

TEST(DdsWriter, WritesDx10HeaderAndOneLevel) {
  const std::vector<std::uint8_t> blocks(compressed_size(10, 6), 0xAB);  // 3x2 blocks
  ASSERT_EQ(blocks.size(), 96u);
  const auto file = make_dds(10, 6, BlockFormat::bc7, blocks);
  ASSERT_EQ(file.size(), 148u + 96u);
  EXPECT_EQ(std::string(file.begin(), file.begin() + 4), "DDS ");
  EXPECT_EQ(u32_at(file, 4), 124u);      // dwSize
  EXPECT_EQ(u32_at(file, 12), 6u);       // height
  EXPECT_EQ(u32_at(file, 16), 10u);      // width
  EXPECT_EQ(u32_at(file, 20), 96u);      // linear size
  EXPECT_EQ(u32_at(file, 28), 1u);       // mip levels
  EXPECT_EQ(u32_at(file, 76), 32u);      // pixel format size
  EXPECT_EQ(u32_at(file, 80), 4u);       // DDPF_FOURCC
  EXPECT_EQ(std::string(file.begin() + 84, file.begin() + 88), "DX10");
  EXPECT_EQ(u32_at(file, 108), 0x1000u);  // DDSCAPS_TEXTURE
  EXPECT_EQ(u32_at(file, 128), 98u);      // DXGI_FORMAT_BC7_UNORM
  EXPECT_EQ(u32_at(file, 132), 3u);       // texture 2D
  EXPECT_EQ(u32_at(file, 140), 1u);       // array size
  EXPECT_EQ(file[148], 0xAB);
  const auto summary = read_dds_summary(file);
  ASSERT_TRUE(summary.has_value());
  EXPECT_EQ(summary->width, 10u);
  EXPECT_EQ(summary->height, 6u);
  EXPECT_EQ(summary->mip_levels, 1u);
  EXPECT_EQ(make_dds(4, 4, BlockFormat::bc5, std::vector<std::uint8_t>(16))[128], 83);
}

TEST(DdsWriter, RejectsMismatchedData) {
  EXPECT_THROW(make_dds(8, 8, BlockFormat::bc7, std::vector<std::uint8_t>(48)), std::invalid_argument);
  EXPECT_FALSE(read_dds_summary(std::vector<std::uint8_t>(100)).has_value());
}

}  // namespace
