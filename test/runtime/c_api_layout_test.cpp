// The C records of aem.h are the C++ records of format.hpp, offset for offset, so the C API hands
// out the file's sections in place; and the C statuses name the C++ error codes.
#include <gtest/gtest.h>

#include <cstddef>
#include <string_view>

#include "aem/aem.h"
#include "aem/error.hpp"
#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/format.hpp"

namespace {

#define AEM_SAME_FIELD(c_type, cpp_type, field)                                   \
  static_assert(offsetof(c_type, field) == offsetof(cpp_type, field) &&           \
                sizeof(c_type::field) == sizeof(cpp_type::field), #c_type "." #field)
#define AEM_SAME_RECORD(c_type, cpp_type) \
  static_assert(sizeof(c_type) == sizeof(cpp_type) && alignof(c_type) == alignof(cpp_type), #c_type)

AEM_SAME_RECORD(aem_header, aem::Header);
AEM_SAME_FIELD(aem_header, aem::Header, magic);
AEM_SAME_FIELD(aem_header, aem::Header, version);
AEM_SAME_FIELD(aem_header, aem::Header, vertex_count);
AEM_SAME_FIELD(aem_header, aem::Header, index_count);
AEM_SAME_FIELD(aem_header, aem::Header, image_buffer_size);
AEM_SAME_FIELD(aem_header, aem::Header, texture_count);
AEM_SAME_FIELD(aem_header, aem::Header, mesh_count);
AEM_SAME_FIELD(aem_header, aem::Header, material_count);
AEM_SAME_FIELD(aem_header, aem::Header, joint_count);
AEM_SAME_FIELD(aem_header, aem::Header, animation_count);
AEM_SAME_FIELD(aem_header, aem::Header, track_count);
AEM_SAME_FIELD(aem_header, aem::Header, keyframe_count);

AEM_SAME_RECORD(aem_vertex, aem::Vertex);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, position);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, normal);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, tangent);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, bitangent);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, uv);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, joints);
AEM_SAME_FIELD(aem_vertex, aem::Vertex, weights);

AEM_SAME_RECORD(aem_texture, aem::Texture);
AEM_SAME_FIELD(aem_texture, aem::Texture, offset);
AEM_SAME_FIELD(aem_texture, aem::Texture, width);
AEM_SAME_FIELD(aem_texture, aem::Texture, height);
AEM_SAME_FIELD(aem_texture, aem::Texture, wrap_x);
AEM_SAME_FIELD(aem_texture, aem::Texture, wrap_y);
AEM_SAME_FIELD(aem_texture, aem::Texture, compression);

AEM_SAME_RECORD(aem_mesh, aem::Mesh);
AEM_SAME_FIELD(aem_mesh, aem::Mesh, first_index);
AEM_SAME_FIELD(aem_mesh, aem::Mesh, index_count);
AEM_SAME_FIELD(aem_mesh, aem::Mesh, material);

AEM_SAME_RECORD(aem_material, aem::Material);
AEM_SAME_FIELD(aem_material, aem::Material, base_color_texture);
AEM_SAME_FIELD(aem_material, aem::Material, normal_texture);
AEM_SAME_FIELD(aem_material, aem::Material, pbr_texture);
AEM_SAME_FIELD(aem_material, aem::Material, type);

AEM_SAME_RECORD(aem_joint, aem::Joint);
AEM_SAME_FIELD(aem_joint, aem::Joint, name);
AEM_SAME_FIELD(aem_joint, aem::Joint, inverse_bind);
AEM_SAME_FIELD(aem_joint, aem::Joint, parent);

AEM_SAME_RECORD(aem_animation, aem::Animation);
AEM_SAME_FIELD(aem_animation, aem::Animation, name);
AEM_SAME_FIELD(aem_animation, aem::Animation, duration);

AEM_SAME_RECORD(aem_track, aem::Track);
AEM_SAME_FIELD(aem_track, aem::Track, first_keyframe);
AEM_SAME_FIELD(aem_track, aem::Track, translation_count);
AEM_SAME_FIELD(aem_track, aem::Track, rotation_count);
AEM_SAME_FIELD(aem_track, aem::Track, scale_count);

AEM_SAME_RECORD(aem_uv1_material, aem::Uv1Material);
AEM_SAME_FIELD(aem_uv1_material, aem::Uv1Material, base_colour_set);
AEM_SAME_FIELD(aem_uv1_material, aem::Uv1Material, normal_set);
AEM_SAME_FIELD(aem_uv1_material, aem::Uv1Material, pbr_set);
AEM_SAME_FIELD(aem_uv1_material, aem::Uv1Material, occlusion_set);
AEM_SAME_FIELD(aem_uv1_material, aem::Uv1Material, occlusion_texture);
AEM_SAME_FIELD(aem_uv1_material, aem::Uv1Material, reserved);
static_assert(AEM_NO_TEXTURE == aem::kUv1NoTexture && AEM_NO_TEXTURE == aem::kNoTexture);

AEM_SAME_RECORD(aem_emissive, aem::EmissiveRecord);
AEM_SAME_FIELD(aem_emissive, aem::EmissiveRecord, mode);
AEM_SAME_FIELD(aem_emissive, aem::EmissiveRecord, factor);
AEM_SAME_FIELD(aem_emissive, aem::EmissiveRecord, strength);
AEM_SAME_FIELD(aem_emissive, aem::EmissiveRecord, texture);
AEM_SAME_FIELD(aem_emissive, aem::EmissiveRecord, uv_set);
AEM_SAME_FIELD(aem_emissive, aem::EmissiveRecord, reserved);
static_assert(AEM_EMISSIVE_CORE == std::uint32_t(aem::EmissiveMode::core) &&
              AEM_EMISSIVE_RECORD == std::uint32_t(aem::EmissiveMode::record));
static_assert(AEM_MATERIAL_UNLIT == aem::kMaterialUnlit);

AEM_SAME_RECORD(aem_meshlet, aem::Meshlet);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, first_vertex);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, first_triangle);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, vertex_count);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, triangle_count);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, center);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, radius);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, cone_apex);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, cone_cutoff);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, cone_axis);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, cone_axis_s8);
AEM_SAME_FIELD(aem_meshlet, aem::Meshlet, cone_cutoff_s8);
static_assert(AEM_MESHLET_VERTEX_LIMIT == aem::kMeshletVertexLimit && AEM_MESHLET_TRIANGLE_LIMIT == aem::kMeshletTriangleLimit);

AEM_SAME_RECORD(aem_keyframe, aem::Keyframe);
AEM_SAME_FIELD(aem_keyframe, aem::Keyframe, time);
AEM_SAME_FIELD(aem_keyframe, aem::Keyframe, value);

static_assert(AEM_WRAP_REPEAT == int(aem::WrapMode::repeat) &&
              AEM_WRAP_MIRRORED_REPEAT == int(aem::WrapMode::mirrored_repeat) &&
              AEM_WRAP_CLAMP_TO_EDGE == int(aem::WrapMode::clamp_to_edge));
static_assert(AEM_COMPRESSION_NONE == int(aem::Compression::none) &&
              AEM_COMPRESSION_BC5 == int(aem::Compression::bc5) &&
              AEM_COMPRESSION_BC7 == int(aem::Compression::bc7));
static_assert(AEM_MATERIAL_OPAQUE == int(aem::MaterialType::opaque) &&
              AEM_MATERIAL_TRANSPARENT == int(aem::MaterialType::transparent));

TEST(CApiLayout, EveryFileStatusIsNamedAsItsErrorCode) {
  for (int code = 0; code <= int(aem::ErrorCode::bad_extension_payload); ++code) {
    EXPECT_EQ(std::string_view(aem_status_name(aem_status(AEM_ERROR_IO + code))),
              aem::to_string(aem::ErrorCode(code)));
  }
  EXPECT_STREQ(aem_status_name(AEM_OK), "ok");
  EXPECT_STREQ(aem_status_name(AEM_ERROR_STALE_LAYER), "stale_layer");
  EXPECT_STREQ(aem_status_name(AEM_ERROR_PACKED_NEEDS_DECODER), "packed_needs_decoder");
  EXPECT_STREQ(aem_status_name(AEM_ERROR_UNKNOWN_REQUIRED_EXTENSION), "unknown_required_extension");
  EXPECT_STREQ(aem_status_name(aem_status(40)), "unknown");
}

}  // namespace
