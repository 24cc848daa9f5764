#pragma once
// Partition estimation for the BC7 multi-subset modes (internal): ranks (mode, partition) pairs
// by a cheap prediction of their error so that only the most promising are fitted in full.
#include <cstdint>

namespace aem::codec::bc7 {

struct PartitionGuess {
  int mode = 0;
  int partition = 0;
  float estimate = 0;
};

// Which partitioned modes to rank: opaque blocks use 0-3 (RGB), others mode 7 (RGBA).
struct PartitionSearch {
  bool opaque = true;
  bool three_subsets = true;  // rank modes 0 and 2 as well (opaque blocks only)
  int partitions = 64;        // rank partitions 0..partitions-1 (16, 32 or 64; the first ones are
                              // the most commonly useful shapes)
};

// Writes up to `max_count` best guesses, lowest estimate first; returns how many were written.
int estimate_partitions(const std::uint8_t texels[64], const PartitionSearch& search,
                        PartitionGuess* out, int max_count);

}  // namespace aem::codec::bc7
