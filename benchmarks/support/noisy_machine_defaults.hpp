#pragma once
// Google Benchmark's command line with the defaults our comparisons need on noisy development
// VMs: five repetitions in random order, reported by their aggregates (compare medians), so
// the noise spreads over both sides of a comparison. Flags the user gives come later and win.
#include <benchmark/benchmark.h>

#include <vector>

namespace aem::bench {

// Initializes Google Benchmark with `args` (argv, possibly edited) behind those defaults.
inline void initialize_with_noisy_machine_defaults(std::vector<char*> args) {
  static char repetitions[] = "--benchmark_repetitions=5";
  static char interleave[] = "--benchmark_enable_random_interleaving=true";
  static char aggregates[] = "--benchmark_display_aggregates_only=true";
  static char min_time[] = "--benchmark_min_time=0.1";
  args.insert(args.begin() + 1, {repetitions, interleave, aggregates, min_time});
  int count = int(args.size());
  benchmark::Initialize(&count, args.data());
}

}  // namespace aem::bench
