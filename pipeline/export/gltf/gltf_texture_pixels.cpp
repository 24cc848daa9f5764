#include "export/gltf/gltf_texture_pixels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <stb_image_write.h>  // declarations only; libstb.so implements them

#include "aem/codec/bc5.hpp"
#include "aem/codec/bc7.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline::gltf {

codec::ImageRgba8 level0_texels(const aem::Model& model, const aem::Texture& texture) {
  const std::span<const std::byte> data = model.mip_data(texture, 0);
  codec::ImageRgba8 image{texture.width, texture.height,
                          std::vector<std::uint8_t>(std::size_t(texture.width) * texture.height * 4)};
  const auto compression = Compression(texture.compression);
  if (compression == Compression::none) {
    std::memcpy(image.pixels.data(), data.data(), image.pixels.size());
    return image;
  }
  const std::uint32_t across = codec::blocks_across(texture.width), down = codec::blocks_down(texture.height);
  std::uint8_t block[16], texels[64];
  for (std::uint32_t by = 0; by < down; ++by)
    for (std::uint32_t bx = 0; bx < across; ++bx) {
      std::memcpy(block, data.data() + (std::size_t(by) * across + bx) * 16, 16);
      if (compression == Compression::bc5)
        codec::decode_bc5_block(block, texels);
      else
        codec::decode_bc7_block(block, texels);
      codec::store_block(image, bx, by, texels);
    }
  return image;
}

std::vector<std::byte> png_bytes(const codec::ImageRgba8& image) {
  std::vector<std::byte> png;
  auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::byte>*>(context);
    const auto* bytes = static_cast<const std::byte*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (!stbi_write_png_to_func(append, &png, int(image.width), int(image.height), 4, image.pixels.data(),
                              int(image.width * 4)))
    throw std::runtime_error("cannot encode a " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                             " PNG image");
  return png;
}

double srgb_byte_to_linear(std::uint8_t value) {
  const double c = value / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

std::uint8_t linear_to_srgb_byte(double linear) {
  const double c = std::clamp(linear, 0.0, 1.0);
  const double s = c <= 0.0031308 ? c * 12.92 : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
  return std::uint8_t(aem::round_to_integer(s * 255));
}

}  // namespace aem::pipeline::gltf
