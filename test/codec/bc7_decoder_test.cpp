#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include "aem/codec/bc7.hpp"
#include "corpus.hpp"
#include "vector_file.hpp"

namespace {

int mode_of(const std::uint8_t* block) {
  for (int m = 0; m < 8; ++m)
    if (block[0] & (1u << m)) return m;
  return 8;
}

TEST(Bc7Decoder, MatchesReferenceVectorsForEveryMode) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto v = aem::test::read_vectors(corpus / "bc" / "bc7_decode_vectors.bin", "BC7V", 80);
  ASSERT_EQ(v.count, 16002u);
  int per_mode[9] = {};
  int mismatches = 0;
  for (std::uint32_t r = 0; r < v.count; ++r) {
    const std::uint8_t* rec = v.records.data() + std::size_t(r) * 80;
    std::uint8_t texels[64];
    aem::codec::decode_bc7_block(rec, texels);
    ++per_mode[mode_of(rec)];
    if (std::memcmp(texels, rec + 16, 64) != 0 && ++mismatches <= 5) {
      ADD_FAILURE() << "record " << r << " (mode " << mode_of(rec) << ") decodes differently";
    }
  }
  EXPECT_EQ(mismatches, 0);
  for (int m = 0; m < 8; ++m) EXPECT_GE(per_mode[m], 2000) << "mode " << m << " under-covered";
}

TEST(Bc7Decoder, ReservedModeDecodesToTransparentBlack) {
  std::uint8_t block[16] = {};
  for (int i = 1; i < 16; ++i) block[i] = std::uint8_t(0xA5 + i);
  std::uint8_t texels[64];
  std::memset(texels, 0x77, sizeof texels);
  aem::codec::decode_bc7_block(block, texels);
  for (std::uint8_t t : texels) EXPECT_EQ(t, 0);
}

TEST(Bc7Decoder, Mode6EndpointsDecodeAtTheEnds) {
  // Mode 6, endpoint 0 = (127,0,127,127) p0=1, endpoint 1 = 0 p1=0, all indices 0: every texel
  // is endpoint 0 expanded: (255, 1, 255, 255).
  std::uint8_t block[16] = {};
  std::uint64_t lo = 1u << 6;  // mode 6
  int pos = 7;
  auto put = [&](std::uint64_t v, int n) {
    lo |= v << pos;
    pos += n;
  };
  put(127, 7); put(0, 7);   // R
  put(0, 7);   put(0, 7);   // G
  put(127, 7); put(0, 7);   // B
  put(127, 7); put(0, 7);   // A
  ASSERT_EQ(pos, 63);
  put(1, 1);  // p0
  for (int i = 0; i < 8; ++i) block[i] = std::uint8_t(lo >> (8 * i));
  std::uint8_t texels[64];
  aem::codec::decode_bc7_block(block, texels);
  for (int t = 0; t < 16; ++t) {
    EXPECT_EQ(texels[4 * t + 0], 255);
    EXPECT_EQ(texels[4 * t + 1], 1);
    EXPECT_EQ(texels[4 * t + 2], 255);
    EXPECT_EQ(texels[4 * t + 3], 255);
  }
}

}  // namespace
