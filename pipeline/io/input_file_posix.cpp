#include "io/input_file.hpp"

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/posix_files.hpp"

namespace aem::pipeline {

InputFile::~InputFile() {
  if (handle_ >= 0) ::close(int(handle_));
}

std::error_code InputFile::open(const std::filesystem::path& path) {
  // O_NONBLOCK: should the file be a FIFO or device, open() still returns.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return {errno == ENOTDIR ? ENOENT : errno, std::generic_category()};
  handle_ = fd;
  struct ::stat opened {};
  if (::fstat(fd, &opened) != 0) return {errno, std::generic_category()};
  status_ = posix::status_of(opened);
  if (status_.type != std::filesystem::file_type::regular) return {};
  // A regular file reads as it would have blocking; clear the flag for the reads that follow.
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) return {errno, std::generic_category()};
  return {};
}

std::ptrdiff_t InputFile::read(void* buffer, std::size_t size, std::error_code& error) {
  for (;;) {
    const ::ssize_t n = ::read(int(handle_), buffer, size);
    if (n >= 0) return n;
    if (errno != EINTR) {
      error = {errno, std::generic_category()};
      return -1;
    }
  }
}

}  // namespace aem::pipeline
