// BC5: libsquish encodes; the decoder is ours (BC4 palette with truncating division, as the
// reference decoders do).
#include <squish.h>

#include <algorithm>
#include <cmath>

#include "aem/codec/bc5.hpp"

namespace aem::codec {

void encode_bc5_block(const std::uint8_t texels[64], std::uint8_t block[16]) {
  squish::Compress(texels, block, squish::kBc5);
}

Bc5Normal bc5_normal(std::uint8_t r, std::uint8_t g) {
  const double x = r / 255.0 * 2 - 1, y = g / 255.0 * 2 - 1;
  return {x, y, std::sqrt(std::max(0.0, 1 - x * x - y * y))};
}

void decode_bc4_block(const std::uint8_t block[8], std::uint8_t values[16]) {
  const int a0 = block[0], a1 = block[1];
  int palette[8];
  palette[0] = a0;
  palette[1] = a1;
  if (a0 > a1) {
    for (int i = 2; i < 8; ++i) palette[i] = ((8 - i) * a0 + (i - 1) * a1) / 7;
  } else {
    for (int i = 2; i < 6; ++i) palette[i] = ((6 - i) * a0 + (i - 1) * a1) / 5;
    palette[6] = 0;
    palette[7] = 255;
  }
  std::uint64_t bits = 0;
  for (int j = 7; j >= 2; --j) bits = (bits << 8) | block[j];
  for (int t = 0; t < 16; ++t) values[t] = std::uint8_t(palette[(bits >> (3 * t)) & 7u]);
}

void decode_bc5_block(const std::uint8_t block[16], std::uint8_t texels[64]) {
  std::uint8_t red[16], green[16];
  decode_bc4_block(block, red);
  decode_bc4_block(block + 8, green);
  for (int t = 0; t < 16; ++t) {
    texels[4 * t] = red[t];
    texels[4 * t + 1] = green[t];
    texels[4 * t + 2] = 0;
    texels[4 * t + 3] = 255;
  }
}

}  // namespace aem::codec
