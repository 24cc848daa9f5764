#include "aem/packed/zstd_decoder.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <meshoptimizer.h>
#include <zstd.h>

#include "aem/bitangent_prediction.hpp"
#include "aem/format.hpp"
#include "each_in_parallel.hpp"

namespace aem {
namespace {

using ContextPointer = std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)>;

// Decodes one zstd frame into exactly `out`; an error message, or empty.
std::string decompress_exactly(ZSTD_DCtx* context, std::span<const std::byte> stored, void* out, std::size_t size) {
  const std::size_t written = ZSTD_decompressDCtx(context, out, size, stored.data(), stored.size());
  if (ZSTD_isError(written)) return std::string("zstd: ") + ZSTD_getErrorName(written);
  if (written != size)
    return "decodes to " + std::to_string(written) + " bytes, not the " + std::to_string(size) + " it declares";
  return {};
}

// The block halves filter undone: `halves` holds every block's first 8 bytes, then every block's
// last 8; `out` (the same size) gets the blocks back.
void join_block_halves(std::span<const std::byte> halves, std::span<std::byte> out) {
  constexpr std::size_t half = kPackedHalvesBlockBytes / 2;
  const std::size_t blocks = out.size() / kPackedHalvesBlockBytes;
  const std::byte* first = halves.data();
  const std::byte* second = halves.data() + blocks * half;
  for (std::size_t b = 0; b < blocks; ++b) {
    std::memcpy(out.data() + b * kPackedHalvesBlockBytes, first + b * half, half);
    std::memcpy(out.data() + b * kPackedHalvesBlockBytes + half, second + b * half, half);
  }
}

std::string decode_frame(ZSTD_DCtx* context, const PackedFrame& frame) {
  switch (frame.filter) {
    case PackedFilter::none:
      if (frame.decoded_size != frame.out.size()) return "its decoded size is not its share of the section";
      return decompress_exactly(context, frame.stored, frame.out.data(), frame.out.size());
    case PackedFilter::meshopt_index_sequence: {
      // The runtime bounds decoded_size by the section's size (specs/packed-aem.md).
      std::vector<unsigned char> encoded(std::size_t(frame.decoded_size));
      if (std::string error = decompress_exactly(context, frame.stored, encoded.data(), encoded.size()); !error.empty())
        return error;
      if (frame.out.size() % 4 != 0) return "the indices section is not a whole number of indices";
      const int status = meshopt_decodeIndexSequence(frame.out.data(), frame.out.size() / 4, 4, encoded.data(), encoded.size());
      if (status != 0) return "its meshopt index sequence is malformed (meshopt status " + std::to_string(status) + ")";
      return {};
    }
    case PackedFilter::block_halves: {
      if (frame.decoded_size != frame.out.size() || frame.out.size() % kPackedHalvesBlockBytes != 0)
        return "its decoded size is not its share of the section in whole blocks";
      std::vector<std::byte> halves(frame.out.size());
      if (std::string error = decompress_exactly(context, frame.stored, halves.data(), halves.size()); !error.empty())
        return error;
      join_block_halves(halves, frame.out);
      return {};
    }
    case PackedFilter::bitangent_prediction: {
      // Undone in place: the prediction reads the normal and tangent, which the filter leaves alone.
      if (frame.decoded_size != frame.out.size() || frame.out.size() % sizeof(Vertex) != 0)
        return "its decoded size is not its share of the section in whole vertices";
      if (std::string error = decompress_exactly(context, frame.stored, frame.out.data(), frame.out.size()); !error.empty())
        return error;
      xor_predicted_bitangents(frame.out);
      return {};
    }
  }
  return "filter " + std::to_string(int(frame.filter)) + " is unknown";
}

}  // namespace

PackedDecoder zstd_decoder(unsigned threads) {
  if (threads == 0) threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  PackedDecoder decoder;
  decoder.declared_size = [](std::span<const std::byte> stored) -> std::optional<std::uint64_t> {
    // Exactly one whole frame, with its content size in its header.
    if (ZSTD_findFrameCompressedSize(stored.data(), stored.size()) != stored.size()) return std::nullopt;
    const unsigned long long size = ZSTD_getFrameContentSize(stored.data(), stored.size());
    if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR) return std::nullopt;
    return size;
  };
  decoder.decode = [threads](std::span<const PackedFrame> frames) -> std::optional<PackedFrameFailure> {
    std::vector<std::string> errors(frames.size());
    // One context a thread, reused for its frames.
    std::vector<ContextPointer> contexts;
    for (unsigned t = 0; t < detail::worker_count(frames.size(), threads); ++t)
      contexts.emplace_back(ZSTD_createDCtx(), &ZSTD_freeDCtx);
    detail::each_in_parallel(frames.size(), threads, [&](std::size_t i, unsigned worker) {
      try {
        ZSTD_DCtx* context = contexts[worker].get();
        errors[i] = context ? decode_frame(context, frames[i]) : "zstd: cannot allocate a context";
      } catch (const std::bad_alloc&) {
        errors[i] = "out of memory";
      }
    });
    for (std::size_t i = 0; i < errors.size(); ++i)
      if (!errors[i].empty()) return PackedFrameFailure{i, std::move(errors[i])};
    return std::nullopt;
  };
  return decoder;
}

}  // namespace aem
