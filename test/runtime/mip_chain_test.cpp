#include <gtest/gtest.h>

#include <limits>

#include "aem/mip_chain.hpp"

namespace {

using aem::Compression;

TEST(MipChain, LevelCountRunsDownToOneByOne) {
  EXPECT_EQ(aem::mip_count(1, 1), 1u);
  EXPECT_EQ(aem::mip_count(2, 1), 2u);
  EXPECT_EQ(aem::mip_count(256, 256), 9u);
  EXPECT_EQ(aem::mip_count(300, 17), 9u);  // 300,150,75,37,18,9,4,2,1
  EXPECT_EQ(aem::mip_count(1, 1024), 11u);
  EXPECT_EQ(aem::mip_count(0xFFFFFFFFu, 1), 32u);
  EXPECT_EQ(aem::mip_count(0, 5), 0u);
}

TEST(MipChain, LevelSizes) {
  EXPECT_EQ(aem::mip_level_size(3, 5, Compression::none), 60u);
  EXPECT_EQ(aem::mip_level_size(1, 1, Compression::bc7), 16u);
  EXPECT_EQ(aem::mip_level_size(5, 9, Compression::bc5), 2u * 3u * 16u);
  EXPECT_EQ(aem::mip_level_size(8, 8, Compression::bc7), 64u);
}

TEST(MipChain, ChainOfANonSquareTexture) {
  // 5x3 RGBA8: 5x3, 2x1, 1x1.
  EXPECT_EQ(aem::mip_chain_size(5, 3, Compression::none), 60u + 8u + 4u);
  const aem::Texture t{100, 5, 3, 0, 0, 0};
  const aem::MipLevel l1 = aem::mip_level(t, 1);
  EXPECT_EQ(l1.width, 2u);
  EXPECT_EQ(l1.height, 1u);
  EXPECT_EQ(l1.offset, 60u);
  EXPECT_EQ(l1.size, 8u);
  const aem::MipLevel l2 = aem::mip_level(t, 2);
  EXPECT_EQ(l2.offset, 68u);
  EXPECT_EQ(l2.size, 4u);
  // 16x16 BC7: 16, 8, 4 blocks-of-4 wide levels, then 2x2 and 1x1 still take a whole block.
  EXPECT_EQ(aem::mip_chain_size(16, 16, Compression::bc7), 256u + 64u + 16u + 16u + 16u);
}

TEST(MipChain, HostileSizesSaturateInsteadOfWrapping) {
  constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(aem::mip_level_size(0xFFFFFFFFu, 0xFFFFFFFFu, Compression::none), kMax);
  EXPECT_EQ(aem::mip_chain_size(0xFFFFFFFFu, 0xFFFFFFFFu, Compression::none), kMax);
  EXPECT_EQ(aem::mip_chain_size(0xFFFFFFFFu, 0xFFFFFFFFu, Compression::bc7), kMax);
  // 2^29 x 2^29 blocks of 16 bytes: 2^62 for level 0, the chain about 4/3 of that.
  const std::uint64_t big = aem::mip_chain_size(0x7FFFFFFFu, 0x7FFFFFFFu, Compression::bc7);
  EXPECT_GT(big, std::uint64_t{1} << 62);
  EXPECT_LT(big, kMax);
}

}  // namespace
