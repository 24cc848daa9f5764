#pragma once
// Runs job(i) for every i < count on up to `threads` threads (0: one a hardware thread), each
// thread taking the next index as it finishes one, so uneven jobs still balance.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace aem::detail {

template <class Job>
void each_in_parallel(std::size_t count, unsigned threads, const Job& job) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = unsigned(std::min<std::size_t>(threads, count));
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) job(i);
  };
  if (threads <= 1) return work();
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
}

}  // namespace aem::detail
