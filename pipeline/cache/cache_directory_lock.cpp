#include "cache/cache_directory_lock.hpp"

#include <stdexcept>
#include <system_error>

namespace aem::pipeline {

std::filesystem::path cache_lock_path(const std::filesystem::path& dir) { return dir / "prune.lock"; }

CacheDirectoryLock::CacheDirectoryLock(const std::filesystem::path& dir, Mode mode) {
  const std::filesystem::path path = cache_lock_path(dir);
  // Read-only is enough for the lock, and lets readers of a cache they cannot write lock it too.
  if (const std::error_code error = file_.open(path, true)) {
    if (mode == Mode::shared) return;
    throw std::runtime_error(path.string() + ": cannot open the cache's lock: " + error.message());
  }
  if (const std::error_code error = file_.lock(mode == Mode::shared ? LockFile::Mode::shared : LockFile::Mode::exclusive, true)) {
    file_.close();
    if (mode == Mode::shared) return;
    throw std::runtime_error(path.string() + ": cannot take the cache's lock: " + error.message());
  }
}

}  // namespace aem::pipeline
