#pragma once
// What can be wrong with an AEM file, and where: every problem is an Error naming its section,
// the element in that section and the byte offset in the file.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "aem/export.h"

namespace aem {

enum class Section : std::uint8_t {
  file,  // the file as a whole (I/O, size)
  header,
  vertices,
  indices,
  image_buffer,
  textures,
  meshes,
  materials,
  joints,
  animations,
  tracks,
  keyframes,
  extensions,  // the extension directory's entries (specs/aem-extensions.md)
};

enum class ErrorCode : std::uint8_t {
  // Reading the bytes at all.
  io_error,
  truncated,            // shorter than the header
  bad_magic,
  unsupported_version,
  size_mismatch,        // file size differs from what the header's counts add up to
  // Structural: an index or range that would send a reader out of bounds.
  index_out_of_range,   // an index >= vertex_count
  mesh_out_of_range,    // first_index + index_count beyond the index section
  mesh_not_triangles,   // index_count not a multiple of 3
  mesh_bad_material,
  material_bad_texture,
  material_bad_type,
  texture_empty,        // width or height 0
  texture_bad_wrap,
  texture_bad_compression,
  texture_out_of_bounds,  // the mip chain runs past the image buffer
  joint_bad_parent,
  joint_cycle,
  vertex_bad_joint,
  track_count_mismatch,  // track_count != animation_count * joint_count
  track_out_of_bounds,   // keys run past the keyframe section
  name_unterminated,
  // NaN or infinity: structural (every validated open) for every float in the file; strict
  // validation also reports a translation or scale key whose w is not 0 with this code.
  not_finite,
  // Semantic, checked by strict validation only.
  not_unit_length,
  bad_weights,
  key_order,             // key times decrease, or fall outside [0, duration]
  bad_duration,
  missing_keys,          // a track without a key of some kind
  joint_order,           // a parent after its child
  name_padding,          // non-zero bytes after a name's NUL, or invalid UTF-8
  unused_data,
  // A packed file (.aemz, specs/packed-aem.md), before the AEM inside it is looked at.
  packed_needs_decoder,  // opened without OpenOptions::packed_decoder
  packed_malformed,      // its header or frame table is inconsistent or truncated
  packed_too_large,      // it unpacks to more than OpenOptions::max_unpacked_bytes
  packed_frame_corrupt,  // a frame does not decode to exactly what the table declares
  // The extension area after the version-1 part (specs/aem-extensions.md, section 6); checked on
  // every open, trusted ones included.
  bad_extension_directory,      // its header, or the padding before it
  bad_extension_entry,          // a name, the order, flags, where a payload lies
  unknown_required_extension,   // a required extension this reader does not know (named)
  unsupported_extension_version,  // a known extension's record version this reader does not know
  // A known extension's payload breaks its own rules (specs/aem-extensions.md section 4: counts,
  // indices, sets, floats, names); the message names the extension and the field.
  bad_extension_payload,
};

AEM_API std::string_view to_string(Section section);
AEM_API std::string_view to_string(ErrorCode code);

struct Error {
  ErrorCode code = ErrorCode::io_error;
  Section section = Section::file;
  std::uint64_t element = 0;      // index within the section
  std::uint64_t byte_offset = 0;  // in the file
  std::string message;            // what is wrong, without the location

  // "joints[3] at byte 1234: parent 7 is out of range (5 joints)"
  AEM_API std::string describe() const;
};

// Thrown by the throwing open functions; what() is "PATH: " + error.describe().
class AEM_API ModelError : public std::runtime_error {
 public:
  ModelError(std::string path, Error error);
  const Error& error() const noexcept { return error_; }
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
  Error error_;
};

}  // namespace aem
