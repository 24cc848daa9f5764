#pragma once
// The morph_targets payload as a MorphTargetsView, for the checker and for morph_targets_of.
#include <cstddef>
#include <optional>
#include <span>

#include "aem/ext_morph_targets.hpp"

namespace aem::detail {

// The arrays of `payload` (4-byte aligned) where its header's layout puts them; nullopt when the
// payload is shorter than the header or its size is not the layout's end. Nothing else checked.
std::optional<MorphTargetsView> view_morph_targets(std::span<const std::byte> payload);

}  // namespace aem::detail
