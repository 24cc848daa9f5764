#include "io/lock_file.hpp"

#include <cerrno>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace aem::pipeline {

std::error_code LockFile::open(const std::filesystem::path& path, bool read_only) {
  close();
  const int fd = ::open(path.c_str(), (read_only ? O_RDONLY : O_RDWR) | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return {errno, std::generic_category()};
  handle_ = fd;
  return {};
}

std::error_code LockFile::lock(Mode mode, bool wait) {
  const int operation = (mode == Mode::shared ? LOCK_SH : LOCK_EX) | (wait ? 0 : LOCK_NB);
  while (::flock(int(handle_), operation) != 0) {
    if (errno == EINTR) continue;
    if (errno == EWOULDBLOCK) return std::make_error_code(std::errc::resource_unavailable_try_again);
    return {errno, std::generic_category()};
  }
  return {};
}

bool LockFile::is_at(const std::filesystem::path& path) const {
  struct ::stat opened {}, named {};
  return ::fstat(int(handle_), &opened) == 0 && ::stat(path.c_str(), &named) == 0 && opened.st_dev == named.st_dev &&
         opened.st_ino == named.st_ino;
}

void LockFile::release_and_remove(const std::filesystem::path& path) {
  if (!is_open()) return;
  ::unlink(path.c_str());
  close();
}

void LockFile::close() {
  if (handle_ >= 0) ::close(int(handle_));  // closing the descriptor releases the flock
  handle_ = -1;
}

}  // namespace aem::pipeline
