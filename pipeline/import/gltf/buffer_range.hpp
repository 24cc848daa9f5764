#pragma once
// The one check that a bufferView (or a compressed range an extension names) lies inside its
// buffer. Private to the glTF producer.
#include <cstdint>

namespace aem::pipeline {

// Whether bytes [offset, offset + length) lie inside a buffer of `buffer_size` bytes. Written
// without the sum offset + length, which a hostile file can make wrap around.
inline bool lies_inside_buffer(std::uint64_t offset, std::uint64_t length, std::uint64_t buffer_size) {
  return offset <= buffer_size && length <= buffer_size - offset;
}

}  // namespace aem::pipeline
