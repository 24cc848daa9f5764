#pragma once
// BC7 blocks found again from their own decoded texels (internal). Texels a BC7 block decoded to
// come back to the encoder when a baked model is exported (glTF's PNGs) and baked again; the
// general search, started from a principal axis, then often lands on another block a few levels
// off. These find an encoding that decodes to the texels exactly, when one exists whose subsets'
// two most distant texels take indices in the lowest and highest quarter of the index range (the
// encoder's own blocks span their texels, so theirs do).
#include <cstdint>
#include <optional>

#include "bc7_subset_fit.hpp"
#include "bc7_tables.hpp"

namespace aem::codec::bc7 {

// `count` texels (RGBA8 each) of one subset, `channels` of them stored (3: the format has no
// alpha; 1: the scalar channel of modes 4 and 5, in the texels' first byte), in a format of `bits`
// per component plus `pbits`, with `index_bits` indices: endpoints and indices (in the texels'
// order, error 0) that decode exactly to them, or nullopt. Cheap when there are none: texels off
// one straight line are turned away before any search. Indices are as found: the caller puts
// each subset's anchor texel in the lower half of the range (flip_subset).
std::optional<SubsetFit> exact_subset(const std::uint8_t (*texels)[4], int count, int channels, int bits,
                                      PbitKind pbits, int index_bits);

// Whether some mode 6 block decodes to exactly `texels` (16 RGBA8).
bool decodes_from_mode6(const std::uint8_t texels[64]);

}  // namespace aem::codec::bc7
