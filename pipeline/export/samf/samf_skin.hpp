#pragma once
// One vertex's SAMF skin weights: up to four (u8 bone, u8 weight) pairs whose weights sum to
// exactly 255.
#include <array>
#include <cstdint>

#include "aem/format.hpp"
#include "export/samf/samf_bones.hpp"

namespace aem::pipeline::samf {

struct SkinWeight {
  std::array<std::uint8_t, 4> bones{};    // unused slots: bone 0
  std::array<std::uint8_t, 4> weights{};  // unused slots: 0
};

// The vertex's influences (slots naming a joint with weight > 0, in slot order, first), each
// weight divided by their sum, times 255, rounded by largest remainder: every weight is rounded
// down, then the units still missing from 255 go one each to the largest remainders (the
// earlier slot on a tie). A static vertex weighs 255 on bones.static_bone().
SkinWeight quantize_skin(const Vertex& v, const Bones& bones);

}  // namespace aem::pipeline::samf
