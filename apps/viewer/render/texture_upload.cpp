#include "render/texture_upload.hpp"

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "aem/codec/bc7.hpp"
#include "aem/mip_chain.hpp"

namespace aem::viewer {
namespace {

GLint gl_wrap(std::uint32_t wrap) {
  switch (static_cast<WrapMode>(wrap)) {
    case WrapMode::mirrored_repeat: return GL_MIRRORED_REPEAT;
    case WrapMode::clamp_to_edge: return GL_CLAMP_TO_EDGE;
    case WrapMode::repeat: break;
  }
  return GL_REPEAT;
}

// RGBA8 texels of one BC7 level (w x h), decoded block by block.
std::vector<std::uint8_t> decode_bc7_level(std::span<const std::byte> blocks, std::uint32_t w,
                                           std::uint32_t h) {
  std::vector<std::uint8_t> texels(std::size_t{w} * h * 4);
  const std::uint32_t bw = (w + 3) / 4, bh = (h + 3) / 4;
  std::uint8_t block_texels[64];
  for (std::uint32_t by = 0; by < bh; ++by) {
    for (std::uint32_t bx = 0; bx < bw; ++bx) {
      const auto* block = reinterpret_cast<const std::uint8_t*>(blocks.data()) + (std::size_t{by} * bw + bx) * 16;
      codec::decode_bc7_block(block, block_texels);
      for (std::uint32_t y = 0; y < 4 && by * 4 + y < h; ++y) {
        for (std::uint32_t x = 0; x < 4 && bx * 4 + x < w; ++x) {
          std::memcpy(&texels[((std::size_t{by} * 4 + y) * w + bx * 4 + x) * 4], &block_texels[(y * 4 + x) * 4], 4);
        }
      }
    }
  }
  return texels;
}

}  // namespace

TextureCaps probe_texture_caps(bool force_no_bptc) {
  TextureCaps caps;
  const char* env = std::getenv("AEM_VIEWER_NO_BPTC");
  const bool disabled = force_no_bptc || (env != nullptr && *env != '\0' && std::string_view(env) != "0");
  caps.bptc = !disabled && (epoxy_gl_version() >= 42 || epoxy_has_gl_extension("GL_ARB_texture_compression_bptc"));
  caps.rgtc = true;
  return caps;
}

GLuint upload_texture(const Model& model, const aem::Texture& texture, bool srgb, const TextureCaps& caps) {
  GLuint name = 0;
  glGenTextures(1, &name);
  glBindTexture(GL_TEXTURE_2D, name);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const std::uint32_t levels = mip_count(texture.width, texture.height);
  const auto compression = static_cast<Compression>(texture.compression);
  for (std::uint32_t level = 0; level < levels; ++level) {
    const MipLevel mip = mip_level(texture, level);
    const std::span<const std::byte> data = model.mip_data(texture, level);
    const auto w = GLsizei(mip.width), h = GLsizei(mip.height);
    switch (compression) {
      case Compression::none:
        glTexImage2D(GL_TEXTURE_2D, GLint(level), srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, w, h, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, data.data());
        break;
      case Compression::bc5:
        glCompressedTexImage2D(GL_TEXTURE_2D, GLint(level), GL_COMPRESSED_RG_RGTC2, w, h, 0,
                               GLsizei(data.size()), data.data());
        break;
      case Compression::bc7:
        if (caps.bptc) {
          glCompressedTexImage2D(GL_TEXTURE_2D, GLint(level),
                                 srgb ? GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM : GL_COMPRESSED_RGBA_BPTC_UNORM, w, h,
                                 0, GLsizei(data.size()), data.data());
        } else {
          const std::vector<std::uint8_t> texels = decode_bc7_level(data, mip.width, mip.height);
          glTexImage2D(GL_TEXTURE_2D, GLint(level), srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, w, h, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels.data());
        }
        break;
    }
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, GLint(levels) - 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, gl_wrap(texture.wrap_x));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, gl_wrap(texture.wrap_y));
  return name;
}

GLuint make_buffer_texture(GLenum format, std::size_t bytes, const void* data, GLenum usage, GLuint& buffer) {
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_TEXTURE_BUFFER, buffer);
  glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(bytes), data, usage);
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_BUFFER, texture);
  glTexBuffer(GL_TEXTURE_BUFFER, format, buffer);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  return texture;
}

}  // namespace aem::viewer
