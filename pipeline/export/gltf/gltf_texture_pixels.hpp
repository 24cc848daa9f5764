#pragma once
// Level 0 of an AEM texture as RGBA8 texels, BC5 and BC7 blocks decoded, and the same as PNG.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/codec/image.hpp"
#include "aem/model.hpp"

namespace aem::pipeline::gltf {

// Mip level 0 of `texture`, rows top to bottom. BC5 texels have B = 0 and A = 255 (the normal's
// Z is left to the caller); BC7 and uncompressed texels are as stored.
codec::ImageRgba8 level0_texels(const aem::Model& model, const aem::Texture& texture);

// The PNG file of an RGBA8 image. Throws std::runtime_error when it cannot be encoded.
std::vector<std::byte> png_bytes(const codec::ImageRgba8& image);

// sRGB transfer functions, for the emitted colour (linear light in [0, 1]).
double srgb_byte_to_linear(std::uint8_t value);
std::uint8_t linear_to_srgb_byte(double linear);

}  // namespace aem::pipeline::gltf
