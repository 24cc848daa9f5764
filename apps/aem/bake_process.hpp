#pragma once
// What `aem bake` asks of the process it runs in, per platform (bake_process_posix.cpp,
// bake_process_windows.cpp): being interrupted, and how much memory it took.
#include <atomic>
#include <cstdint>
#include <optional>

namespace aem::cli {

// While it lives, Ctrl-C sets `interrupted`, which asks the running bakes to stop at their next
// block row; a second Ctrl-C ends the process at once. On POSIX SIGINT and SIGTERM (the handler
// resets itself); on Windows the console's Ctrl-C and Ctrl-Break (the handler declines the
// second, and the system's default ends the process). One at a time.
class InterruptGuard {
 public:
  explicit InterruptGuard(std::atomic<bool>& interrupted);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// The process's high-water mark of memory in bytes (resident set on Linux, working set on
// Windows), where the platform tells.
std::optional<std::uint64_t> peak_memory_bytes();

}  // namespace aem::cli
