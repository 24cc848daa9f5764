#pragma once
// The AEM v1 on-disk records. Each struct is exactly the bytes of one element of its section
// (little-endian, no padding), so a section is usable in place as a std::span of these.
// See specs/aem-v1.md for the meaning of every field.
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace aem {

inline constexpr char kMagic[3] = {'A', 'E', 'M'};
inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kNameSize = 128;  // joint and animation names, NUL included
inline constexpr std::uint32_t kImageAlignment = 16;  // what our writer aligns textures to

enum class WrapMode : std::uint32_t { repeat = 0, mirrored_repeat = 1, clamp_to_edge = 2 };
enum class Compression : std::uint32_t { none = 0, bc5 = 1, bc7 = 2 };
enum class MaterialType : std::uint32_t { opaque = 0, transparent = 1 };

struct Header {
  char magic[3];                 // "AEM"
  std::uint8_t version;          // 1
  std::uint32_t vertex_count;
  std::uint32_t index_count;
  std::uint32_t image_buffer_size;  // bytes
  std::uint32_t texture_count;
  std::uint32_t mesh_count;
  std::uint32_t material_count;
  std::uint32_t joint_count;
  std::uint32_t animation_count;
  std::uint32_t track_count;
  std::uint32_t keyframe_count;
};

struct Vertex {
  float position[3];
  float normal[3];
  float tangent[3];
  float bitangent[3];
  float uv[2];
  std::int32_t joints[4];  // -1 for an unused slot
  float weights[4];        // sum to 1, or all 0 for a static vertex
};

struct Texture {
  std::uint32_t offset;  // of mip level 0 within the image buffer
  std::uint32_t width;   // of mip level 0, texels
  std::uint32_t height;
  std::uint32_t wrap_x;  // a WrapMode
  std::uint32_t wrap_y;
  std::uint32_t compression;  // a Compression
};

struct Mesh {
  std::uint32_t first_index;
  std::uint32_t index_count;  // a multiple of 3: triangle list
  std::uint32_t material;
};

struct Material {
  std::uint32_t base_color_texture;  // RGB sRGB base color, A linear opacity
  std::uint32_t normal_texture;      // tangent-space X, Y in R, G
  std::uint32_t pbr_texture;         // R roughness, G occlusion, B metalness, A emissive
  std::uint32_t type;                // a MaterialType
};

struct Joint {
  char name[kNameSize];     // UTF-8, NUL-terminated
  float inverse_bind[16];   // column-major 4x4
  std::int32_t parent;      // -1 for a root
};

struct Animation {
  char name[kNameSize];
  float duration;  // seconds
};

// The keys of one (animation, joint) pair: translations, then rotations, then scales,
// contiguous in the keyframe section from first_keyframe.
struct Track {
  std::uint32_t first_keyframe;
  std::uint32_t translation_count;
  std::uint32_t rotation_count;
  std::uint32_t scale_count;
};

struct Keyframe {
  float time;      // seconds
  float value[4];  // x, y, z, w: translation/scale with w = 0, or a rotation quaternion
};

// The layout is the contract: any change here breaks every file.
static_assert(sizeof(Header) == 44 && alignof(Header) == 4);
static_assert(offsetof(Header, version) == 3 && offsetof(Header, vertex_count) == 4 &&
              offsetof(Header, index_count) == 8 && offsetof(Header, image_buffer_size) == 12 &&
              offsetof(Header, texture_count) == 16 && offsetof(Header, mesh_count) == 20 &&
              offsetof(Header, material_count) == 24 && offsetof(Header, joint_count) == 28 &&
              offsetof(Header, animation_count) == 32 && offsetof(Header, track_count) == 36 &&
              offsetof(Header, keyframe_count) == 40);
static_assert(sizeof(Vertex) == 88);
static_assert(offsetof(Vertex, normal) == 12 && offsetof(Vertex, tangent) == 24 &&
              offsetof(Vertex, bitangent) == 36 && offsetof(Vertex, uv) == 48 &&
              offsetof(Vertex, joints) == 56 && offsetof(Vertex, weights) == 72);
static_assert(sizeof(Texture) == 24);
static_assert(offsetof(Texture, width) == 4 && offsetof(Texture, height) == 8 &&
              offsetof(Texture, wrap_x) == 12 && offsetof(Texture, wrap_y) == 16 &&
              offsetof(Texture, compression) == 20);
static_assert(sizeof(Mesh) == 12);
static_assert(offsetof(Mesh, index_count) == 4 && offsetof(Mesh, material) == 8);
static_assert(sizeof(Material) == 16);
static_assert(offsetof(Material, normal_texture) == 4 && offsetof(Material, pbr_texture) == 8 &&
              offsetof(Material, type) == 12);
static_assert(sizeof(Joint) == 196);
static_assert(offsetof(Joint, inverse_bind) == 128 && offsetof(Joint, parent) == 192);
static_assert(sizeof(Animation) == 132);
static_assert(offsetof(Animation, duration) == 128);
static_assert(sizeof(Track) == 16);
static_assert(offsetof(Track, translation_count) == 4 && offsetof(Track, rotation_count) == 8 &&
              offsetof(Track, scale_count) == 12);
static_assert(sizeof(Keyframe) == 20);
static_assert(offsetof(Keyframe, value) == 4);

template <class T>
inline constexpr bool kIsRecord = std::is_trivially_copyable_v<T> && std::is_standard_layout_v<T>;
static_assert(kIsRecord<Header> && kIsRecord<Vertex> && kIsRecord<Texture> && kIsRecord<Mesh> &&
              kIsRecord<Material> && kIsRecord<Joint> && kIsRecord<Animation> &&
              kIsRecord<Track> && kIsRecord<Keyframe>);

}  // namespace aem
