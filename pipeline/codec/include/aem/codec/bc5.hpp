#pragma once
// BC5 (two-channel, for normal maps: X in R, Y in G): encode through libsquish, decode with our
// own bit-exact decoder (libsquish 1.15's Decompress does not decode kBc5).
#include <cstdint>

namespace aem::codec {

inline constexpr int kBc5BlockBytes = 16;

// Encodes the R and G channels of 16 RGBA8 texels (B and A are ignored).
void encode_bc5_block(const std::uint8_t texels[64], std::uint8_t block[16]);

// Decodes into 16 RGBA8 texels: R and G from the block, B = 0, A = 255.
void decode_bc5_block(const std::uint8_t block[16], std::uint8_t texels[64]);

// The normal a BC5 normal-map texel stands for, rebuilt as the viewer's shader does: x, y =
// 2 · byte / 255 − 1 from R and G, z = sqrt(max(0, 1 − x² − y²)). Not normalised: x² + y² may
// exceed 1 (then z is 0).
struct Bc5Normal {
  double x, y, z;
};
Bc5Normal bc5_normal(std::uint8_t r, std::uint8_t g);

// Decodes one 8-byte BC4 channel block into 16 values.
void decode_bc4_block(const std::uint8_t block[8], std::uint8_t values[16]);

}  // namespace aem::codec
