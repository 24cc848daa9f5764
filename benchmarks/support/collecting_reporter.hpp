#pragma once
// A Google Benchmark console reporter that also keeps each benchmark's mean real time per
// iteration, so a program can print its own comparison table after the standard one.
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <unistd.h>

namespace aem::bench {

class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  // Colour only on a terminal, so logs stay readable.
  CollectingReporter() : ConsoleReporter(::isatty(1) ? OO_ColorTabular : OO_Tabular) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Iteration && !run.error_occurred && run.iterations > 0) {
        seconds_[run.benchmark_name()] = run.real_accumulated_time / double(run.iterations);
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // Seconds per iteration, or 0 when the benchmark did not run.
  double seconds(const std::string& name) const {
    const auto it = seconds_.find(name);
    return it == seconds_.end() ? 0 : it->second;
  }

 private:
  std::map<std::string, double> seconds_;
};

}  // namespace aem::bench
