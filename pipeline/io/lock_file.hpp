#pragma once
// A lock on a file that other processes see, the same way on every platform: flock(2) on POSIX,
// LockFileEx over the whole file on Windows. The lock lasts until the file is closed; the file's
// contents are never read or written. Private to the pipeline (output_lock, cache_directory_lock).
#include <cstdint>
#include <filesystem>
#include <system_error>
#include <utility>

namespace aem::pipeline {

class LockFile {
 public:
  enum class Mode { shared, exclusive };

  LockFile() = default;
  ~LockFile() { close(); }
  LockFile(LockFile&& other) noexcept : handle_(std::exchange(other.handle_, -1)) {}
  LockFile& operator=(LockFile&& other) noexcept {
    if (this != &other) {
      close();
      handle_ = std::exchange(other.handle_, -1);
    }
    return *this;
  }

  // Opens `path`, creating it (empty) where it is missing, for reading only when `read_only`
  // (enough to lock it, and all that a cache one may only read allows). The error as errno's
  // kinds (no_such_file_or_directory when its folder is gone, permission_denied,
  // read_only_file_system...).
  std::error_code open(const std::filesystem::path& path, bool read_only);
  bool is_open() const { return handle_ != -1; }

  // Takes the lock. `wait`: until it is free (interrupted waits are resumed); otherwise
  // resource_unavailable_try_again at once while another holds it.
  std::error_code lock(Mode mode, bool wait);

  // Whether `path` still names the open file (a holder that let go may have removed it, and a
  // lock on a file no longer at its path locks nothing).
  bool is_at(const std::filesystem::path& path) const;

  // Lets go of the lock and removes the file at `path`, in the order that never lets a waiter
  // hold a lock on a file that is gone: on POSIX removed while still held (waiters then see
  // !is_at and open it again); on Windows, where nobody shares delete access to a lock file, closed
  // first and then removed only if nobody else has it open.
  void release_and_remove(const std::filesystem::path& path);
  void close();

 private:
  std::intptr_t handle_ = -1;  // a descriptor, or a HANDLE (INVALID_HANDLE_VALUE is -1)
};

}  // namespace aem::pipeline
