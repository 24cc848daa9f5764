#pragma once
// A BC7 block written from its fields, for tests that need a block in a chosen mode: the bit
// layout of the BC7 format (Khronos Data Format spec, BPTC), least significant bit first. The
// mode layouts, partition shapes and anchors are the codec's tables (bc7_tables.hpp), which the
// decoder's reference vectors pin (Bc7Decoder.MatchesReferenceVectorsForEveryMode).
#include <cstdint>
#include <cstring>

#include "bc7_tables.hpp"

namespace aem::test {

struct Bc7Fields {
  int mode = 6;
  int partition = 0;       // modes 0-3 and 7
  int rotation = 0;        // modes 4 and 5
  int index_mode = 0;      // mode 4
  int code[3][2][4] = {};  // [subset][endpoint][R, G, B, A]: stored bits, p-bit excluded
  int p[3][2] = {};        // [subset][endpoint]; a shared p-bit is p[subset][0]
  std::uint8_t index[16] = {};   // primary indices (the anchors' top bit 0)
  std::uint8_t index2[16] = {};  // secondary indices, modes 4 and 5 (texel 0's top bit 0)
};

inline void write_bc7_block(const Bc7Fields& f, std::uint8_t block[16]) {
  using namespace aem::codec::bc7;
  const ModeInfo& info = kModes[f.mode];
  std::memset(block, 0, 16);
  int at = 0;
  const auto put = [&](std::uint32_t value, int bits) {
    for (int b = 0; b < bits; ++b, ++at)
      if (value >> b & 1u) block[at / 8] = std::uint8_t(block[at / 8] | 1u << (at % 8));
  };
  put(1u << f.mode, f.mode + 1);
  put(std::uint32_t(f.partition), info.partition_bits);
  put(std::uint32_t(f.rotation), info.rotation_bits);
  put(std::uint32_t(f.index_mode), info.index_mode_bits);
  for (int c = 0; c < (info.alpha_bits ? 4 : 3); ++c)
    for (int s = 0; s < info.subsets; ++s)
      for (int e = 0; e < 2; ++e) put(std::uint32_t(f.code[s][e][c]), c == 3 ? info.alpha_bits : info.color_bits);
  for (int s = 0; s < info.subsets; ++s) {
    if (info.pbits == PbitKind::shared) put(std::uint32_t(f.p[s][0]), 1);
    if (info.pbits == PbitKind::unique) put(std::uint32_t(f.p[s][0]), 1), put(std::uint32_t(f.p[s][1]), 1);
  }
  const auto is_anchor = [&](int texel) {
    for (int s = 0; s < info.subsets; ++s)
      if (anchor_of(info.subsets, f.partition, s) == texel) return true;
    return false;
  };
  for (int i = 0; i < 16; ++i) put(f.index[i], info.index_bits - (is_anchor(i) ? 1 : 0));
  for (int i = 0; info.index2_bits && i < 16; ++i) put(f.index2[i], info.index2_bits - (i == 0 ? 1 : 0));
}

}  // namespace aem::test
