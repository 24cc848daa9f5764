#pragma once
// The median of a benchmark's repeated timings (the upper middle one for an even count): the
// development machines are noisy, and a median shrugs off the odd slow run.
#include <algorithm>
#include <vector>

namespace aem::bench {

// -1 when there are no samples.
inline double median(std::vector<double> samples) {
  if (samples.empty()) return -1;
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

}  // namespace aem::bench
