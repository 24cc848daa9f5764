// Image loading through stb_image (Debian's libstb ships the compiled implementation).
#include <stb_image.h>

#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "aem/codec/image.hpp"

namespace aem::codec {

ImageRgba8 load_image(const std::filesystem::path& path) {
  int width = 0, height = 0, components = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(
      stbi_load(path.string().c_str(), &width, &height, &components, 4), stbi_image_free);
  if (!data) {
    const char* reason = stbi_failure_reason();
    throw std::runtime_error("cannot read image '" + path.string() + "': " +
                             (reason ? reason : "unknown error"));
  }
  if (width <= 0 || height <= 0 ||
      std::size_t(width) * std::size_t(height) > std::numeric_limits<std::size_t>::max() / 4) {
    throw std::runtime_error("image '" + path.string() + "' has unusable dimensions");
  }
  ImageRgba8 image;
  image.width = std::uint32_t(width);
  image.height = std::uint32_t(height);
  image.pixels.assign(data.get(), data.get() + std::size_t(width) * std::size_t(height) * 4);
  return image;
}

}  // namespace aem::codec
