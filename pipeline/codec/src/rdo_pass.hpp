#pragma once
// The RDO pass over block-compressed texture data (internal; specs/bc7-rdo.md). It runs after the
// plain encoder and rewrites blocks, in raster order, to the candidate with the lowest
// distortion + λ · estimated LZ bits, the candidates being built from earlier blocks' bytes.
#include <atomic>
#include <cstdint>

#include "aem/codec/image.hpp"
#include "aem/codec/texture_compress.hpp"

namespace aem::codec::rdo {

// Block rows per slice. Slices are optimised independently (a block only looks back inside its
// own slice), so the result is the same whatever thread runs which slice.
inline constexpr std::uint32_t kSliceRows = 32;
// Earlier blocks a block may copy from (512 bytes of the stream, well inside any LZ window), besides
// the nearest blocks one and two rows up. 64 blocks gave 1-1.5% fewer bytes at equal PSNR on the
// corpus images for a third more time (benchmarks/README.md, "Issue 39: RDO speed").
inline constexpr std::uint32_t kWindowBlocks = 32;

// Rewrites the blocks of block rows [first_row, last_row), which must start at a slice boundary
// and hold the plain encoder's output for `image`. `blocks` is the whole level's block data.
// Returns early, leaving the rest of the slice as it was, once *cancel (optional) is set.
void optimise_slice(const ImageRgba8& image, BlockFormat format, double lambda, std::uint32_t first_row,
                    std::uint32_t last_row, std::uint8_t* blocks, const std::atomic<bool>* cancel = nullptr);

}  // namespace aem::codec::rdo
