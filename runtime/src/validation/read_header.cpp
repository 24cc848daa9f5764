#include <cstring>

#include "aem/validation.hpp"
#include "validation/header_fields.hpp"
#include "validation/problem.hpp"

namespace aem {
using detail::problem;
namespace {

// Explicit little-endian decode, so the header reads right on any host.
std::uint32_t load_le32(const std::byte* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}

}  // namespace

namespace detail {

Expected<Header> read_header_fields(std::span<const std::byte> file) {
  Header h{};
  std::memcpy(h.magic, file.data(), sizeof h.magic);
  h.version = std::uint8_t(file[3]);
  std::uint32_t* const counts[] = {&h.vertex_count,   &h.index_count,     &h.image_buffer_size,
                                   &h.texture_count,  &h.mesh_count,      &h.material_count,
                                   &h.joint_count,    &h.animation_count, &h.track_count,
                                   &h.keyframe_count};
  for (std::size_t i = 0; i < std::size(counts); ++i) {
    *counts[i] = load_le32(file.data() + 4 + 4 * i);
  }

  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) {
    return problem(ErrorCode::bad_magic, Section::header, 0, 0,
                   "not an AEM file (the first three bytes are not \"AEM\")");
  }
  if (h.version != kVersion) {
    return problem(ErrorCode::unsupported_version, Section::header, 0, 3,
                   "version " + std::to_string(h.version) + " is not supported (only version " +
                       std::to_string(kVersion) + ")");
  }
  return h;
}

}  // namespace detail

Expected<Header> read_header(std::span<const std::byte> file) {
  using detail::problem;
  if (file.size() < sizeof(Header)) {
    return problem(ErrorCode::truncated, Section::header, 0, file.size(),
                   "file is " + std::to_string(file.size()) + " bytes, shorter than the " +
                       std::to_string(sizeof(Header)) + "-byte header");
  }
  Expected<Header> fields = detail::read_header_fields(file);
  if (!fields) return fields;
  const Header& h = *fields;
  const std::uint64_t expected = section_offsets(h).end;
  if (expected != file.size()) {
    const bool shorter = file.size() < expected;
    return problem(ErrorCode::size_mismatch, Section::file, 0,
                   shorter ? file.size() : expected,
                   "the header's counts need " + std::to_string(expected) + " bytes but the file has " +
                       std::to_string(file.size()) +
                       (shorter ? " (truncated?)" : " (trailing bytes?)"));
  }
  return h;
}

}  // namespace aem
