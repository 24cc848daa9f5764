#pragma once
// How the runtime decodes a packed file's frames without depending on a compression library:
// the caller hands it a PackedDecoder (aem_packed's aem::zstd_decoder(), or its own). The runtime
// has already checked the container (header, table, sizes, limits) before calling it.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "aem/packed_format.hpp"

namespace aem {

// One frame to decode, and where its section's bytes go.
struct PackedFrame {
  Section section = Section::vertices;
  PackedFilter filter = PackedFilter::none;
  std::span<const std::byte> stored;  // the frame as it lies in the file
  std::uint64_t decoded_size = 0;     // what the codec must give (the table's decoded size)
  std::span<std::byte> out;           // exactly the section's bytes this frame holds
};

struct PackedFrameFailure {
  std::size_t frame = 0;  // index into the span decode() was given
  std::string message;    // what is wrong, without the location
};

struct PackedDecoder {
  // The decoded size a stored frame declares in its own header, read without decoding; nullopt
  // when it declares none or is not a frame of this codec. The runtime compares it with the
  // table before allocating anything.
  std::function<std::optional<std::uint64_t>(std::span<const std::byte> stored)> declared_size;
  // Decodes every frame into its `out` (frames are independent: any order, any threads). Must
  // fill each `out` exactly, write nowhere else, and use memory bounded by the frames' sizes.
  // Returns the failure of the lowest-numbered frame that failed, or nullopt.
  std::function<std::optional<PackedFrameFailure>(std::span<const PackedFrame> frames)> decode;

  explicit operator bool() const noexcept { return declared_size && decode; }
};

}  // namespace aem
