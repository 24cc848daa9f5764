// BC7 block decoder, bit-exact to the format specification.
#include <cstring>
#include <utility>

#include "aem/codec/bc7.hpp"
#include "bc7_tables.hpp"
#include "bit_stream.hpp"

namespace aem::codec {

void decode_bc7_block(const std::uint8_t block[16], std::uint8_t texels[64]) {
  using namespace bc7;
  int mode = 0;
  while (mode < 8 && !(block[0] & (1u << mode))) ++mode;
  if (mode == 8) {  // reserved: transparent black
    std::memset(texels, 0, 64);
    return;
  }
  const ModeInfo& info = kModes[mode];
  detail::BlockBitReader bits(block);
  bits.read(mode + 1);
  const int partition = info.partition_bits ? int(bits.read(info.partition_bits)) : 0;
  const int rotation = info.rotation_bits ? int(bits.read(info.rotation_bits)) : 0;
  const int index_mode = info.index_mode_bits ? int(bits.read(info.index_mode_bits)) : 0;
  const int subsets = info.subsets;

  int endpoints[3][2][4] = {};  // [subset][endpoint][channel], raw stored bits then expanded
  const int channels = info.alpha_bits ? 4 : 3;
  for (int c = 0; c < channels; ++c) {
    const int width = c < 3 ? info.color_bits : info.alpha_bits;
    for (int s = 0; s < subsets; ++s)
      for (int e = 0; e < 2; ++e) endpoints[s][e][c] = int(bits.read(width));
  }
  int pbit[3][2] = {};
  if (info.pbits == PbitKind::unique) {
    for (int s = 0; s < subsets; ++s)
      for (int e = 0; e < 2; ++e) pbit[s][e] = int(bits.read(1));
  } else if (info.pbits == PbitKind::shared) {
    for (int s = 0; s < subsets; ++s) pbit[s][0] = pbit[s][1] = int(bits.read(1));
  }
  const int extra = info.pbits == PbitKind::none ? 0 : 1;
  for (int s = 0; s < subsets; ++s) {
    for (int e = 0; e < 2; ++e) {
      for (int c = 0; c < 4; ++c) {
        if (c == 3 && !info.alpha_bits) {
          endpoints[s][e][c] = 255;
          continue;
        }
        const int width = (c < 3 ? info.color_bits : info.alpha_bits) + extra;
        const int raw = extra ? (endpoints[s][e][c] << 1) | pbit[s][e] : endpoints[s][e][c];
        endpoints[s][e][c] = expand_bits(raw, width);
      }
    }
  }

  int index1[16], index2[16] = {};
  for (int i = 0; i < 16; ++i) {
    const int s = subset_of(subsets, partition, i);
    const bool anchor = anchor_of(subsets, partition, s) == i;
    index1[i] = int(bits.read(info.index_bits - (anchor ? 1 : 0)));
  }
  if (info.index2_bits) {
    for (int i = 0; i < 16; ++i) index2[i] = int(bits.read(info.index2_bits - (i == 0 ? 1 : 0)));
  }

  const std::uint8_t* w1 = weights_for_bits(info.index_bits);
  const std::uint8_t* w2 = info.index2_bits ? weights_for_bits(info.index2_bits) : w1;
  for (int i = 0; i < 16; ++i) {
    const int s = subset_of(subsets, partition, i);
    const int* e0 = endpoints[s][0];
    const int* e1 = endpoints[s][1];
    int color_weight = w1[index1[i]];
    int alpha_weight = color_weight;
    if (info.index2_bits) {
      alpha_weight = w2[index2[i]];
      if (index_mode) std::swap(color_weight, alpha_weight);
    }
    int out[4];
    for (int c = 0; c < 3; ++c) out[c] = interpolate(e0[c], e1[c], color_weight);
    out[3] = interpolate(e0[3], e1[3], alpha_weight);
    if (rotation) std::swap(out[3], out[rotation - 1]);
    for (int c = 0; c < 4; ++c) texels[4 * i + c] = std::uint8_t(out[c]);
  }
}

}  // namespace aem::codec
