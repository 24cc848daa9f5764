#pragma once
// E3D's textureJPG2K blocks through Debian's OpenJPEG (libopenjp2): the image is decoded here
// and handed to the bake as a lossless PNG, so the material packer's one decoding path (PNG,
// JPEG, WebP) serves it like any other image.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace aem::pipeline::e3d {

// A JPEG 2000 codestream or JP2 file as PNG bytes (RGBA8). False with `problem` set when
// OpenJPEG cannot decode it, its size exceeds `max_pixels` (checked from the header, before
// decoding), or its components are not 1-4 of one size.
bool jpeg2000_to_png(std::span<const std::uint8_t> encoded, std::uint64_t max_pixels, std::vector<unsigned char>& png,
                     std::string& problem);

}  // namespace aem::pipeline::e3d
