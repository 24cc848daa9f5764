#include "picking/alpha_cutout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "aem/codec/bc7.hpp"

namespace aem::viewer {
namespace {

// The texel column (or row) of `size` that coordinate `t` lands on under `wrap`.
std::uint32_t wrapped_texel(float t, std::uint32_t wrap, std::uint32_t size) {
  if (!std::isfinite(t)) t = 0;
  switch (static_cast<WrapMode>(wrap)) {
    case WrapMode::clamp_to_edge:
      t = std::clamp(t, 0.0f, 1.0f);
      break;
    case WrapMode::mirrored_repeat: {
      const float period = t - 2.0f * std::floor(t / 2.0f);  // in [0, 2)
      t = period > 1.0f ? 2.0f - period : period;
      break;
    }
    case WrapMode::repeat:
      t -= std::floor(t);
      break;
  }
  return std::min(std::uint32_t(t * float(size)), size - 1);
}

}  // namespace

float base_color_alpha(const Model& model, const Material& material, float u, float v) {
  const Texture& texture = model.textures()[material.base_color_texture];
  const std::uint32_t x = wrapped_texel(u, texture.wrap_x, texture.width);
  const std::uint32_t y = wrapped_texel(v, texture.wrap_y, texture.height);  // row 0 is v = 0
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(model.mip_data(texture, 0).data());
  switch (static_cast<Compression>(texture.compression)) {
    case Compression::none:
      return float(bytes[(std::size_t{y} * texture.width + x) * 4 + 3]) / 255.0f;
    case Compression::bc7: {
      const std::uint32_t blocks_across = (texture.width + 3) / 4;
      std::uint8_t texels[64];
      codec::decode_bc7_block(bytes + (std::size_t{y / 4} * blocks_across + x / 4) * 16, texels);
      return float(texels[((y % 4) * 4 + x % 4) * 4 + 3]) / 255.0f;
    }
    case Compression::bc5:
      break;  // red and green only: the shader reads alpha as 1
  }
  return 1.0f;
}

bool is_cut_out(const Model& model, const Material& material, float u, float v) {
  return static_cast<MaterialType>(material.type) == MaterialType::opaque && base_color_alpha(model, material, u, v) < 0.5f;
}

}  // namespace aem::viewer
