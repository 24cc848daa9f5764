#include "aem/error.hpp"

namespace aem {

std::string_view to_string(Section section) {
  switch (section) {
    case Section::file: return "file";
    case Section::header: return "header";
    case Section::vertices: return "vertices";
    case Section::indices: return "indices";
    case Section::image_buffer: return "image buffer";
    case Section::textures: return "textures";
    case Section::meshes: return "meshes";
    case Section::materials: return "materials";
    case Section::joints: return "joints";
    case Section::animations: return "animations";
    case Section::tracks: return "tracks";
    case Section::keyframes: return "keyframes";
    case Section::extensions: return "extensions";
  }
  return "unknown section";
}

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::io_error: return "io_error";
    case ErrorCode::truncated: return "truncated";
    case ErrorCode::bad_magic: return "bad_magic";
    case ErrorCode::unsupported_version: return "unsupported_version";
    case ErrorCode::size_mismatch: return "size_mismatch";
    case ErrorCode::index_out_of_range: return "index_out_of_range";
    case ErrorCode::mesh_out_of_range: return "mesh_out_of_range";
    case ErrorCode::mesh_not_triangles: return "mesh_not_triangles";
    case ErrorCode::mesh_bad_material: return "mesh_bad_material";
    case ErrorCode::material_bad_texture: return "material_bad_texture";
    case ErrorCode::material_bad_type: return "material_bad_type";
    case ErrorCode::texture_empty: return "texture_empty";
    case ErrorCode::texture_bad_wrap: return "texture_bad_wrap";
    case ErrorCode::texture_bad_compression: return "texture_bad_compression";
    case ErrorCode::texture_out_of_bounds: return "texture_out_of_bounds";
    case ErrorCode::joint_bad_parent: return "joint_bad_parent";
    case ErrorCode::joint_cycle: return "joint_cycle";
    case ErrorCode::vertex_bad_joint: return "vertex_bad_joint";
    case ErrorCode::track_count_mismatch: return "track_count_mismatch";
    case ErrorCode::track_out_of_bounds: return "track_out_of_bounds";
    case ErrorCode::name_unterminated: return "name_unterminated";
    case ErrorCode::not_finite: return "not_finite";
    case ErrorCode::not_unit_length: return "not_unit_length";
    case ErrorCode::bad_weights: return "bad_weights";
    case ErrorCode::key_order: return "key_order";
    case ErrorCode::bad_duration: return "bad_duration";
    case ErrorCode::missing_keys: return "missing_keys";
    case ErrorCode::joint_order: return "joint_order";
    case ErrorCode::name_padding: return "name_padding";
    case ErrorCode::unused_data: return "unused_data";
    case ErrorCode::packed_needs_decoder: return "packed_needs_decoder";
    case ErrorCode::packed_malformed: return "packed_malformed";
    case ErrorCode::packed_too_large: return "packed_too_large";
    case ErrorCode::packed_frame_corrupt: return "packed_frame_corrupt";
    case ErrorCode::bad_extension_directory: return "bad_extension_directory";
    case ErrorCode::bad_extension_entry: return "bad_extension_entry";
    case ErrorCode::unknown_required_extension: return "unknown_required_extension";
    case ErrorCode::unsupported_extension_version: return "unsupported_extension_version";
    case ErrorCode::bad_extension_payload: return "bad_extension_payload";
  }
  return "unknown_error";
}

std::string Error::describe() const {
  // Built by appends: GCC 12 warns falsely (-Wrestrict) on chained concatenation here.
  std::string text(to_string(section));
  if (section != Section::file && section != Section::header) {
    text.append("[").append(std::to_string(element)).append("]");
  }
  if (section != Section::file || byte_offset != 0) {
    text.append(" at byte ").append(std::to_string(byte_offset));
  }
  text.append(": ").append(message);
  return text;
}

ModelError::ModelError(std::string path, Error error)
    : std::runtime_error(path + ": " + error.describe()),
      path_(std::move(path)),
      error_(std::move(error)) {}

}  // namespace aem
