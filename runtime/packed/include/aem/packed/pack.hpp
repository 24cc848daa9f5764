#pragma once
// An AEM file packed for distribution (.aemz, specs/packed-aem.md): every section in zstd frames
// of at most kPackFrameBytes, level kPackZstdLevel, each frame with its content size and
// checksum; image buffer frames with matches of kPackImageMinMatch bytes or more.
// Deterministic: the same input, options and libzstd version give the same bytes, whatever the
// thread count. unpack() (aem/unpack.hpp) with zstd_decoder() gives back the input exactly.
#include <cstddef>
#include <span>
#include <vector>

#include "aem/expected.hpp"

namespace aem {

inline constexpr int kPackZstdLevel = 19;
// zstd's ZSTD_c_minMatch for the image buffer (level 19 alone: 3, which the other sections keep).
inline constexpr int kPackImageMinMatch = 4;
// Large sections are cut into frames this size so that they decode on several threads.
inline constexpr std::size_t kPackFrameBytes = std::size_t{4} << 20;

struct PackOptions {
  // Stores the indices section as meshoptimizer's index sequence codec before zstd (lossless;
  // smaller where the indices are ordered for the vertex cache: benchmarks/README.md).
  bool meshopt_indices = false;
  // Stores each frame of a BC7 texture with the block halves filter (PackedFilter::block_halves)
  // when that makes it smaller: lossless, 2-4% smaller on most BC7 data with or without RDO
  // (benchmarks/README.md). Off only to measure it.
  bool split_bc7_blocks = true;
  // Stores the vertices with the bitangent prediction filter (PackedFilter::bitangent_prediction)
  // when that makes them smaller, in a version-3 container: lossless, about a fifth smaller on
  // baked vertices (benchmarks/README.md). Off to write a file for a reader that knows only
  // versions 1 and 2, or to measure it.
  bool predict_bitangents = true;
  unsigned threads = 0;  // compression threads; 0: one a hardware thread
};

// Refuses (with the runtime's Error) anything but a valid AEM file (opened as Model::open does),
// and a file that is already packed (packed_malformed). A file with an extension area packs to a
// version-2 container with the area as its last frames; one without, to version 1; either goes
// to version 3 when its vertices take the bitangent prediction filter.
Expected<std::vector<std::byte>> pack(std::span<const std::byte> aem, const PackOptions& options = {});

}  // namespace aem
