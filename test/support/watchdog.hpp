#pragma once
// Ends the test process when a step runs far past any reasonable time: a hang (or a quadratic
// blow-up on hostile input) fails loudly instead of stalling CI. Not a timing assertion: the
// limit is generous enough for a loaded machine under sanitizers.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace aem::test {

class Watchdog {
 public:
  // Aborts the process, naming `what`, unless destroyed within `limit`.
  Watchdog(std::string what, std::chrono::seconds limit) : what_(std::move(what)) {
    thread_ = std::thread([this, limit] {
      std::unique_lock lock(mutex_);
      if (!wake_.wait_for(lock, limit, [this] { return done_; })) {
        std::fprintf(stderr, "watchdog: %s still running after %lld s: a hang or super-linear work\n",
                     what_.c_str(), static_cast<long long>(limit.count()));
        std::abort();
      }
    });
  }
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::string what_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace aem::test
