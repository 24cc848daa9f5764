#include "image_decoding.hpp"

#include <climits>

#include <stb_image.h>  // declarations only; libstb.so implements them

namespace aem::pipeline {

int pixel_source(const Scene& scene, int index) {
  const int earlier = scene.images[std::size_t(index)].same_as;
  return earlier >= 0 ? earlier : index;
}

std::span<const unsigned char> encoded_bytes(const Scene& scene, int index) {
  const ByteRange& bytes = scene.images[std::size_t(index)].bytes;
  if (bytes.buffer == kNone) return {};
  return {scene.buffers[std::size_t(bytes.buffer)].data() + bytes.offset, std::size_t(bytes.size)};
}

std::optional<codec::ImageRgba8> decode_rgba8(std::span<const unsigned char> bytes, std::string& problem) {
  if (bytes.size() > std::size_t(INT_MAX)) {
    problem = "cannot be decoded (larger than 2 GiB)";
    return std::nullopt;
  }
  int w = 0, h = 0, comp = 0;
  unsigned char* data = stbi_load_from_memory(bytes.data(), int(bytes.size()), &w, &h, &comp, 4);
  if (data == nullptr) {
    const char* reason = stbi_failure_reason();  // null when stb gives none
    problem = std::string("cannot be decoded (") + (reason ? reason : "unknown error") + ")";
    return std::nullopt;
  }
  codec::ImageRgba8 out;
  out.width = std::uint32_t(w);
  out.height = std::uint32_t(h);
  out.pixels.assign(data, data + std::size_t(w) * std::size_t(h) * 4);
  stbi_image_free(data);
  return out;
}

}  // namespace aem::pipeline
