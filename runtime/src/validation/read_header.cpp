#include <cstring>
#include <string>

#include "aem/extension_format.hpp"
#include "aem/validation.hpp"
#include "load_le.hpp"
#include "validation/header_fields.hpp"
#include "validation/problem.hpp"

namespace aem {
using detail::problem;

namespace detail {

Expected<Header> read_header_fields(std::span<const std::byte> file, std::uint8_t max_version) {
  Header h{};
  std::memcpy(h.magic, file.data(), sizeof h.magic);
  h.version = std::uint8_t(file[3]);
  std::uint32_t* const counts[] = {&h.vertex_count,   &h.index_count,     &h.image_buffer_size,
                                   &h.texture_count,  &h.mesh_count,      &h.material_count,
                                   &h.joint_count,    &h.animation_count, &h.track_count,
                                   &h.keyframe_count};
  for (std::size_t i = 0; i < std::size(counts); ++i) {
    *counts[i] = std::uint32_t(load_le(file.data() + 4 + 4 * i, 4));
  }

  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) {
    return problem(ErrorCode::bad_magic, Section::header, 0, 0,
                   "not an AEM file (the first three bytes are not \"AEM\")");
  }
  if (h.version < kVersion || h.version > max_version) {
    return problem(ErrorCode::unsupported_version, Section::header, 0, 3,
                   "version " + std::to_string(h.version) + " is not supported (only version " +
                       (max_version == kVersion ? std::to_string(kVersion)
                                                : std::to_string(kVersion) + " to " + std::to_string(max_version)) +
                       ")");
  }
  return h;
}

}  // namespace detail

namespace {

// Whether an extension directory may start at `at`: room for its header and its magic there.
bool has_directory_at(std::span<const std::byte> file, std::uint64_t at) {
  return file.size() >= at + sizeof(ExtensionDirectoryHeader) &&
         std::memcmp(file.data() + at, kExtensionMagic, sizeof kExtensionMagic) == 0;
}

}  // namespace

Expected<Header> read_header(std::span<const std::byte> file, bool version_1_only) {
  if (file.size() < sizeof(Header)) {
    return problem(ErrorCode::truncated, Section::header, 0, file.size(),
                   "file is " + std::to_string(file.size()) + " bytes, shorter than the " +
                       std::to_string(sizeof(Header)) + "-byte header");
  }
  Expected<Header> fields =
      detail::read_header_fields(file, version_1_only ? kVersion : kVersionWithRequiredExtension);
  if (!fields) return fields;
  const Header& h = *fields;
  const std::uint64_t expected = section_offsets(h).end;
  if (expected == file.size()) return h;
  const bool shorter = file.size() < expected;
  if (!shorter && !version_1_only && has_directory_at(file, align16(expected))) return h;
  return problem(ErrorCode::size_mismatch, Section::file, 0, shorter ? file.size() : expected,
                 "the header's counts need " + std::to_string(expected) + " bytes but the file has " +
                     std::to_string(file.size()) +
                     (shorter           ? " (truncated?)"
                      : version_1_only ? " (trailing bytes?)"
                                       : " (trailing bytes, and no extension directory at byte " +
                                             std::to_string(align16(expected)) + ")"));
}

}  // namespace aem
