// numpy dtypes for the on-disk records, built from the C++ structs' own offsets and sizes, so
// that an array of them views a section in place.
#include <cstddef>
#include <initializer_list>

#include "aem/ext_emissive.hpp"
#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/ext_uv1.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

struct Field {
  const char* name;
  const char* format;  // numpy's: "<f4", "(3,)<f4", "S128"...
  std::size_t offset;
};

py::dtype record(std::initializer_list<Field> fields, std::size_t size) {
  py::list names, formats, offsets;
  for (const Field& f : fields) {
    names.append(f.name);
    formats.append(f.format);
    offsets.append(f.offset);
  }
  return py::dtype(names, formats, offsets, py::ssize_t(size));
}

}  // namespace

py::dtype vertex_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"position", "(3,)<f4", offsetof(Vertex, position)},
       {"normal", "(3,)<f4", offsetof(Vertex, normal)},
       {"tangent", "(3,)<f4", offsetof(Vertex, tangent)},
       {"bitangent", "(3,)<f4", offsetof(Vertex, bitangent)},
       {"uv", "(2,)<f4", offsetof(Vertex, uv)},
       {"joints", "(4,)<i4", offsetof(Vertex, joints)},
       {"weights", "(4,)<f4", offsetof(Vertex, weights)}},
      sizeof(Vertex)));
  return *dtype;
}

py::dtype texture_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"offset", "<u4", offsetof(Texture, offset)},
       {"width", "<u4", offsetof(Texture, width)},
       {"height", "<u4", offsetof(Texture, height)},
       {"wrap_x", "<u4", offsetof(Texture, wrap_x)},
       {"wrap_y", "<u4", offsetof(Texture, wrap_y)},
       {"compression", "<u4", offsetof(Texture, compression)}},
      sizeof(Texture)));
  return *dtype;
}

py::dtype mesh_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"first_index", "<u4", offsetof(Mesh, first_index)},
       {"index_count", "<u4", offsetof(Mesh, index_count)},
       {"material", "<u4", offsetof(Mesh, material)}},
      sizeof(Mesh)));
  return *dtype;
}

py::dtype material_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"base_color_texture", "<u4", offsetof(Material, base_color_texture)},
       {"normal_texture", "<u4", offsetof(Material, normal_texture)},
       {"pbr_texture", "<u4", offsetof(Material, pbr_texture)},
       {"type", "<u4", offsetof(Material, type)}},
      sizeof(Material)));
  return *dtype;
}

py::dtype joint_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"name", "S128", offsetof(Joint, name)},
       {"inverse_bind", "(16,)<f4", offsetof(Joint, inverse_bind)},
       {"parent", "<i4", offsetof(Joint, parent)}},
      sizeof(Joint)));
  return *dtype;
}

py::dtype animation_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"name", "S128", offsetof(Animation, name)}, {"duration", "<f4", offsetof(Animation, duration)}},
      sizeof(Animation)));
  return *dtype;
}

py::dtype track_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"first_keyframe", "<u4", offsetof(Track, first_keyframe)},
       {"translation_count", "<u4", offsetof(Track, translation_count)},
       {"rotation_count", "<u4", offsetof(Track, rotation_count)},
       {"scale_count", "<u4", offsetof(Track, scale_count)}},
      sizeof(Track)));
  return *dtype;
}

py::dtype keyframe_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"time", "<f4", offsetof(Keyframe, time)}, {"value", "(4,)<f4", offsetof(Keyframe, value)}},
      sizeof(Keyframe)));
  return *dtype;
}

py::dtype morph_group_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"first_target", "<u4", offsetof(MorphGroup, first_target)},
       {"target_count", "<u4", offsetof(MorphGroup, target_count)},
       {"name_offset", "<u4", offsetof(MorphGroup, name_offset)},
       {"name_length", "<u4", offsetof(MorphGroup, name_length)}},
      sizeof(MorphGroup)));
  return *dtype;
}

py::dtype morph_target_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"name_offset", "<u4", offsetof(MorphTarget, name_offset)},
       {"name_length", "<u4", offsetof(MorphTarget, name_length)},
       {"default_weight", "<f4", offsetof(MorphTarget, default_weight)},
       {"attributes", "<u4", offsetof(MorphTarget, attributes)},
       {"first_vertex", "<u4", offsetof(MorphTarget, first_vertex)},
       {"vertex_span", "<u4", offsetof(MorphTarget, vertex_span)},
       {"first_delta", "<u4", offsetof(MorphTarget, first_delta)},
       {"first_sparse_index", "<u4", offsetof(MorphTarget, first_sparse_index)},
       {"sparse_count", "<u4", offsetof(MorphTarget, sparse_count)}},
      sizeof(MorphTarget)));
  return *dtype;
}

py::dtype morph_weight_track_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"first_value", "<u4", offsetof(MorphWeightTrack, first_value)},
       {"key_count", "<u4", offsetof(MorphWeightTrack, key_count)}},
      sizeof(MorphWeightTrack)));
  return *dtype;
}

py::dtype uv1_material_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"base_colour_set", "u1", offsetof(Uv1Material, base_colour_set)},
       {"normal_set", "u1", offsetof(Uv1Material, normal_set)},
       {"pbr_set", "u1", offsetof(Uv1Material, pbr_set)},
       {"occlusion_set", "u1", offsetof(Uv1Material, occlusion_set)},
       {"occlusion_texture", "<u4", offsetof(Uv1Material, occlusion_texture)},
       {"reserved", "(2,)<u4", offsetof(Uv1Material, reserved)}},
      sizeof(Uv1Material)));
  return *dtype;
}

py::dtype emissive_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"mode", "<u4", offsetof(EmissiveRecord, mode)},
       {"factor", "(3,)<f4", offsetof(EmissiveRecord, factor)},
       {"strength", "<f4", offsetof(EmissiveRecord, strength)},
       {"texture", "<u4", offsetof(EmissiveRecord, texture)},
       {"uv_set", "<u4", offsetof(EmissiveRecord, uv_set)},
       {"reserved", "<u4", offsetof(EmissiveRecord, reserved)}},
      sizeof(EmissiveRecord)));
  return *dtype;
}

py::dtype lod_level_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"first_index", "<u4", offsetof(LodLevel, first_index)},
       {"index_count", "<u4", offsetof(LodLevel, index_count)},
       {"error", "<f4", offsetof(LodLevel, error)},
       {"reserved", "<u4", offsetof(LodLevel, reserved)}},
      sizeof(LodLevel)));
  return *dtype;
}

py::dtype meshlet_dtype() {
  static const py::dtype* dtype = new py::dtype(record(
      {{"first_vertex", "<u4", offsetof(Meshlet, first_vertex)},
       {"first_triangle", "<u4", offsetof(Meshlet, first_triangle)},
       {"vertex_count", "<u4", offsetof(Meshlet, vertex_count)},
       {"triangle_count", "<u4", offsetof(Meshlet, triangle_count)},
       {"center", "(3,)<f4", offsetof(Meshlet, center)},
       {"radius", "<f4", offsetof(Meshlet, radius)},
       {"cone_apex", "(3,)<f4", offsetof(Meshlet, cone_apex)},
       {"cone_cutoff", "<f4", offsetof(Meshlet, cone_cutoff)},
       {"cone_axis", "(3,)<f4", offsetof(Meshlet, cone_axis)},
       {"cone_axis_s8", "(3,)i1", offsetof(Meshlet, cone_axis_s8)},
       {"cone_cutoff_s8", "i1", offsetof(Meshlet, cone_cutoff_s8)}},
      sizeof(Meshlet)));
  return *dtype;
}

void bind_record_dtypes(py::module_& m) {
  // Leaked on purpose (above): dtypes outlive any module teardown order.
  m.attr("VERTEX_DTYPE") = vertex_dtype();
  m.attr("TEXTURE_DTYPE") = texture_dtype();
  m.attr("MESH_DTYPE") = mesh_dtype();
  m.attr("MATERIAL_DTYPE") = material_dtype();
  m.attr("JOINT_DTYPE") = joint_dtype();
  m.attr("ANIMATION_DTYPE") = animation_dtype();
  m.attr("TRACK_DTYPE") = track_dtype();
  m.attr("KEYFRAME_DTYPE") = keyframe_dtype();
  m.attr("MORPH_GROUP_DTYPE") = morph_group_dtype();
  m.attr("MORPH_TARGET_DTYPE") = morph_target_dtype();
  m.attr("MORPH_WEIGHT_TRACK_DTYPE") = morph_weight_track_dtype();
  m.attr("UV1_MATERIAL_DTYPE") = uv1_material_dtype();
  m.attr("EMISSIVE_DTYPE") = emissive_dtype();
  m.attr("LOD_LEVEL_DTYPE") = lod_level_dtype();
  m.attr("MESHLET_DTYPE") = meshlet_dtype();
}

}  // namespace aem::python
