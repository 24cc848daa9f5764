#pragma once
// Mip chain geometry: level i of a W×H texture is max(1, W>>i) × max(1, H>>i), levels run down to
// 1×1, and they are packed back to back from the texture's offset.
#include <cstdint>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

struct MipLevel {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint64_t offset = 0;  // from the texture's first byte (its level 0)
  std::uint64_t size = 0;    // bytes
};

// 1 + floor(log2(max(width, height))); 0 when either side is 0.
AEM_API std::uint32_t mip_count(std::uint32_t width, std::uint32_t height);

// Bytes of one level: 4 per texel uncompressed, 16 per 4×4 block for BC5/BC7.
// Saturates at UINT64_MAX rather than wrapping, so hostile sizes compare as "too big".
AEM_API std::uint64_t mip_level_size(std::uint32_t width, std::uint32_t height,
                                     Compression compression);

// Bytes of the whole chain, saturating like mip_level_size.
AEM_API std::uint64_t mip_chain_size(std::uint32_t width, std::uint32_t height,
                                     Compression compression);

// Level `level` of `texture`; precondition: level < mip_count(width, height) and a known
// compression (both hold for every texture of a validated model).
AEM_API MipLevel mip_level(const Texture& texture, std::uint32_t level);

}  // namespace aem
