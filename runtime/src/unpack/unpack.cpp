#include "aem/unpack.hpp"

#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "unpack/packed_layout.hpp"
#include "validation/problem.hpp"

namespace aem {
namespace {

using detail::problem;

Error frame_problem(const detail::PackedFrameEntry& frame, std::size_t index, std::string message) {
  return problem(ErrorCode::packed_frame_corrupt, Section::file, 0, frame.stored_offset,
                 "packed frame " + std::to_string(index) + " (" + std::string(to_string(frame.section)) +
                     "): " + std::move(message));
}

}  // namespace

Expected<UnpackedBytes> unpack(std::span<const std::byte> packed, const UnpackOptions& options) {
  if (!options.decoder)
    return problem(ErrorCode::packed_needs_decoder, Section::file, 0, 0,
                   "a packed AEM file (.aemz): open it with a decoder (aem::open_packed, or "
                   "OpenOptions::packed_decoder = aem::zstd_decoder() from the aem_packed library) "
                   "or unpack it first with `aem unpack`");
  Expected<detail::PackedLayout> layout = detail::read_packed_layout(packed, options.max_unpacked_bytes);
  if (!layout) return layout.error();

  // Every frame's own header must agree with the table before any memory is given to it.
  for (std::size_t i = 0; i < layout->frames.size(); ++i) {
    const detail::PackedFrameEntry& frame = layout->frames[i];
    const auto stored = packed.subspan(frame.stored_offset, frame.stored_size);
    const std::optional<std::uint64_t> declared = options.decoder.declared_size(stored);
    if (!declared)
      return frame_problem(frame, i, "not a frame of the packed codec, or it does not declare its size");
    if (*declared != frame.decoded_size)
      return frame_problem(frame, i, "declares " + std::to_string(*declared) + " bytes but the table says " +
                                         std::to_string(frame.decoded_size));
  }

  const std::size_t size = std::size_t(layout->aem_size);
  std::unique_ptr<std::uint64_t[]> words(new (std::nothrow) std::uint64_t[(size + 7) / 8]);
  if (!words)
    return problem(ErrorCode::packed_too_large, Section::file, 0, 0,
                   "cannot allocate the " + std::to_string(size) + " bytes it unpacks to");
  auto* out = reinterpret_cast<std::byte*>(words.get());
  std::memcpy(out, packed.data() + kPackedAemHeaderOffset, sizeof(Header));

  std::vector<PackedFrame> frames;
  frames.reserve(layout->frames.size());
  for (const detail::PackedFrameEntry& frame : layout->frames) {
    frames.push_back({.section = frame.section,
                      .filter = frame.filter,
                      .stored = packed.subspan(frame.stored_offset, frame.stored_size),
                      .decoded_size = frame.decoded_size,
                      .out = {out + frame.out_offset, std::size_t(frame.out_size)}});
  }
  // A caller's decoder may throw (out of memory): that is this open's error, not the caller's crash.
  std::optional<PackedFrameFailure> failure;
  try {
    if (!frames.empty()) failure = options.decoder.decode(frames);  // an AEM of empty sections has none
  } catch (const std::exception& e) {
    failure = PackedFrameFailure{0, std::string("the decoder failed: ") + e.what()};
  }
  if (failure) {
    const std::size_t index = failure->frame < frames.size() ? failure->frame : 0;
    return frame_problem(layout->frames[index], index, failure->message);
  }
  return UnpackedBytes(std::move(words), size);
}

}  // namespace aem
