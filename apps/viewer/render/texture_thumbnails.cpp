#include "render/texture_thumbnails.hpp"

namespace aem::viewer {
namespace {

// A triangle covering the target, from gl_VertexID alone (an empty vertex array).
constexpr const char* kThumbnailVertexShader = R"(#version 330 core
out vec2 v_uv;
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_uv = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)";

constexpr const char* kThumbnailFragmentShader = R"(#version 330 core
in vec2 v_uv;
uniform sampler2D u_source;
uniform float u_level;
uniform int u_channel;  // ThumbnailChannel
uniform int u_srgb;
out vec4 o_color;
vec3 encode_srgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
void main() {
  // The preview's row 0 (v = 0) is the row ImGui shows at the top, and an AEM texture's row 0
  // (t = 0) is its top row: no flip.
  vec4 t = textureLod(u_source, v_uv, u_level);
  if (u_srgb != 0) t.rgb = encode_srgb(t.rgb);
  vec3 c = u_channel == 0 ? t.rgb : vec3(t[u_channel - 1]);
  o_color = vec4(c, 1.0);
}
)";

}  // namespace

const char* name(ThumbnailChannel channel) {
  switch (channel) {
    case ThumbnailChannel::rgb: return "RGB";
    case ThumbnailChannel::r: return "R";
    case ThumbnailChannel::g: return "G";
    case ThumbnailChannel::b: return "B";
    case ThumbnailChannel::a: return "A";
  }
  return "?";
}

TextureThumbnails::TextureThumbnails() : program_(kThumbnailVertexShader, kThumbnailFragmentShader, "thumbnail") {
  glGenFramebuffers(1, &framebuffer_);
  glGenVertexArrays(1, &vertex_array_);
  glUseProgram(program_.id());
  glUniform1i(program_.uniform("u_source"), 0);
  glUseProgram(0);
}

TextureThumbnails::~TextureThumbnails() {
  clear();
  glDeleteVertexArrays(1, &vertex_array_);
  glDeleteFramebuffers(1, &framebuffer_);
}

void TextureThumbnails::trim() {
  // Every channel and level of every texture of a large model would be a lot of previews; the
  // ones on screen are drawn again at once.
  constexpr std::size_t kMaxPreviews = 1024;
  if (cache_.size() > kMaxPreviews) clear();
}

void TextureThumbnails::clear() {
  for (const auto& entry : cache_) glDeleteTextures(1, &entry.second);
  cache_.clear();
}

GLuint TextureThumbnails::get(GLuint source, bool srgb, int level, ThumbnailChannel channel, int size) {
  const auto key = std::make_tuple(source, srgb, level, int(channel), size);
  if (auto found = cache_.find(key); found != cache_.end()) return found->second;

  GLuint preview = 0;
  glGenTextures(1, &preview);
  glBindTexture(GL_TEXTURE_2D, preview);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);

  GLint framebuffer = 0, program = 0, viewport[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  glGetIntegerv(GL_VIEWPORT, viewport);
  const GLboolean depth = glIsEnabled(GL_DEPTH_TEST), blend = glIsEnabled(GL_BLEND),
                  cull = glIsEnabled(GL_CULL_FACE), scissor = glIsEnabled(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);

  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, preview, 0);
  glViewport(0, 0, size, size);
  glUseProgram(program_.id());
  glUniform1f(program_.uniform("u_level"), float(level));
  glUniform1i(program_.uniform("u_channel"), int(channel));
  glUniform1i(program_.uniform("u_srgb"), srgb ? 1 : 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, source);
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);

  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(framebuffer));
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  glUseProgram(GLuint(program));
  if (depth) glEnable(GL_DEPTH_TEST);
  if (blend) glEnable(GL_BLEND);
  if (cull) glEnable(GL_CULL_FACE);
  if (scissor) glEnable(GL_SCISSOR_TEST);
  cache_.emplace(key, preview);
  return preview;
}

}  // namespace aem::viewer
