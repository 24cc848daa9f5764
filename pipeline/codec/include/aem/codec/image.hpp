#pragma once
// RGBA8 images and their 4x4 blocks.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace aem::codec {

// Rows top to bottom, 4 bytes per texel (R, G, B, A).
struct ImageRgba8 {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> pixels;
};

// Reads a PNG (or any format stb_image reads) as RGBA8. Throws std::runtime_error naming the file
// and the reason when it cannot.
ImageRgba8 load_image(const std::filesystem::path& path);

inline std::uint32_t blocks_across(std::uint32_t width) { return (width + 3) / 4; }
inline std::uint32_t blocks_down(std::uint32_t height) { return (height + 3) / 4; }

// Copies block (bx, by) into 64 bytes; texels past the right or bottom edge repeat the last
// column or row.
void extract_block(const ImageRgba8& image, std::uint32_t bx, std::uint32_t by,
                   std::uint8_t texels[64]);

// Writes the part of a decoded block that lies inside the image.
void store_block(ImageRgba8& image, std::uint32_t bx, std::uint32_t by, const std::uint8_t texels[64]);

}  // namespace aem::codec
