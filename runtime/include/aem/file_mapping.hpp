#pragma once
// A whole file's bytes, either mapped read-only (FileMapping) or read into owned memory
// (FileCopy). The platform code lives in one source file (file_mapping_posix.cpp) so another
// platform only has to provide its own.
//
// Both open the file without blocking and refuse anything but a regular file (a FIFO, a device,
// a directory, a socket; on Windows a named pipe or a device such as NUL) before reading a byte,
// so a path that names a pipe cannot hang the caller.
// Errors have code io_error and say why ("is a FIFO, not a regular file", "No such file...").
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "aem/export.h"
#include "aem/expected.hpp"

namespace aem {

// A read-only, private mapping. The bytes are the file's page cache: if another process
// truncates the file while it is mapped, touching a page past the new end raises SIGBUS, and an
// in-place rewrite changes the bytes under the reader (see specs/runtime.md). Use FileCopy for
// files the program does not control.
class AEM_API FileMapping {
 public:
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

// The file read once into owned, 8-byte-aligned memory: later changes to the file cannot reach
// it. Reading is bounded: exactly the size the opened file had (fstat, GetFileInformationByHandle); a file that is
// shorter or longer than that by the end of the read (someone is writing it) is an io_error.
class AEM_API FileCopy {
 public:
  static Expected<FileCopy> read(const std::filesystem::path& path);

  FileCopy() = default;

  std::span<const std::byte> bytes() const noexcept {
    return {reinterpret_cast<const std::byte*>(words_.get()), size_};
  }

 private:
  std::unique_ptr<std::uint64_t[]> words_;  // moving keeps the address: views stay valid
  std::size_t size_ = 0;
};

}  // namespace aem
