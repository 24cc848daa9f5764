#pragma once
// Small previews of a model's textures for the UI: one mip level and one channel of a GL
// texture drawn into a square RGBA8 texture that ImGui shows. Each preview is drawn once and
// kept until clear() (call it when the model changes: GL reuses texture names).
#include <epoxy/gl.h>

#include <map>
#include <tuple>

#include "render/shaders.hpp"

namespace aem::viewer {

// What a preview shows of its texture.
enum class ThumbnailChannel { rgb = 0, r, g, b, a };
inline constexpr int kThumbnailChannelCount = 5;
const char* name(ThumbnailChannel channel);

class TextureThumbnails {
 public:
  TextureThumbnails();
  ~TextureThumbnails();
  TextureThumbnails(const TextureThumbnails&) = delete;
  TextureThumbnails& operator=(const TextureThumbnails&) = delete;

  // A size x size preview of `source` at mip `level` (clamped by GL to the levels it has).
  // `srgb`: the source decodes sRGB, and the preview shows the stored (encoded) values. One
  // channel shows as grey; alpha is never blended. Leaves the framebuffer binding, viewport
  // and program as they were.
  GLuint get(GLuint source, bool srgb, int level, ThumbnailChannel channel, int size);
  void clear();
  // Drops every preview when there are many. Call it between frames, never while ImGui holds
  // draw commands that show them.
  void trim();

 private:
  Program program_;
  GLuint framebuffer_ = 0, vertex_array_ = 0;
  std::map<std::tuple<GLuint, bool, int, int, int>, GLuint> cache_;
};

}  // namespace aem::viewer
