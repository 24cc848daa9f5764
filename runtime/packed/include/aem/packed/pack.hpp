#pragma once
// An AEM file packed for distribution (.aemz, specs/packed-aem.md): every section in zstd frames
// of at most kPackFrameBytes, level kPackZstdLevel with matches of kPackZstdMinMatch bytes or more, each frame with its content size and checksum.
// Deterministic: the same input, options and libzstd version give the same bytes, whatever the
// thread count. unpack() (aem/unpack.hpp) with zstd_decoder() gives back the input exactly.
#include <cstddef>
#include <span>
#include <vector>

#include "aem/expected.hpp"

namespace aem {

inline constexpr int kPackZstdLevel = 19;
inline constexpr int kPackZstdMinMatch = 4;  // zstd's ZSTD_c_minMatch (level 19 alone: 3)
// Large sections are cut into frames this size so that they decode on several threads.
inline constexpr std::size_t kPackFrameBytes = std::size_t{4} << 20;

struct PackOptions {
  // Stores the indices section as meshoptimizer's index sequence codec before zstd (lossless;
  // smaller where the indices are ordered for the vertex cache: benchmarks/README.md).
  bool meshopt_indices = false;
  unsigned threads = 0;  // compression threads; 0: one a hardware thread
};

// Refuses (with the runtime's Error) anything but a structurally valid AEM file, and a file that
// is already packed (packed_malformed).
Expected<std::vector<std::byte>> pack(std::span<const std::byte> aem, const PackOptions& options = {});

}  // namespace aem
