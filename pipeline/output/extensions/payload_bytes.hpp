#pragma once
// Appending to a payload the records as they lie in memory. The host is little-endian: the
// runtime refuses known extensions on a big-endian host, and serialize_model opens what it
// wrote with the runtime, so a big-endian writer fails loudly instead of writing swapped words.
// Private to the extensions' encoders.
#include <cstddef>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace aem::pipeline {

// Appends `size` bytes from `data` (nothing when size is 0).
inline void append_bytes(std::vector<std::byte>& out, const void* data, std::size_t size) {
  const std::size_t at = out.size();
  out.resize(at + size);
  if (size > 0) std::memcpy(out.data() + at, data, size);
}

template <class T>
void append_record(std::vector<std::byte>& out, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  append_bytes(out, &value, sizeof value);
}

template <class T>
void append_array(std::vector<std::byte>& out, std::span<const T> values) {
  static_assert(std::is_trivially_copyable_v<T>);
  append_bytes(out, values.data(), values.size_bytes());
}

inline void append_text(std::vector<std::byte>& out, std::string_view text) {
  append_bytes(out, text.data(), text.size());
}

// Zero bytes up to the next multiple of 16: where each array starts, and where a payload ends.
inline void pad_to_16(std::vector<std::byte>& out) { out.resize((out.size() + 15) / 16 * 16, std::byte{0}); }

}  // namespace aem::pipeline
