#pragma once
// How many bits an LZ77 coder of the zstd/LZ4 family spends on one 16-byte block (internal; see
// specs/bc7-rdo.md, "Bit model"). Not a real parse: the RDO pass builds each candidate block from
// literals and at most two copies out of earlier blocks, and asks what those pieces cost.
#include <bit>
#include <cstdint>

namespace aem::codec::rdo {

// A byte the coder cannot match: entropy-coded, but BC7 endpoint and index bytes are close to
// uniform, so about a whole byte.
inline constexpr double kLiteralBits = 8.0;
// Shortest copy an LZ coder emits (zstd's minimum match); shorter runs stay literals.
inline constexpr int kMinMatchBytes = 3;

// Distances of the last two copies: zstd codes a copy at one of them ("repeat offset") without
// the distance's extra bits.
struct RecentDistances {
  std::uint32_t last[2] = {0, 0};
  bool contains(std::uint32_t distance) const { return distance == last[0] || distance == last[1]; }
  void use(std::uint32_t distance) {
    if (distance == last[0]) return;
    last[1] = last[0];
    last[0] = distance;
  }
};

// Bits of one copy of `length` bytes from `distance` bytes back: the length and offset codes,
// plus log2(distance) raw offset bits unless the distance was just used.
inline double match_bits(std::uint32_t distance, int length, const RecentDistances& recent) {
  const double length_code = length >= 8 ? 7.0 : 6.0;
  if (recent.contains(distance)) return length_code + 2.0;
  return length_code + 5.0 + double(std::bit_width(distance) - 1);
}

}  // namespace aem::codec::rdo
