#include "import/aamf/aamf_bytes.hpp"

namespace aem::pipeline::aamf {

void Bytes::fail(std::size_t offset, const std::string& what, const std::string& why) const {
  throw BakeError(file_ + ": " + what + " at offset " + std::to_string(offset) + ": " + why);
}

void Bytes::require(std::size_t offset, std::uint64_t count, std::uint64_t bytes_each, const std::string& what) const {
  // count and bytes_each are at most 2^32 each: the product fits in 64 bits.
  const std::uint64_t need = count * bytes_each;
  if (offset > size_ || need > size_ - offset)
    fail(offset, what, std::to_string(count) + " x " + std::to_string(bytes_each) + " bytes do not fit the file's " +
                           std::to_string(size_) + " bytes (truncated, or a count too large)");
}

std::uint8_t Bytes::u8(std::size_t offset, const std::string& what) const {
  require(offset, 1, 1, what);
  return data_[offset];
}

std::uint16_t Bytes::u16(std::size_t offset, const std::string& what) const {
  require(offset, 1, 2, what);
  return std::uint16_t(data_[offset] | (data_[offset + 1] << 8));
}

std::uint32_t Bytes::u32(std::size_t offset, const std::string& what) const {
  require(offset, 1, 4, what);
  return std::uint32_t(data_[offset]) | (std::uint32_t(data_[offset + 1]) << 8) | (std::uint32_t(data_[offset + 2]) << 16) |
         (std::uint32_t(data_[offset + 3]) << 24);
}

FixedMatrix Bytes::matrix(std::size_t offset, const std::string& what) const {
  require(offset, 1, 32, what);
  FixedMatrix m;
  for (std::size_t i = 0; i < 9; ++i) m.m[i] = i16(offset + 2 * i, what);
  for (std::size_t i = 0; i < 3; ++i) m.t[i] = i32(offset + 20 + 4 * i, what);
  return m;
}

std::array<std::int16_t, 3> Bytes::svector(std::size_t offset, const std::string& what) const {
  require(offset, 1, 8, what);
  return {i16(offset, what), i16(offset + 2, what), i16(offset + 4, what)};
}

std::string Bytes::name8(std::size_t offset, const std::string& what) const {
  require(offset, 1, 8, what);
  std::string name(reinterpret_cast<const char*>(data_ + offset), 8);
  return name.substr(0, name.find('\0'));
}

}  // namespace aem::pipeline::aamf
