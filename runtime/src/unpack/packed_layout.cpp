#include "unpack/packed_layout.hpp"

#include <optional>
#include <string>

#include "aem/extension_format.hpp"
#include "aem/model_view.hpp"
#include "load_le.hpp"
#include "validation/header_fields.hpp"
#include "validation/problem.hpp"

namespace aem::detail {
namespace {

constexpr std::size_t kSectionCount = kPackedSections.size();

Error malformed(std::uint64_t offset, std::string message) {
  return problem(ErrorCode::packed_malformed, Section::file, 0, offset, "packed file: " + std::move(message));
}

std::string section_name(std::size_t index) { return std::string(to_string(kPackedSections[index])); }

// What a filter may expand its section to: meshopt's index sequence takes at most 5 bytes an
// index (4 in the section) plus a few bytes of header and tail.
std::uint64_t filtered_size_limit(std::uint64_t section_size) { return section_size / 4 * 5 + 64; }

// Where each frame kind starts in the AEM file, in kPackedSections order, then the AEM's end: the
// extension area runs from the keyframes' end to the AEM size (empty in a version-1 container).
std::array<std::uint64_t, kSectionCount + 1> section_bounds(const Header& header, std::uint64_t aem_size) {
  const SectionOffsets o = section_offsets(header);
  return {o.vertices, o.indices, o.image_buffer, o.textures, o.meshes, o.materials,
          o.joints,   o.animations, o.tracks, o.keyframes, o.end, aem_size};
}

// What gives a section's size, for messages: the counts, or (the extension area) the AEM size.
const char* size_source(std::size_t section) {
  return section == kPackedVersion1Sections ? "the container's AEM size" : "the AEM header";
}

// The frame table walked in order: which section it is in and how much of it is covered.
struct TableCursor {
  std::array<std::uint64_t, kSectionCount + 1> bounds{};
  std::size_t kinds = kPackedVersion1Sections;  // the section bytes this container may use
  bool version_3_filters = false;               // whether frames may use filters from 3 on
  std::uint64_t table = kPackedHeaderSize;      // where the table starts in the packed file
  std::size_t section = 0;       // index into kPackedSections
  std::uint64_t covered = 0;     // bytes of that section the frames so far hold
  std::uint64_t stored_end = 0;  // where the next frame lies in the packed file

  std::uint64_t size(std::size_t s) const { return bounds[s + 1] - bounds[s]; }
  // Moves to section `next`; false when a section passed over is not whole.
  bool advance_to(std::size_t next) {
    for (; section < next; ++section, covered = 0)
      if (covered != size(section)) return false;
    return true;
  }
};

// Step 1 of specs/packed-aem.md: the container's own fields. Returns its version.
Expected<std::uint16_t> read_container_fields(std::span<const std::byte> packed) {
  const std::byte* p = packed.data();
  if (packed.size() < kPackedHeaderSize)
    return problem(ErrorCode::truncated, Section::file, 0, packed.size(),
                   "packed file is " + std::to_string(packed.size()) + " bytes, shorter than the " +
                       std::to_string(kPackedHeaderSize) + "-byte packed header");
  const auto version = std::uint16_t(load_le(p + 4, 2));
  if (version != kPackedVersion && version != kPackedExtendedVersion && version != kPackedFilteredVersion)
    return problem(ErrorCode::unsupported_version, Section::file, 0, 4,
                   "packed container version " + std::to_string(version) + " is not supported (" +
                       std::to_string(kPackedVersion) + ", " + std::to_string(kPackedExtendedVersion) +
                       " with an extension area, " + std::to_string(kPackedFilteredVersion) +
                       " with bitangent prediction)");
  if (const auto codec = load_le(p + 6, 2); codec != std::uint64_t(PackedCodec::zstd))
    return malformed(6, "codec " + std::to_string(codec) + " is unknown (1 is zstd)");
  if (load_le(p + 12, 4) != 0 || load_le(p + 68, 4) != 0) return malformed(12, "reserved header bytes are not 0");
  if (const auto declared = load_le(p + 16, 8); declared != packed.size())
    return malformed(16, "the header says the file is " + std::to_string(declared) + " bytes but it has " +
                             std::to_string(packed.size()) + (packed.size() < declared ? " (truncated?)" : " (trailing bytes?)"));
  if (packed.size() < packed_header_size(version))
    return problem(ErrorCode::truncated, Section::file, 0, packed.size(),
                   "packed file is " + std::to_string(packed.size()) + " bytes, shorter than the " +
                       std::to_string(packed_header_size(version)) + "-byte header of a version-" +
                       std::to_string(version) + " container");
  return version;
}

// Step 3: the AEM's size, from its counts (version 1) or the container's field (versions 2 and
// 3), which in version 2 must leave bytes for the extension area after the keyframes and in
// version 3 may leave none; at most the caller's limit.
Expected<std::uint64_t> read_aem_size(std::span<const std::byte> packed, std::uint16_t version, const Header& header,
                                      std::uint64_t max_unpacked_bytes) {
  const std::uint64_t version_1_size = section_offsets(header).end;
  std::uint64_t size = version_1_size;
  if (version == kPackedFilteredVersion) {
    size = load_le(packed.data() + kPackedAemSizeOffset, 8);
    if (size < version_1_size)
      return malformed(kPackedAemSizeOffset, "the container's AEM size, " + std::to_string(size) +
                                                 " bytes, is less than the " + std::to_string(version_1_size) +
                                                 " bytes the AEM header's counts need");
  } else if (version == kPackedExtendedVersion) {
    size = load_le(packed.data() + kPackedAemSizeOffset, 8);
    if (size <= version_1_size)
      return malformed(kPackedAemSizeOffset,
                       "a version-2 container holds an extension area, but its AEM size, " + std::to_string(size) +
                           " bytes, leaves none after the " + std::to_string(version_1_size) +
                           " bytes the AEM header's counts need");
  }
  if (size > max_unpacked_bytes || size > SIZE_MAX)
    return problem(ErrorCode::packed_too_large, Section::file, 0,
                   version == kPackedVersion ? kPackedAemHeaderOffset : kPackedAemSizeOffset,
                   "packed file unpacks to " + std::to_string(size) + " bytes, over the limit of " +
                       std::to_string(max_unpacked_bytes) + " (raise OpenOptions::max_unpacked_bytes to open it)");
  return size;
}

// Steps 1 to 3: the fixed header, the AEM header (version 2 inside a version-2 or 3 container
// only: a required extension needs an extension area), the AEM's size and the limit.
Expected<PackedLayout> read_fixed_header(std::span<const std::byte> packed, std::uint64_t max_unpacked_bytes) {
  const Expected<std::uint16_t> version = read_container_fields(packed);
  if (!version) return version.error();
  Expected<Header> header = read_header_fields(packed.subspan(kPackedAemHeaderOffset, sizeof(Header)),
                                               *version == kPackedVersion ? kVersion : kVersionWithRequiredExtension);
  if (!header) {
    Error error = header.error();
    error.byte_offset += kPackedAemHeaderOffset;
    error.message = "the packed AEM header: " + error.message;
    return error;
  }
  const Expected<std::uint64_t> aem_size = read_aem_size(packed, *version, *header, max_unpacked_bytes);
  if (!aem_size) return aem_size.error();
  PackedLayout layout;
  layout.version = *version;
  layout.header = *header;
  layout.aem_size = *aem_size;
  return layout;
}

// One table entry (step 4), checked against the cursor, which it then moves past the frame.
std::optional<Error> read_frame(std::span<const std::byte> packed, std::uint64_t index, TableCursor& at,
                                PackedFrameEntry& frame) {
  const std::uint64_t entry_offset = at.table + index * kPackedFrameEntrySize;
  const std::byte* e = packed.data() + entry_offset;
  const std::string which = "frame " + std::to_string(index);
  const std::uint64_t section = load_le(e, 1);
  if (section == kPackedVersion1Sections && at.kinds == kPackedVersion1Sections)
    return malformed(entry_offset, which + " names section 10, the extension area, which only a version-" +
                                       std::to_string(kPackedExtendedVersion) + " or " +
                                       std::to_string(kPackedFilteredVersion) + " container holds");
  if (section >= at.kinds)
    return malformed(entry_offset, which + " names section " + std::to_string(section) + " (0 to " +
                                       std::to_string(at.kinds - 1) + ")");
  if (section < at.section) return malformed(entry_offset, which + " is out of section order");
  if (load_le(e + 2, 2) != 0 || load_le(e + 4, 4) != 0)
    return malformed(entry_offset + 2, which + ": reserved bytes are not 0");
  if (!at.advance_to(std::size_t(section)))
    return malformed(entry_offset, which + " starts " + section_name(section) + " before " +
                                       section_name(at.section) + " is whole");
  frame.section = kPackedSections[section];
  frame.filter = PackedFilter(load_le(e + 1, 1));
  frame.stored_offset = at.stored_end;
  frame.stored_size = load_le(e + 8, 8);
  frame.decoded_size = load_le(e + 16, 8);
  const std::string name = which + " (" + section_name(section) + ")";
  if (frame.stored_size == 0 || frame.decoded_size == 0) return malformed(entry_offset + 8, name + " is empty");
  if (frame.stored_size > packed.size() - at.stored_end)
    return malformed(entry_offset + 8, name + ": its " + std::to_string(frame.stored_size) +
                                           " bytes run past the end of the file (truncated?)");
  const std::uint64_t section_size = at.size(at.section);
  if (frame.filter == PackedFilter::none) {
    if (frame.decoded_size > section_size - at.covered)
      return malformed(entry_offset + 16, name + " decodes to " + std::to_string(frame.decoded_size) +
                                              " bytes, more than the " + std::to_string(section_size - at.covered) +
                                              " " + size_source(at.section) + " leaves for it");
    frame.out_size = frame.decoded_size;
  } else if (frame.filter == PackedFilter::meshopt_index_sequence) {
    if (frame.section != Section::indices || at.covered != 0)
      return malformed(entry_offset + 1, name + ": the meshopt index filter is only for the whole indices section");
    if (frame.decoded_size > filtered_size_limit(section_size))
      return malformed(entry_offset + 16, name + " decodes to " + std::to_string(frame.decoded_size) +
                                              " bytes, more than a meshopt index sequence of " +
                                              std::to_string(section_size / 4) + " indices takes");
    frame.out_size = section_size;
  } else if (frame.filter == PackedFilter::block_halves) {
    if (frame.section != Section::image_buffer)
      return malformed(entry_offset + 1, name + ": the block halves filter is only for the image buffer");
    if (frame.decoded_size > section_size - at.covered || frame.decoded_size % kPackedHalvesBlockBytes != 0)
      return malformed(entry_offset + 16, name + " decodes to " + std::to_string(frame.decoded_size) +
                                              " bytes: block halves need whole 16-byte blocks within the " +
                                              std::to_string(section_size - at.covered) +
                                              " bytes the AEM header leaves for it");
    frame.out_size = frame.decoded_size;
  } else if (frame.filter == PackedFilter::bitangent_prediction && at.version_3_filters) {
    if (frame.section != Section::vertices || at.covered % sizeof(Vertex) != 0)
      return malformed(entry_offset + 1, name + ": the bitangent prediction filter is only for the vertices section, "
                                                "from a vertex's first byte");
    if (frame.decoded_size > section_size - at.covered || frame.decoded_size % sizeof(Vertex) != 0)
      return malformed(entry_offset + 16, name + " decodes to " + std::to_string(frame.decoded_size) +
                                              " bytes: bitangent prediction needs whole " + std::to_string(sizeof(Vertex)) +
                                              "-byte vertices within the " + std::to_string(section_size - at.covered) +
                                              " bytes the AEM header leaves for it");
    frame.out_size = frame.decoded_size;
  } else {
    return malformed(entry_offset + 1, name + " has filter " + std::to_string(load_le(e + 1, 1)) +
                                           " (0 none, 1 meshopt index sequence, 2 block halves" +
                                           (at.version_3_filters ? ", 3 bitangent prediction)" : "; 3, bitangent prediction, only in a version-3 container)"));
  }
  frame.out_offset = at.bounds[at.section] + at.covered;
  at.covered += frame.out_size;
  at.stored_end += frame.stored_size;
  return std::nullopt;
}

}  // namespace

Expected<PackedLayout> read_packed_layout(std::span<const std::byte> packed,
                                          std::uint64_t max_unpacked_bytes) {
  Expected<PackedLayout> layout = read_fixed_header(packed, max_unpacked_bytes);
  if (!layout) return layout;
  const std::uint64_t frame_count = load_le(packed.data() + 8, 4);
  const std::uint64_t table = packed_header_size(layout->version);
  const std::uint64_t table_end = table + frame_count * kPackedFrameEntrySize;
  if (table_end > packed.size())
    return malformed(8, "its table of " + std::to_string(frame_count) + " frames runs past the end of the file (" +
                            std::to_string(packed.size()) + " bytes)");
  TableCursor at{.bounds = section_bounds(layout->header, layout->aem_size),
                 .kinds = layout->version == kPackedVersion ? kPackedVersion1Sections : kSectionCount,
                 .version_3_filters = layout->version == kPackedFilteredVersion,
                 .table = table,
                 .stored_end = table_end};
  layout->frames.resize(std::size_t(frame_count));  // bounded: each entry takes 24 bytes of the file
  for (std::uint64_t i = 0; i < frame_count; ++i)
    if (std::optional<Error> error = read_frame(packed, i, at, layout->frames[std::size_t(i)])) return *std::move(error);
  if (!at.advance_to(kSectionCount))
    return malformed(8, "its frames do not cover " + section_name(at.section) + " (" + size_source(at.section) +
                            " gives it " + std::to_string(at.size(at.section)) + " bytes)");
  if (at.stored_end != packed.size()) return malformed(at.stored_end, "trailing bytes after the last frame");
  return layout;
}

}  // namespace aem::detail
