#pragma once
// A Google Benchmark console reporter that also keeps each benchmark's real time per iteration
// (the median over repetitions when there are several), so a program can print its own
// comparison table after the standard one.
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
      if (run.error_occurred || run.iterations <= 0) continue;
      const double seconds = run.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
      if (run.run_type == Run::RT_Iteration) {
        seconds_[run.benchmark_name()] = seconds;
      } else if (run.aggregate_name == "median") {
        medians_[run.run_name.str()] = seconds;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // Seconds per iteration, or 0 when the benchmark did not run.
  double seconds(const std::string& name) const {
    if (const auto median = medians_.find(name); median != medians_.end()) return median->second;
    const auto it = seconds_.find(name);
    return it == seconds_.end() ? 0 : it->second;
  }

 private:
  std::map<std::string, double> seconds_;
  std::map<std::string, double> medians_;
};

}  // namespace aem::bench
