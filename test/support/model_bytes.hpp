#pragma once
// Helpers for tests that poke at serialized AEM bytes.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

namespace aem::test {

// Bytes in a heap block of exactly their size, so AddressSanitizer catches any read past the end
// (a std::vector may have spare capacity that hides one).
class ExactBuffer {
 public:
  explicit ExactBuffer(std::span<const std::byte> bytes)
      : data_(new std::byte[bytes.size() == 0 ? 1 : bytes.size()]), size_(bytes.size()) {
    if (size_ != 0) std::memcpy(data_.get(), bytes.data(), size_);
  }
  std::span<const std::byte> bytes() const { return {data_.get(), size_}; }

 private:
  std::unique_ptr<std::byte[]> data_;
  std::size_t size_;
};

template <class T>
void poke(std::vector<std::byte>& bytes, std::uint64_t offset, T value) {
  std::memcpy(bytes.data() + offset, &value, sizeof value);
}

template <class T>
T peek(const std::vector<std::byte>& bytes, std::uint64_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof value);
  return value;
}

}  // namespace aem::test
