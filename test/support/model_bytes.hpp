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

// `file` (a version-1 part of `plain_size` bytes and one extension) with that extension's payload
// replaced by `payload`: its entry's size set to it, the file ending with it. The writer checks
// the payloads it writes, so a hostile one is put in this way.
inline std::vector<std::byte> with_only_payload(std::vector<std::byte> file, std::uint64_t plain_size,
                                                const std::vector<std::byte>& payload) {
  const std::uint64_t entry = (plain_size + 15) / 16 * 16 + 16;  // the directory's only entry
  file.resize(peek<std::uint64_t>(file, entry + 32));
  file.insert(file.end(), payload.begin(), payload.end());
  poke(file, entry + 40, std::uint64_t(payload.size()));
  return file;
}

}  // namespace aem::test
