#pragma once
// A bounds-checked little-endian reader over an AAMF file held in memory. Every read names what it
// reads; past the end it throws one BakeError naming the file, the element and the offset.
#include <cstddef>
#include <cstdint>
#include <string>

#include "aem/pipeline/bake_error.hpp"
#include "import/aamf/aamf_model.hpp"

namespace aem::pipeline::aamf {

class Bytes {
 public:
  Bytes(const unsigned char* data, std::size_t size, std::string file) : data_(data), size_(size), file_(std::move(file)) {}

  std::size_t size() const { return size_; }
  const std::string& file() const { return file_; }

  // BakeError "<file>: <what> at offset <offset>: <why>".
  [[noreturn]] void fail(std::size_t offset, const std::string& what, const std::string& why) const;
  // Throws unless `count` elements of `bytes_each` starting at `offset` lie inside the file.
  void require(std::size_t offset, std::uint64_t count, std::uint64_t bytes_each, const std::string& what) const;

  std::uint8_t u8(std::size_t offset, const std::string& what) const;
  std::uint16_t u16(std::size_t offset, const std::string& what) const;
  std::int16_t i16(std::size_t offset, const std::string& what) const { return std::int16_t(u16(offset, what)); }
  std::uint32_t u32(std::size_t offset, const std::string& what) const;
  std::int32_t i32(std::size_t offset, const std::string& what) const { return std::int32_t(u32(offset, what)); }
  FixedMatrix matrix(std::size_t offset, const std::string& what) const;           // 32 bytes
  std::array<std::int16_t, 3> svector(std::size_t offset, const std::string& what) const;  // 8 bytes, pad ignored
  std::string name8(std::size_t offset, const std::string& what) const;            // NUL padding removed

 private:
  const unsigned char* data_;
  std::size_t size_;
  std::string file_;
};

}  // namespace aem::pipeline::aamf
