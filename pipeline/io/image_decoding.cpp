#include "io/image_decoding.hpp"

#include <climits>
#include <cstring>

#include <stb_image.h>  // declarations only; libstb.so implements them
#include <webp/decode.h>

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

namespace {

// A RIFF container of WebP data ("RIFF", size, "WEBP"): what EXT_texture_webp images are.
bool is_webp(std::span<const unsigned char> bytes) {
  return bytes.size() >= 12 && std::memcmp(bytes.data(), "RIFF", 4) == 0 && std::memcmp(bytes.data() + 8, "WEBP", 4) == 0;
}

std::optional<codec::ImageRgba8> decode_webp(std::span<const unsigned char> bytes, std::string& problem) {
  // The header only, so the size is known (and was checked against the limits by the caller,
  // from read_image_size) before any pixel is allocated.
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(bytes.data(), bytes.size(), &features) != VP8_STATUS_OK) {
    problem = "cannot be decoded (not a valid WebP image)";
    return std::nullopt;
  }
  if (features.has_animation) {
    problem = "cannot be decoded (an animated WebP image, which has no single picture)";
    return std::nullopt;
  }
  const int w = features.width, h = features.height;
  codec::ImageRgba8 out;
  out.width = std::uint32_t(w);
  out.height = std::uint32_t(h);
  out.pixels.resize(std::size_t(w) * std::size_t(h) * 4);
  if (!WebPDecodeRGBAInto(bytes.data(), bytes.size(), out.pixels.data(), out.pixels.size(), w * 4)) {
    problem = "cannot be decoded (corrupt WebP data)";
    return std::nullopt;
  }
  return out;
}

}  // namespace

bool read_image_size(std::span<const unsigned char> bytes, int& width, int& height) {
  if (is_webp(bytes)) return WebPGetInfo(bytes.data(), bytes.size(), &width, &height) != 0;
  if (bytes.size() > std::size_t(INT_MAX)) return false;
  int comp = 0;
  return stbi_info_from_memory(bytes.data(), int(bytes.size()), &width, &height, &comp) != 0;
}

std::optional<codec::ImageRgba8> decode_rgba8(std::span<const unsigned char> bytes, std::string& problem) {
  if (bytes.size() > std::size_t(INT_MAX)) {
    problem = "cannot be decoded (larger than 2 GiB)";
    return std::nullopt;
  }
  if (is_webp(bytes)) return decode_webp(bytes, problem);
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
