// Block-level BC7 encoder properties: exact solid colours, alpha 255 kept on opaque blocks,
// every output decodable, determinism, more effort never giving more error. A block's own texels
// encoded back to it: bc7_exact_refind_test.cpp.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "aem/codec/bc7.hpp"

namespace {

using aem::codec::Bc7Quality;
using aem::codec::decode_bc7_block;
using aem::codec::encode_bc7_block;

constexpr Bc7Quality kAllQualities[] = {Bc7Quality::fast, Bc7Quality::normal, Bc7Quality::best};

void expect_solid_round_trip(const std::uint8_t rgba[4], Bc7Quality quality) {
  std::uint8_t texels[64];
  for (int t = 0; t < 16; ++t) std::memcpy(texels + 4 * t, rgba, 4);
  std::uint8_t block[16], decoded[64];
  encode_bc7_block(texels, block, quality);
  decode_bc7_block(block, decoded);
  ASSERT_EQ(std::memcmp(texels, decoded, 64), 0)
      << "solid (" << int(rgba[0]) << "," << int(rgba[1]) << "," << int(rgba[2]) << ","
      << int(rgba[3]) << ") at " << aem::codec::to_string(quality);
}

TEST(Bc7Encoder, EverySolidChannelValueIsExact) {
  // Channels are independent in the solid encoding, so every value in every channel (with the
  // others at 0, 255 and mid values) covers each per-channel table entry.
  for (int channel = 0; channel < 4; ++channel) {
    for (int v = 0; v < 256; ++v) {
      for (int other : {0, 128, 255}) {
        std::uint8_t rgba[4] = {std::uint8_t(other), std::uint8_t(other), std::uint8_t(other),
                                std::uint8_t(other)};
        rgba[channel] = std::uint8_t(v);
        expect_solid_round_trip(rgba, Bc7Quality::fast);
      }
    }
  }
}

TEST(Bc7Encoder, RandomSolidColoursAreExactAtEveryQuality) {
  std::mt19937 rng(1234);
  for (int i = 0; i < 20000; ++i) {
    const std::uint32_t c = rng();
    const std::uint8_t rgba[4] = {std::uint8_t(c), std::uint8_t(c >> 8), std::uint8_t(c >> 16),
                                  std::uint8_t(i % 3 == 0 ? 255 : c >> 24)};
    expect_solid_round_trip(rgba, kAllQualities[i % 3]);
  }
}

TEST(Bc7Encoder, SolidBlockEncodingIsExactForGreysAndPrimaries) {
  for (int v = 0; v < 256; ++v) {
    const std::uint8_t grey[4] = {std::uint8_t(v), std::uint8_t(v), std::uint8_t(v), 255};
    std::uint8_t block[16], decoded[64];
    aem::codec::encode_bc7_solid_block(grey, block);
    decode_bc7_block(block, decoded);
    for (int t = 0; t < 16; ++t) ASSERT_EQ(std::memcmp(decoded + 4 * t, grey, 4), 0) << v;
  }
}

// Random blocks of several kinds: noise, gradients, two-colour edges, alpha ramps.
void make_block(std::mt19937& rng, int kind, bool opaque, std::uint8_t texels[64]) {
  std::uint8_t a[4], b[4];
  for (int c = 0; c < 4; ++c) {
    a[c] = std::uint8_t(rng());
    b[c] = std::uint8_t(rng());
  }
  for (int t = 0; t < 16; ++t) {
    const int x = t % 4, y = t / 4;
    for (int c = 0; c < 4; ++c) {
      int v = 0;
      switch (kind) {
        case 0:
          v = int(rng() & 255);
          break;
        case 1:
          v = a[c] + (b[c] - a[c]) * (x + y) / 6;
          break;
        case 2:
          v = (x + 2 * y > 3) ? a[c] : b[c];
          break;
        default:
          v = (c == 3) ? x * 80 : a[c] + int(rng() % 9);
          break;
      }
      texels[4 * t + c] = std::uint8_t(std::clamp(v, 0, 255));
    }
    if (opaque) texels[4 * t + 3] = 255;
  }
}

std::uint64_t block_error(const std::uint8_t* a, const std::uint8_t* b) {
  std::uint64_t e = 0;
  for (int i = 0; i < 64; ++i) {
    const int d = int(a[i]) - int(b[i]);
    e += std::uint64_t(d * d);
  }
  return e;
}

TEST(Bc7Encoder, OpaqueBlocksKeepAlpha255AtEveryQuality) {
  std::mt19937 rng(99);
  for (int i = 0; i < 600; ++i) {
    std::uint8_t texels[64], block[16], decoded[64];
    make_block(rng, i % 4, true, texels);
    const Bc7Quality q = kAllQualities[i % 3];
    encode_bc7_block(texels, block, q);
    decode_bc7_block(block, decoded);
    for (int t = 0; t < 16; ++t) ASSERT_EQ(decoded[4 * t + 3], 255) << "block " << i;
  }
}

TEST(Bc7Encoder, HigherQualityIsNeverWorseOnAverageAndBeatsAGenerousBound) {
  std::mt19937 rng(5);
  std::uint64_t total[3] = {};
  for (int i = 0; i < 300; ++i) {
    std::uint8_t texels[64];
    make_block(rng, 1 + i % 3, i % 2 == 0, texels);
    for (int q = 0; q < 3; ++q) {
      std::uint8_t block[16], decoded[64];
      encode_bc7_block(texels, block, kAllQualities[q]);
      decode_bc7_block(block, decoded);
      total[q] += block_error(texels, decoded);
    }
  }
  EXPECT_LE(total[1], total[0]);
  EXPECT_LE(total[2], total[1]);
  // Smooth gradients, edges and ramps: well under 2 levels RMS per sample even at fast.
  EXPECT_LT(double(total[0]) / (300.0 * 64.0), 4.0);
}

TEST(Bc7Encoder, IsDeterministic) {
  std::mt19937 rng(42);
  for (int i = 0; i < 100; ++i) {
    std::uint8_t texels[64], first[16], second[16];
    make_block(rng, i % 4, i % 2 == 0, texels);
    for (Bc7Quality q : kAllQualities) {
      encode_bc7_block(texels, first, q);
      encode_bc7_block(texels, second, q);
      ASSERT_EQ(std::memcmp(first, second, 16), 0);
    }
  }
}

TEST(Bc7Encoder, UsesSeveralModesAcrossVariedBlocks) {
  std::mt19937 rng(3);
  int used[9] = {};
  for (int i = 0; i < 400; ++i) {
    std::uint8_t texels[64], block[16];
    make_block(rng, i % 4, i % 3 != 0, texels);
    encode_bc7_block(texels, block, Bc7Quality::best);
    int mode = 0;
    while (mode < 8 && !(block[0] & (1u << mode))) ++mode;
    ++used[mode];
  }
  EXPECT_EQ(used[8], 0) << "the encoder never writes the reserved mode";
  int distinct = 0;
  for (int m = 0; m < 8; ++m) distinct += used[m] > 0;
  EXPECT_GE(distinct, 4);
}

TEST(Bc7Quality, ParsesAndPrintsNames) {
  for (Bc7Quality q : kAllQualities) EXPECT_EQ(aem::codec::parse_bc7_quality(aem::codec::to_string(q)), q);
  EXPECT_FALSE(aem::codec::parse_bc7_quality("ultra").has_value());
}

}  // namespace
