// Block extraction with edge replication, and storing decoded blocks back into an image.
#include <algorithm>
#include <cstring>

#include "aem/codec/image.hpp"

namespace aem::codec {

void extract_block(const ImageRgba8& image, std::uint32_t bx, std::uint32_t by,
                   std::uint8_t texels[64]) {
  for (std::uint32_t y = 0; y < 4; ++y) {
    const std::uint32_t sy = std::min(by * 4 + y, image.height - 1);
    const std::uint8_t* row = image.pixels.data() + std::size_t(sy) * image.width * 4;
    for (std::uint32_t x = 0; x < 4; ++x) {
      const std::uint32_t sx = std::min(bx * 4 + x, image.width - 1);
      std::memcpy(texels + 4 * (4 * y + x), row + std::size_t(sx) * 4, 4);
    }
  }
}

void store_block(ImageRgba8& image, std::uint32_t bx, std::uint32_t by, const std::uint8_t texels[64]) {
  for (std::uint32_t y = 0; y < 4; ++y) {
    const std::uint32_t sy = by * 4 + y;
    if (sy >= image.height) break;
    std::uint8_t* row = image.pixels.data() + std::size_t(sy) * image.width * 4;
    for (std::uint32_t x = 0; x < 4; ++x) {
      const std::uint32_t sx = bx * 4 + x;
      if (sx >= image.width) break;
      std::memcpy(row + std::size_t(sx) * 4, texels + 4 * (4 * y + x), 4);
    }
  }
}

}  // namespace aem::codec
