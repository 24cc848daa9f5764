#pragma once
// What `aem bake` prints while a batch runs. On a terminal: one live line (files done of total,
// the files being baked, texture blocks, elapsed time, ETA) redrawn in place, with warnings and
// failures printed above it. In a pipe or under CI ($CI set): one plain line per file as it ends.
// Either way a summary closes the run.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "aem/pipeline/batch_bake.hpp"

namespace aem::cli {

// What a baked model lost, for the end of its line: "; 2 warnings: vertex_colours, cameras", or
// "" when it lost nothing.
std::string losses_text(const pipeline::BakeReport& report);

// "1200 triangles", or "1200 triangles (28 degenerate dropped)" where merging identical vertices
// left some triangles without area (BakeReport::degenerate_triangles).
std::string triangles_text(const pipeline::BakeReport& report);

// Callbacks that print each job's warnings and error to stderr as it ends, and nothing else
// (for `--json`, whose stdout is the report alone).
pipeline::BatchCallbacks print_problems_callbacks();

class BakeProgress {
 public:
  BakeProgress(std::span<const pipeline::BakeJob> jobs, const pipeline::BatchProgress& progress, bool live);
  ~BakeProgress();

  // True when stderr is a terminal and $CI is not set.
  static bool terminal_wanted();

  pipeline::BatchCallbacks callbacks();

  // Ends the live line and prints the summary: counts, bytes read and written, time, and every
  // failure with its reason.
  void finish(std::span<const pipeline::JobResult> results, bool interrupted);

 private:
  void started(std::size_t job);
  void finished(std::size_t job, const pipeline::JobResult& result);
  void redraw_loop();
  void stop_redraw();  // idempotent; clears the live line
  std::string live_line() const;   // mutex_ held
  void clear_live_line() const;    // mutex_ held
  double elapsed() const;

  std::span<const pipeline::BakeJob> jobs_;
  const pipeline::BatchProgress& progress_;
  const bool live_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::set<std::size_t> running_;
  std::size_t done_ = 0;
  // Live line only: each job's share of the work, and the work of all jobs and of the done ones.
  std::vector<double> weights_;
  double total_weight_ = 0, done_weight_ = 0;
  bool stopping_ = false;
  std::thread redraw_;
};

}  // namespace aem::cli
