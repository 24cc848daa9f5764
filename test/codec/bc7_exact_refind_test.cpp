// A BC7 block's own texels encoded again find a block that decodes to them exactly, in every mode
// (the exact search of bc7_exact_fit.hpp, asked for with find_exact_again): what a baked texture
// exported to glTF and baked again gives the encoder, where the general search would land a few
// levels off.
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/codec/bc7.hpp"
#include "bc7_block_fields.hpp"

namespace {

using aem::codec::Bc7Quality;
using aem::codec::decode_bc7_block;
using aem::codec::encode_bc7_block;
using aem::test::Bc7Fields;
namespace tables = aem::codec::bc7;

// Gives one index set `index` (`bits` wide) of the texels in `members` (the first is the subset's
// anchor, whose top bit is 0) random values with both ends taken: 0 by one texel, the highest
// index by another (not the anchor). The exact search promises to find blocks whose subsets span
// their texels so (the encoder's own blocks do).
void spanning_indices(std::mt19937& rng, const std::vector<int>& members, int bits, std::uint8_t index[16]) {
  const int top = (1 << bits) - 1;
  for (std::size_t k = 0; k < members.size(); ++k) index[members[k]] = std::uint8_t(rng() % unsigned(k == 0 ? (top + 1) / 2 : top + 1));
  if (members.size() < 2) return;
  const std::size_t high = 1 + rng() % (members.size() - 1);
  std::size_t low = rng() % members.size();
  if (low == high) low = 0;
  index[members[low]] = 0;
  index[members[high]] = std::uint8_t(top);
}

// A random block in `mode`: random partition, rotation, index mode, endpoints and p-bits, each
// subset's indices spanning (spanning_indices).
Bc7Fields random_block(std::mt19937& rng, int mode) {
  const tables::ModeInfo& info = tables::kModes[mode];
  Bc7Fields f;
  f.mode = mode;
  f.partition = int(rng() % (1u << info.partition_bits));
  f.rotation = int(rng() % (1u << info.rotation_bits));
  f.index_mode = int(rng() % (1u << info.index_mode_bits));
  for (int s = 0; s < info.subsets; ++s)
    for (int e = 0; e < 2; ++e) {
      for (int c = 0; c < 4; ++c) f.code[s][e][c] = int(rng() % (1u << (c == 3 ? info.alpha_bits : info.color_bits)));
      f.p[s][e] = int(rng() & 1);
    }
  for (int s = 0; s < info.subsets; ++s) {
    std::vector<int> members = {tables::anchor_of(info.subsets, f.partition, s)};
    for (int i = 0; i < 16; ++i)
      if (tables::subset_of(info.subsets, f.partition, i) == s && i != members[0]) members.push_back(i);
    spanning_indices(rng, members, info.index_bits, f.index);
  }
  if (info.index2_bits) {
    std::vector<int> all;
    for (int i = 0; i < 16; ++i) all.push_back(i);
    spanning_indices(rng, all, info.index2_bits, f.index2);
  }
  return f;
}

// `count` random blocks in `mode`, decoded, then encoded again at fast and normal with
// find_exact_again: each must decode to the same texels.
void expect_found_again(int mode, int count, unsigned seed) {
  std::mt19937 rng(seed);
  for (int n = 0; n < count; ++n) {
    std::uint8_t block[16], texels[64];
    write_bc7_block(random_block(rng, mode), block);
    ASSERT_EQ(block[0] & ((2u << mode) - 1), 1u << mode) << "the block is in mode " << mode;
    decode_bc7_block(block, texels);
    for (const Bc7Quality quality : {Bc7Quality::fast, Bc7Quality::normal}) {
      std::uint8_t again[16], decoded[64];
      encode_bc7_block(texels, again, quality, /*find_exact_again=*/true);
      decode_bc7_block(again, decoded);
      ASSERT_EQ(std::memcmp(texels, decoded, 64), 0)
          << "mode " << mode << " block " << n << " at " << aem::codec::to_string(quality);
    }
  }
}

TEST(Bc7Encoder, TexelsOfAModeSixBlockUsingBothEndsComeBackExactly) {
  expect_found_again(6, 3000, 6);
}

class Bc7ExactRefind : public ::testing::TestWithParam<int> {};

TEST_P(Bc7ExactRefind, TexelsOfABlockInThisModeComeBackExactly) {
  expect_found_again(GetParam(), 1000, 100u + unsigned(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Bc7, Bc7ExactRefind, ::testing::Values(0, 1, 2, 3, 4, 5, 7),
                         [](const auto& param_info) { return "mode" + std::to_string(param_info.param); });

}  // namespace
