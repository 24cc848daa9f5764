#pragma once
// The `uv1` extension (specs/aem-extensions.md section 4): a second UV set per vertex of the
// version-1 vertex section, and for each material which set each of its textures samples. Set 0
// is the core Vertex::uv, set 1 this extension's.
//
// Payload layout: a Uv1Header; vertex_count UVs (2 × f32 each); zeros to the next multiple of 16;
// material_count Uv1Material records (16 bytes each).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

class Model;

inline constexpr std::string_view kUv1Extension = "uv1";
inline constexpr std::uint32_t kUv1RecordVersion = 1;
// Uv1Material::occlusion_texture when occlusion is in the PBR texture's G (or absent).
inline constexpr std::uint32_t kUv1NoTexture = 0xFFFFFFFFu;

struct Uv1Header {
  std::uint32_t vertex_count;    // the header's vertex count
  std::uint32_t material_count;  // the header's material count
  std::uint32_t reserved[2];     // 0
};

// Which UV set each texture of a material samples (0: Vertex::uv; 1: this extension's).
struct Uv1Material {
  std::uint8_t base_colour_set;
  std::uint8_t normal_set;
  std::uint8_t pbr_set;            // the packed roughness/metalness (and occlusion when packed there)
  std::uint8_t occlusion_set;
  std::uint32_t occlusion_texture; // kUv1NoTexture, or a texture holding occlusion in R (its own set)
  std::uint32_t reserved[2];       // 0
};

static_assert(sizeof(Uv1Header) == 16 && sizeof(Uv1Material) == 16 && offsetof(Uv1Material, occlusion_set) == 3 &&
              offsetof(Uv1Material, occlusion_texture) == 4);
static_assert(kIsRecord<Uv1Header> && kIsRecord<Uv1Material>);

// Where the material records start: after the UVs, at the next multiple of 16.
inline constexpr std::uint64_t uv1_materials_offset(std::uint32_t vertex_count) {
  return (sizeof(Uv1Header) + std::uint64_t(vertex_count) * 8 + 15) / 16 * 16;
}

// The payload in place. Valid as long as the Model; checked at open unless the open was trusted
// (OpenOptions::validate = false).
struct Uv1View {
  Uv1Header header{};
  std::span<const float> uvs;                 // 2 per vertex
  std::span<const Uv1Material> materials;     // one per material
};

// The model's second UV set, or nullopt when it has none (or, after a trusted open only, when the
// payload is shorter than its header's counts: the spans never leave it).
AEM_API std::optional<Uv1View> uv1_of(const Model& model);

}  // namespace aem
