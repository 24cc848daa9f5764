#pragma once
// The lock that keeps `aem cache prune` from removing what a bake is reading or writing in a cache
// directory: a LockFile (flock, LockFileEx) on DIR/prune.lock, held shared by the directory store around each read and
// write of an entry, and exclusive by the prune around each removal. Readers and writers never
// wait for each other, only for one removal at a time. Private to the pipeline.
#include <filesystem>

#include "io/lock_file.hpp"

namespace aem::pipeline {

// DIR/prune.lock of the cache directory `dir`.
std::filesystem::path cache_lock_path(const std::filesystem::path& dir);

class CacheDirectoryLock {
 public:
  enum class Mode { shared, exclusive };

  // Takes the lock of the cache directory `dir` (which must exist), waiting while another mode
  // holds it, making the lock file if it is missing. shared: where the lock file cannot be
  // opened (a read-only cache), none is taken and held() is false, since no prune can remove
  // anything there either. exclusive: throws std::runtime_error naming the lock file instead.
  CacheDirectoryLock(const std::filesystem::path& dir, Mode mode);
  // Lets go; the lock file stays (removing it would let two holders lock two different files).
  ~CacheDirectoryLock() = default;
  bool held() const { return file_.is_open(); }
  CacheDirectoryLock(const CacheDirectoryLock&) = delete;
  CacheDirectoryLock& operator=(const CacheDirectoryLock&) = delete;

 private:
  LockFile file_;
};

}  // namespace aem::pipeline
