#pragma once
// Scans of a payload's f32 arrays at memory speed: a branch-free pass over blocks of words, and
// the word-by-word search only in the block where a bad one lies, so that the checkers can name
// it. The payload checks of colours, the second UV set and morph deltas run on every validated
// open, over arrays as long as the vertex section.
#include <cstddef>

namespace aem::detail {

// The index of the first of the `count` f32 words at `words` that is infinite or NaN; `count`
// when every one is finite. `words` needs no alignment.
std::size_t first_non_finite(const std::byte* words, std::size_t count);

// The index of the first word outside [0, 1] (NaN included; -0 counts as 0); `count` when none.
std::size_t first_outside_unit(const std::byte* words, std::size_t count);

}  // namespace aem::detail
