#pragma once
// How deeply a JSON text nests, measured without parsing it: JSON parsers (tinygltf's,
// nlohmann's) recurse once per level, and their error formatting does too, so absurd nesting is
// refused before any of them runs.
#include <cstddef>
#include <span>

namespace aem::pipeline {

// More than this many nested arrays/objects is refused in every JSON file the bake reads.
inline constexpr std::size_t kMaxJsonDepth = 256;

// The deepest [ / { nesting in `text` (brackets inside strings are skipped). Linear, no recursion.
std::size_t json_depth(std::span<const unsigned char> text);

}  // namespace aem::pipeline
