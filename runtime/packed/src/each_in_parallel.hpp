#pragma once
// Runs job(i, worker) for every i < count on up to `threads` threads (0: one a hardware thread),
// each thread taking the next index as it finishes one, so uneven jobs still balance. `worker`
// (< worker_count(count, threads)) names the thread, for state a thread keeps between its jobs.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace aem::detail {

inline unsigned worker_count(std::size_t count, unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  return unsigned(std::max<std::size_t>(1, std::min<std::size_t>(threads, count)));
}

template <class Job>
void each_in_parallel(std::size_t count, unsigned threads, const Job& job) {
  threads = worker_count(count, threads);
  std::atomic<std::size_t> next{0};
  const auto work = [&](unsigned worker) {
    for (std::size_t i = next++; i < count; i = next++) job(i, worker);
  };
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work, t);
  work(0);
  for (std::thread& worker : workers) worker.join();
}

}  // namespace aem::detail
