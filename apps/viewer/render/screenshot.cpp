#include "render/screenshot.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "aem/pipeline/model_writer.hpp"

namespace aem::viewer {

namespace {

// A framebuffer with an RGBA8 colour and (when `with_depth`) a 24-bit depth renderbuffer.
GLuint make_framebuffer(int width, int height, int samples, bool with_depth, GLuint& color, GLuint& depth) {
  GLuint framebuffer = 0;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples > 1 ? samples : 0, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  if (with_depth) {
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples > 1 ? samples : 0, GL_DEPTH_COMPONENT24, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
  }
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw std::runtime_error("cannot create a " + std::to_string(width) + "x" + std::to_string(height) +
                             (samples > 1 ? " " + std::to_string(samples) + "x multisampled" : std::string()) +
                             " off-screen framebuffer");
  }
  return framebuffer;
}

}  // namespace

OffscreenTarget::OffscreenTarget(int width, int height, int samples) : width_(width), height_(height) {
  GLint max_samples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples_ = std::clamp(samples, 1, std::max(1, int(max_samples)));
  framebuffer_ = make_framebuffer(width, height, samples_, true, color_, depth_);
  if (samples_ > 1) {
    GLuint no_depth = 0;
    resolve_framebuffer_ = make_framebuffer(width, height, 1, false, resolve_color_, no_depth);
  }
}

OffscreenTarget::~OffscreenTarget() {
  glDeleteRenderbuffers(1, &depth_);
  glDeleteRenderbuffers(1, &color_);
  glDeleteFramebuffers(1, &framebuffer_);
  if (resolve_framebuffer_ != 0) {
    glDeleteRenderbuffers(1, &resolve_color_);
    glDeleteFramebuffers(1, &resolve_framebuffer_);
  }
}

void OffscreenTarget::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_); }

std::vector<std::uint8_t> OffscreenTarget::read_pixels() const {
  const std::size_t row = std::size_t(width_) * 4;
  std::vector<std::uint8_t> bottom_up(row * std::size_t(height_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  if (resolve_framebuffer_ != 0) {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_framebuffer_);
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_framebuffer_);
  }
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  std::vector<std::uint8_t> top_down(bottom_up.size());
  for (int y = 0; y < height_; ++y) {
    std::memcpy(&top_down[std::size_t(y) * row], &bottom_up[std::size_t(height_ - 1 - y) * row], row);
  }
  return top_down;
}

void write_png(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgba) {
  std::vector<std::byte> png;
  const auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::byte>*>(context);
    const auto* bytes = static_cast<const std::byte*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4) == 0) {
    throw std::runtime_error(path.string() + ": cannot encode the PNG");
  }
  // The pipeline's writer: a uniquely named temporary beside `path`, renamed over it, so two
  // viewers writing one screenshot never share a temporary.
  pipeline::write_file_atomically(path, png);
}

}  // namespace aem::viewer
