// POSIX implementation of FileMapping: open, fstat, mmap, close.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

#include "aem/file_mapping.hpp"

namespace aem {
namespace {

Error io_error(std::string message) {
  Error error;
  error.code = ErrorCode::io_error;
  error.section = Section::file;
  error.message = std::move(message);
  return error;
}

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

Expected<FileMapping> FileMapping::map(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error(errno_text("cannot open"));

  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const Error error = io_error(errno_text("cannot stat"));
    ::close(fd);
    return error;
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return io_error("not a regular file");
  }
  if (static_cast<std::uintmax_t>(info.st_size) > SIZE_MAX) {
    ::close(fd);
    return io_error("file too large to map on this platform");
  }
  const auto size = static_cast<std::size_t>(info.st_size);
  if (size == 0) {
    ::close(fd);
    return FileMapping(nullptr, 0);
  }
  void* address = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  const int map_errno = errno;
  ::close(fd);  // the mapping keeps the file's pages alive on its own
  if (address == MAP_FAILED) {
    errno = map_errno;
    return io_error(errno_text("cannot map"));
  }
  return FileMapping(address, size);
}

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

void FileMapping::release() noexcept {
  if (address_ != nullptr) ::munmap(address_, size_);
  address_ = nullptr;
  size_ = 0;
}

}  // namespace aem
