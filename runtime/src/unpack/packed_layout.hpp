#pragma once
// A packed file's header and frame table, read and checked against themselves, the AEM size
// equation and the caller's limit, before anything is allocated or decoded (specs/packed-aem.md).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/expected.hpp"
#include "aem/format.hpp"
#include "aem/packed_format.hpp"

namespace aem::detail {

struct PackedFrameEntry {
  Section section = Section::vertices;
  PackedFilter filter = PackedFilter::none;
  std::uint64_t stored_offset = 0;  // in the packed file
  std::uint64_t stored_size = 0;
  std::uint64_t decoded_size = 0;
  std::uint64_t out_offset = 0;  // in the AEM file
  std::uint64_t out_size = 0;
};

struct PackedLayout {
  std::uint16_t version = kPackedVersion;  // of the container
  Header header{};
  // The AEM file's size: section_offsets(header).end in version 1; in version 2 the header's
  // field, larger (the extension area follows the keyframes).
  std::uint64_t aem_size = 0;
  std::vector<PackedFrameEntry> frames;
};

// Errors name the byte offset in the packed file. The frame vector is bounded by the file's
// size (each entry takes 24 bytes of it).
Expected<PackedLayout> read_packed_layout(std::span<const std::byte> packed,
                                          std::uint64_t max_unpacked_bytes);

}  // namespace aem::detail
