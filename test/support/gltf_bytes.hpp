#pragma once
// Bytes for the glTF files tests write themselves: values appended to a buffer in the machine's
// (little-endian) order, and base64 for data URIs.
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace aem::test {

// Appends each value's bytes.
template <class T>
void append_values(std::vector<std::uint8_t>& buffer, std::initializer_list<T> values) {
  for (const T value : values) {
    std::uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    buffer.insert(buffer.end(), bytes, bytes + sizeof(T));
  }
}

// Zero bytes up to the next multiple of 4 (glTF aligns buffer views to their component size).
inline void pad_to_4(std::vector<std::uint8_t>& buffer) {
  while (buffer.size() % 4) buffer.push_back(0);
}

inline std::string base64_text(const std::vector<std::uint8_t>& bytes) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(bytes[i]) << 16) | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += table[(n >> 18) & 63];
    out += table[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? table[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? table[n & 63] : '=';
  }
  return out;
}

}  // namespace aem::test
