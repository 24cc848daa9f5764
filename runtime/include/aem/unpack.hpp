#pragma once
// A packed file (.aemz) back to the AEM file it was packed from, byte for byte, in owned memory.
// Model::open does this on its own when it meets a packed file; `aem unpack` writes the result.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "aem/export.h"
#include "aem/expected.hpp"
#include "aem/packed_decoder.hpp"

namespace aem {

// What unpacking may allocate for the AEM (its declared size); raise it for larger models.
inline constexpr std::uint64_t kDefaultMaxUnpackedBytes = std::uint64_t{2} << 30;  // 2 GiB

struct UnpackOptions {
  PackedDecoder decoder;  // none: a packed file is the error packed_needs_decoder
  std::uint64_t max_unpacked_bytes = kDefaultMaxUnpackedBytes;
};

// The AEM's bytes in 8-byte-aligned owned memory; moving keeps the address.
class AEM_API UnpackedBytes {
 public:
  UnpackedBytes() = default;
  UnpackedBytes(std::unique_ptr<std::uint64_t[]> words, std::size_t size) noexcept
      : words_(std::move(words)), size_(size) {}

  std::span<const std::byte> bytes() const noexcept {
    return {reinterpret_cast<const std::byte*>(words_.get()), size_};
  }

 private:
  std::unique_ptr<std::uint64_t[]> words_;
  std::size_t size_ = 0;
};

// Checks the container (magic, version, codec, sizes against the AEM size equation, the limit,
// every frame's declared size) before allocating, then decodes every frame. Precondition:
// is_packed(packed). Errors are packed_* codes (or the AEM header's own, e.g. bad_magic inside),
// with the byte offset in the packed file. The AEM itself is not validated here.
AEM_API Expected<UnpackedBytes> unpack(std::span<const std::byte> packed, const UnpackOptions& options);

}  // namespace aem
