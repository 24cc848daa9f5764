#pragma once
// A long call that no check can reach inside (one meshoptimizer pass, one image decode, the
// serialisation of a large file), ended promptly by the bake's cancel flag anyway.
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <system_error>
#include <thread>
#include <type_traits>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_signals.hpp"

namespace aem::pipeline {

// How often a caller waiting on run_cancellable looks at the flag: well inside the half second
// within which a cancelled bake must stop.
inline constexpr std::chrono::milliseconds kCancelPollInterval{5};

// Runs `work()` on a thread of its own and returns its result (or rethrows what it threw), looking
// at `cancel` while it waits. Once the flag is set, throws BakeCancelled at once and leaves the
// thread to finish `work` and free what it holds: so `work` must own everything it touches
// (captures by value, or shared_ptr), never a reference into the caller's frame or scene. Without
// a flag, or when no thread can be started, runs `work` on the calling thread.
template <class Work>
std::invoke_result_t<Work&> run_cancellable(const std::atomic<bool>* cancel, Work work) {
  using Result = std::invoke_result_t<Work&>;
  if (cancel == nullptr) return work();
  auto task = std::make_shared<std::packaged_task<Result()>>(std::move(work));
  std::future<Result> done = task->get_future();
  try {
    std::thread([task] { (*task)(); }).detach();
  } catch (const std::system_error&) {  // no thread to be had: the work is still done, uncancellable
    (*task)();
  }
  while (done.wait_for(kCancelPollInterval) != std::future_status::ready) throw_if_cancelled(cancel);
  return done.get();
}

}  // namespace aem::pipeline
