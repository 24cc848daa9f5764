#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "aem/codec/bc5.hpp"
#include "aem/codec/image.hpp"
#include "bc4_endpoint_fit.hpp"
#include "corpus.hpp"
#include "vector_file.hpp"

namespace {

TEST(Bc5Decoder, MatchesReferenceVectors) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto v = aem::test::read_vectors(corpus / "bc" / "bc5_decode_vectors.bin", "BC5V", 48);
  ASSERT_EQ(v.count, 4000u);
  int mismatches = 0;
  for (std::uint32_t r = 0; r < v.count; ++r) {
    const std::uint8_t* rec = v.records.data() + std::size_t(r) * 48;
    std::uint8_t texels[64];
    aem::codec::decode_bc5_block(rec, texels);
    bool same = true;
    for (int t = 0; t < 16; ++t) {
      same = same && texels[4 * t] == rec[16 + 2 * t] && texels[4 * t + 1] == rec[17 + 2 * t] &&
             texels[4 * t + 2] == 0 && texels[4 * t + 3] == 255;
    }
    if (!same && ++mismatches <= 5) ADD_FAILURE() << "record " << r << " decodes differently";
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(Bc5Decoder, SixValueModeHasExactBlackAndWhite) {
  // a0 <= a1 selects 4 interpolated values plus 0 and 255 (indices 6 and 7).
  const std::uint8_t block[8] = {10, 200, 0xFE, 0x0F, 0, 0, 0, 0};  // texel 0: 6, texels 1-3: 7
  std::uint8_t values[16];
  aem::codec::decode_bc4_block(block, values);
  EXPECT_EQ(values[0], 0);
  EXPECT_EQ(values[1], 255);
  EXPECT_EQ(values[4], 10);  // index 0
}

TEST(Bc5Encoder, RoundTripsNormalMapChannelsClosely) {
  std::mt19937 rng(7);
  double squared = 0;
  int samples = 0;
  for (int b = 0; b < 200; ++b) {
    // Smooth gradients with a little noise, as in a normal map.
    std::uint8_t texels[64];
    const int x0 = int(rng() % 200), y0 = int(rng() % 200);
    for (int t = 0; t < 16; ++t) {
      texels[4 * t] = std::uint8_t(x0 + (t % 4) * 10 + int(rng() % 5));
      texels[4 * t + 1] = std::uint8_t(y0 + (t / 4) * 12 + int(rng() % 5));
      texels[4 * t + 2] = 255;
      texels[4 * t + 3] = 255;
    }
    std::uint8_t block[16], decoded[64];
    aem::codec::encode_bc5_block(texels, block);
    aem::codec::decode_bc5_block(block, decoded);
    for (int t = 0; t < 16; ++t) {
      for (int c = 0; c < 2; ++c) {
        const int d = int(texels[4 * t + c]) - int(decoded[4 * t + c]);
        EXPECT_LE(std::abs(d), 12) << "block " << b << " texel " << t << " channel " << c;
        squared += d * d;
        ++samples;
      }
    }
  }
  EXPECT_LT(squared / samples, 12.0);
}

TEST(Bc5Encoder, SolidChannelsAreExact) {
  for (int v = 0; v < 256; v += 5) {
    std::uint8_t texels[64];
    for (int t = 0; t < 16; ++t) {
      texels[4 * t] = std::uint8_t(v);
      texels[4 * t + 1] = std::uint8_t(255 - v);
      texels[4 * t + 2] = 0;
      texels[4 * t + 3] = 255;
    }
    std::uint8_t block[16], decoded[64];
    aem::codec::encode_bc5_block(texels, block);
    aem::codec::decode_bc5_block(block, decoded);
    for (int t = 0; t < 16; ++t) {
      ASSERT_EQ(decoded[4 * t], v);
      ASSERT_EQ(decoded[4 * t + 1], 255 - v);
    }
  }
}

// The RDO pass skips a BC4 refit whose least-squares bound already loses: the bound must not sit
// above what the refit achieves (beyond rounding: half a level per sample) on a real normal map's
// blocks against its neighbours' halves, in both palette kinds.
TEST(Bc4EndpointFit, ResidualBoundsTheRefit) {
  AEM_REQUIRE_CORPUS(corpus);
  const aem::codec::ImageRgba8 image = aem::codec::load_image(corpus / "images" / "water_normals.png");
  int refits = 0;
  for (std::uint32_t by = 20; by < 36; ++by)
    for (std::uint32_t bx = 20; bx < 36; ++bx) {
      std::uint8_t texels[64], near_texels[64], source[16];
      aem::codec::extract_block(image, bx, by, texels);
      aem::codec::extract_block(image, bx - 1 - (bx + by) % 5, by - by % 2, near_texels);
      aem::codec::encode_bc5_block(near_texels, source);
      for (int channel = 0; channel < 2; ++channel)
        for (int from = 0; from < 2; ++from) {
          std::uint8_t values[16], half[8], decoded[16];
          for (int i = 0; i < 16; ++i) values[i] = texels[4 * i + channel];
          std::memcpy(half, source + 8 * from, 8);
          const double bound = aem::codec::bc4_fit_residual(values, half);
          if (!aem::codec::fit_bc4_endpoints(values, half)) continue;
          ++refits;
          aem::codec::decode_bc4_block(half, decoded);
          double error = 0, absolute = 0;
          for (int i = 0; i < 16; ++i) {
            error += (decoded[i] - values[i]) * (decoded[i] - values[i]);
            absolute += std::abs(decoded[i] - values[i]);
          }
          EXPECT_LE(bound, error + absolute + 0.25 * 16) << "block " << bx << "," << by;
        }
    }
  EXPECT_GT(refits, 500);
  // The 6-value palette's constants (index 6 is 0, 7 is 255), which normal maps seldom use: a
  // block on them exactly and on a ramp between the endpoints.
  std::uint8_t values[16] = {0, 0, 255, 255}, half[8] = {50, 200}, decoded[16];
  std::uint64_t indices = 6 | 6 << 3 | 7 << 6 | 7 << 9;
  for (int i = 4; i < 16; ++i) {
    const int index = i % 6;  // 0: endpoint 0, 1: endpoint 1, 2-5: between
    indices |= std::uint64_t(index) << (3 * i);
    values[i] = std::uint8_t(index == 0 ? 50 : index == 1 ? 200 : 50 + (index - 1) * 30);
  }
  for (int j = 2; j < 8; ++j) half[j] = std::uint8_t(indices >> (8 * (j - 2)));
  aem::codec::decode_bc4_block(half, decoded);
  ASSERT_TRUE(std::equal(values, values + 16, decoded));
  EXPECT_LT(aem::codec::bc4_fit_residual(values, half), 1.0);
}

}  // namespace
