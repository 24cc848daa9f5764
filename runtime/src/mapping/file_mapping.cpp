// What a FileMapping does the same on every platform: ownership moves, and release() (in the
// platform's file, beside map()) on destruction.
#include "aem/file_mapping.hpp"

#include <utility>

namespace aem {

FileMapping::FileMapping(FileMapping&& other) noexcept
    : address_(std::exchange(other.address_, nullptr)), size_(std::exchange(other.size_, 0)) {}

FileMapping& FileMapping::operator=(FileMapping&& other) noexcept {
  if (this != &other) {
    release();
    address_ = std::exchange(other.address_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

FileMapping::~FileMapping() { release(); }

}  // namespace aem
