#pragma once
// Off-screen rendering for headless screenshots: an RGBA8 + depth framebuffer of a fixed size,
// read back and written as PNG (to a temporary name, then renamed).
#include <epoxy/gl.h>

#include <cstdint>
#include <filesystem>
#include <vector>

namespace aem::viewer {

class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);  // throws std::runtime_error when incomplete
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  void bind() const;
  // RGBA8, rows top to bottom.
  std::vector<std::uint8_t> read_pixels() const;
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_, height_;
  GLuint framebuffer_ = 0, color_ = 0, depth_ = 0;
};

// Throws std::runtime_error naming the file when it cannot be written.
void write_png(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgba);

}  // namespace aem::viewer
