#pragma once
// Uploads an AEM texture with every mip level and its wrap modes: RGBA8 as is, BC5 as RGTC2,
// BC7 as BPTC, or decoded to RGBA8 on the CPU where the driver lacks BPTC.
#include <epoxy/gl.h>

#include <cstddef>
#include <cstdint>

#include "aem/model.hpp"

namespace aem::viewer {

struct TextureCaps {
  bool bptc = false;  // GL 4.2 or ARB_texture_compression_bptc, unless disabled
  bool rgtc = true;   // core since GL 3.0
};

// Probes the current context; AEM_VIEWER_NO_BPTC=1 in the environment (or force_no_bptc)
// reports BPTC absent so the CPU fallback runs.
TextureCaps probe_texture_caps(bool force_no_bptc);

// Creates a GL texture from `texture` (srgb: decode RGB as sRGB, for base color). Uploads read
// straight from the model's mapping except for the BC7 CPU fallback.
GLuint upload_texture(const Model& model, const aem::Texture& texture, bool srgb, const TextureCaps& caps);

// A buffer texture over `bytes` of `data` (GL 3.1's texture buffers: shaders read it by index
// with texelFetch), its buffer created into `buffer`; `usage` as glBufferData's. Both stay bound
// to nothing on return; the caller deletes both.
GLuint make_buffer_texture(GLenum format, std::size_t bytes, const void* data, GLenum usage, GLuint& buffer);

}  // namespace aem::viewer
