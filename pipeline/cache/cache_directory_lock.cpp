#include "cache/cache_directory_lock.hpp"

#include <cerrno>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace aem::pipeline {

std::filesystem::path cache_lock_path(const std::filesystem::path& dir) { return dir / "prune.lock"; }

CacheDirectoryLock::CacheDirectoryLock(const std::filesystem::path& dir, Mode mode) {
  const std::filesystem::path path = cache_lock_path(dir);
  // Read-only is enough for flock, and lets readers of a cache they cannot write lock it too.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) {
    if (mode == Mode::shared) return;
    throw std::runtime_error(path.string() + ": cannot open the cache's lock: " + std::generic_category().message(errno));
  }
  while (::flock(fd, mode == Mode::shared ? LOCK_SH : LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int error = errno;
    ::close(fd);
    if (mode == Mode::shared) return;
    throw std::runtime_error(path.string() + ": cannot take the cache's lock: " + std::generic_category().message(error));
  }
  fd_ = fd;
}

CacheDirectoryLock::~CacheDirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the descriptor releases the flock
}

}  // namespace aem::pipeline
