#pragma once
// BC7 mode 6 found again from its own decoded texels (internal). Texels that a mode 6 block
// decodes to come back to the encoder when a baked model is exported (glTF's PNGs) and baked
// again; the general search, started from a principal axis, then often lands on another block a
// few levels off. This finds a mode 6 block that decodes to the texels exactly, when one exists
// whose two most distant texels take indices 0-3 and 12-15 (the encoder's own blocks span their
// texels, so theirs do).
#include <cstdint>
#include <optional>

#include "bc7_mode6_fields.hpp"

namespace aem::codec::bc7 {

// A mode 6 block decoding to exactly `texels` (16 RGBA8), texel 0's index 0-7, or nullopt. Cheap
// when there is none: texels off one straight line are turned away before any search.
std::optional<Mode6Fields> exact_mode6(const std::uint8_t texels[64]);

}  // namespace aem::codec::bc7
