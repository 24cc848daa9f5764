#pragma once
// Appends little-endian fields to an extension payload, whatever the host's byte order, and pads
// it to the whole 16-byte blocks every payload is made of (specs/aem-extensions.md section 4).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace aem::pipeline {

class PayloadBuilder {
 public:
  void u32(std::uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes_.push_back(std::byte(value >> (8 * i) & 0xFF));
  }
  void f32(float value) { u32(std::bit_cast<std::uint32_t>(value)); }
  void text(std::string_view text) {
    for (const char c : text) bytes_.push_back(std::byte(c));
  }
  // The payload, zero-padded to a multiple of 16 bytes.
  std::vector<std::byte> finish() && {
    bytes_.resize((bytes_.size() + 15) / 16 * 16);
    return std::move(bytes_);
  }

 private:
  std::vector<std::byte> bytes_;
};

}  // namespace aem::pipeline
