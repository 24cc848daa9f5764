#pragma once
// BC7 blocks found again from their own decoded texels (internal). Texels a BC7 block decoded to
// come back to the encoder when a baked model is exported (glTF's PNGs) and baked again; the
// general search, started from a principal axis, then often lands on another block a few levels
// off. These find an encoding that decodes to the texels exactly, when one exists whose subsets'
// two most distant texels take indices in the lowest and highest quarter of the index range (the
// encoder's own blocks span their texels, so theirs do).
#include <cstdint>
#include <optional>

#include "bc7_mode6_fields.hpp"
#include "bc7_tables.hpp"

namespace aem::codec::bc7 {

// Endpoints and indices of one subset that decode exactly to its texels.
struct ExactSubset {
  int code[2][4] = {};          // stored codes [endpoint][channel], p-bit excluded
  int p[2] = {};                // p-bits (equal when shared; 0 when the format has none)
  std::uint8_t index[16] = {};  // per texel, in the order given
};

// `count` texels (RGBA8 each) of one subset, `channels` of them stored (3: the format has no
// alpha), in a format of `bits` per component plus `pbits`, with `index_bits` indices. Cheap when
// there is none: texels off one straight line are turned away before any search. Indices are as
// found; the caller puts each subset's anchor texel in the lower half of the range.
std::optional<ExactSubset> exact_subset(const std::uint8_t (*texels)[4], int count, int channels, int bits,
                                        PbitKind pbits, int index_bits);

// A mode 6 block decoding to exactly `texels` (16 RGBA8), texel 0's index 0-7, or nullopt.
std::optional<Mode6Fields> exact_mode6(const std::uint8_t texels[64]);

}  // namespace aem::codec::bc7
