#pragma once
// The packed AEM container (.aemz, specs/packed-aem.md): an AEM file's sections compressed as
// independent frames behind a header a loader checks before decoding anything. Little-endian.
//
//   offset  size  field
//   0       4     magic "AEMZ"
//   4       2     container version: 1, or 2 when the AEM has an extension area, or 3 when a
//                 frame uses a filter from 3 on (with or without an extension area)
//   6       2     codec of every frame (1: zstd)
//   8       4     frame count
//   12      4     reserved, 0
//   16      8     the packed file's size in bytes
//   24      44    the AEM header, verbatim (its counts give every section's size)
//   68      4     reserved, 0
//   72      8     versions 2 and 3: the AEM file's whole size (its counts give only the version-1 part)
//   72 (80) 24 x frame count: the frame table, one entry per frame (below)
//   then the frames, back to back, in table order, to the end of the file
//
// A frame entry: section (u8, kPackedSections order), filter (u8), reserved (u16, 0; u32, 0),
// stored size (u64, bytes in the file), decoded size (u64, bytes the codec gives). Frames come in
// section order; an unfiltered frame holds the next `decoded size` bytes of its section; a
// meshopt-filtered frame is its section's only frame and the filter turns its decoded bytes back
// into the whole section; a block-halves frame holds the next `decoded size` bytes of the image
// buffer, reordered; a bitangent-prediction frame (version 3) holds whole vertices, each bitangent
// XORed with the one predicted from its normal and tangent. An empty section has no frame; a non-empty one is covered exactly. Section
// 10, the extension area (version 2 only), is the AEM's bytes after the keyframes, as they lie:
// padding, directory and payloads, unfiltered, after every other frame.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "aem/error.hpp"

namespace aem {

inline constexpr std::array<char, 4> kPackedMagic = {'A', 'E', 'M', 'Z'};
inline constexpr std::uint16_t kPackedVersion = 1;
// The container of an AEM with an extension area: an older reader refuses it by its version.
inline constexpr std::uint16_t kPackedExtendedVersion = 2;
// Version 2's header, and frames that may use the filters from 3 on (bitangent prediction):
// a reader that knows only versions 1 and 2 refuses it by its version, not as a broken file.
inline constexpr std::uint16_t kPackedFilteredVersion = 3;
inline constexpr std::size_t kPackedHeaderSize = 72;          // version 1
inline constexpr std::size_t kPackedExtendedHeaderSize = 80;  // versions 2 and 3: the AEM size added
inline constexpr std::size_t kPackedAemSizeOffset = 72;       // versions 2 and 3: u64, the AEM's whole size
inline constexpr std::size_t kPackedFrameEntrySize = 24;
inline constexpr std::size_t kPackedAemHeaderOffset = 24;

enum class PackedCodec : std::uint16_t { zstd = 1 };

// What a frame's decoded bytes are, before they are the section's.
enum class PackedFilter : std::uint8_t {
  none = 0,
  // The indices section as meshoptimizer's index sequence codec (meshopt_encodeIndexSequence,
  // version 1): lossless, any index order.
  meshopt_index_sequence = 1,
  // A piece of the image buffer, a whole number of 16-byte blocks, stored as the first 8 bytes of
  // every block and then the last 8 of every block. For BC7 blocks: the mode and endpoint bytes
  // and the index bytes each sit with their kind, which zstd codes in fewer bits (3 to 4% less).
  block_halves = 2,
  // Version 3 only. A piece of the vertices section, whole 88-byte vertices, each bitangent's 12
  // bytes XORed with the bitangent predicted from the vertex's normal and tangent
  // (predict_bitangent, aem/bitangent_prediction.hpp); the other bytes as they are. A bake
  // stores normalize(cross(normal, tangent)) times the handedness, so what is left is 0 or a
  // sign bit: the vertices take about a fifth less once compressed.
  bitangent_prediction = 3,
};

// Bytes of the 16-byte block the block-halves filter splits in two.
inline constexpr std::size_t kPackedHalvesBlockBytes = 16;

// What follows the AEM header, in file order: a frame entry's section byte indexes this. The
// last, the extension area (the bytes after the keyframes), only in a version-2 container.
inline constexpr std::array<Section, 11> kPackedSections = {
    Section::vertices,  Section::indices, Section::image_buffer, Section::textures,
    Section::meshes,    Section::materials, Section::joints,     Section::animations,
    Section::tracks,    Section::keyframes, Section::extensions};
// The frame kinds a version-1 container may hold: the ten version-1 sections.
inline constexpr std::size_t kPackedVersion1Sections = 10;

// Where the frame table starts in a container of `version` (1, 2 or 3).
constexpr std::size_t packed_header_size(std::uint16_t version) {
  return version == kPackedVersion ? kPackedHeaderSize : kPackedExtendedHeaderSize;
}

// Whether `bytes` start as a packed file (its magic): what open() checks to pick the path.
inline bool is_packed(std::span<const std::byte> bytes) {
  if (bytes.size() < kPackedMagic.size()) return false;
  for (std::size_t i = 0; i < kPackedMagic.size(); ++i)
    if (char(bytes[i]) != kPackedMagic[i]) return false;
  return true;
}

}  // namespace aem
