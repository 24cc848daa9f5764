#pragma once
// Full mip chains (down to 1x1, AEM's level sizes) and the final encoding of a texture.
// Colour is filtered in linear light (sRGB decoded, averaged, re-encoded; alpha linear);
// normal maps are averaged as vectors and renormalised (B holds Z); linear data (PBR) is averaged
// as is. For alpha-tested (MASK) colour the alpha of every level is rescaled so that the share
// of texels passing the 0.5 test stays that of level 0, then thresholded to 0/255 again.
#include <cstdint>
#include <vector>

#include "aem/codec/image.hpp"
#include "aem/codec/texture_compress.hpp"
#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/bake_report.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// occlusion: the uv1 extension's own occlusion texture (R; linear like pbr, BC5 when compressed).
enum class TextureKind { base_color, base_color_masked, normal, pbr, occlusion };

// sRGB byte <-> linear [0,1].
float srgb_to_linear(std::uint8_t value);
std::uint8_t linear_to_srgb(float linear);

// Scales so that max(width, height) <= max_size, keeping the aspect ratio (each side >= 1),
// filtered like the mip chain for `kind`. max_size 0 or a small enough image: unchanged.
codec::ImageRgba8 downsize(const codec::ImageRgba8& image, std::uint32_t max_size, TextureKind kind);

// Level 0 is `image` itself. Throws BakeCancelled once `cancel` is set.
std::vector<codec::ImageRgba8> build_mip_chain(const codec::ImageRgba8& image, TextureKind kind,
                                               const std::atomic<bool>* cancel = nullptr);

// Encodes every level: uncompressed RGBA8, or BC7 (colour, PBR) / BC5 (normals); with
// options.encode_textures false, block-compressed levels are zero bytes of their exact size.
// With options.rdo_max_loss above 0, each level's λ is searched (codec/rdo_bound.hpp; normal maps
// judged on the normals' angle) and, when `rdo_choice` is given and the texture was encoded, the
// choice is written there (all but its texture index).
TextureImage encode_texture(const std::vector<codec::ImageRgba8>& levels, TextureKind kind,
                            const BakeOptions& options, TextureRdoChoice* rdo_choice = nullptr);

}  // namespace aem::pipeline
