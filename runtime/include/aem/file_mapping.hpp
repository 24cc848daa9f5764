#pragma once
// A read-only memory mapping of a whole file. The platform code lives in one source file
// (file_mapping_posix.cpp) so another platform only has to provide its own.
#include <cstddef>
#include <filesystem>
#include <span>

#include "aem/expected.hpp"

namespace aem {

class FileMapping {
 public:
  // Maps `path` read-only. Errors have code io_error and say why (missing, not a regular file...).
  static Expected<FileMapping> map(const std::filesystem::path& path);

  FileMapping() = default;
  FileMapping(FileMapping&& other) noexcept;
  FileMapping& operator=(FileMapping&& other) noexcept;
  FileMapping(const FileMapping&) = delete;
  FileMapping& operator=(const FileMapping&) = delete;
  ~FileMapping();

  std::span<const std::byte> bytes() const noexcept {
    return {static_cast<const std::byte*>(address_), size_};
  }

 private:
  FileMapping(void* address, std::size_t size) noexcept : address_(address), size_(size) {}
  void release() noexcept;

  void* address_ = nullptr;  // null for an empty file
  std::size_t size_ = 0;
};

}  // namespace aem
