#pragma once
// BC7 (BPTC UNORM) block codec: one 4x4 block of RGBA8 texels <-> 16 bytes.
//
// Texel arrays are 16 texels, row-major, 4 bytes each (R, G, B, A): 64 bytes.
// The encoder is deterministic: the same texels and quality always give the same bytes.
#include <cstdint>
#include <optional>
#include <string_view>

namespace aem::codec {

inline constexpr int kBc7BlockBytes = 16;

// Encoder effort. fast: mode 6 (plus modes 5 and 7 when alpha varies); normal: every mode, with
// partitions ranked by a cheap estimate and the best two fitted, searches skipped once a block is
// already close; best: 16 partition candidates, exhaustive indices and p-bits, and a local search
// over the endpoint codes. See benchmarks/README.md for quality and speed.
enum class Bc7Quality { fast, normal, best };

std::string_view to_string(Bc7Quality quality);
// Parses "fast", "normal" or "best"; nullopt otherwise.
std::optional<Bc7Quality> parse_bc7_quality(std::string_view name);

// Decodes one block into 64 bytes of RGBA8. Bit-exact to the BC7 specification; the reserved mode
// (first byte 0) decodes to transparent black.
void decode_bc7_block(const std::uint8_t block[16], std::uint8_t texels[64]);

// Encodes 16 RGBA8 texels. A block whose alpha is 255 everywhere decodes with alpha 255 everywhere;
// a block of a single colour decodes to exactly that colour. `find_exact_again`: where the search
// leaves an error, look for a block in any mode that decodes to the texels exactly (texels that
// were a BC7 block's: a baked texture exported and baked again) and write it instead. On natural texels it finds little and costs several times
// the fast level's own time, so compress_image turns it on only for images whose sampled blocks
// show they were BC7.
void encode_bc7_block(const std::uint8_t texels[64], std::uint8_t block[16], Bc7Quality quality,
                      bool find_exact_again = false);

// The exact single-colour encoding (mode 5) used for solid blocks; exposed for tests.
void encode_bc7_solid_block(const std::uint8_t rgba[4], std::uint8_t block[16]);

}  // namespace aem::codec
