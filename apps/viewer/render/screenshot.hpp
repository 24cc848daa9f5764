#pragma once
// Off-screen rendering for headless screenshots: an RGBA8 + depth framebuffer of a fixed size,
// multisampled when asked (resolved by a blit before reading), read back and written as PNG (to a
// temporary name, then renamed).
#include <epoxy/gl.h>

#include <cstdint>
#include <filesystem>
#include <vector>

namespace aem::viewer {

class OffscreenTarget {
 public:
  // `samples` > 1: multisampled, clamped to what the driver offers. Throws std::runtime_error
  // when the framebuffer is incomplete.
  OffscreenTarget(int width, int height, int samples = 1);
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  void bind() const;
  // RGBA8, rows top to bottom (resolved when multisampled).
  std::vector<std::uint8_t> read_pixels() const;
  int samples() const { return samples_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_, height_, samples_ = 1;
  GLuint framebuffer_ = 0, color_ = 0, depth_ = 0;
  GLuint resolve_framebuffer_ = 0, resolve_color_ = 0;  // single-sampled copy; 0 when not multisampled
};

// Throws std::runtime_error naming the file when it cannot be written.
void write_png(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgba);

}  // namespace aem::viewer
