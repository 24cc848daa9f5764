#pragma once
// The `emissive` extension (specs/aem-extensions.md section 4): per material, emitted light that
// is not a multiple of the base colour (the core's rule), as glTF states it. Read in place.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/format.hpp"
#include "aem/model.hpp"

namespace aem {

inline constexpr std::string_view kEmissiveExtension = "emissive";
inline constexpr std::uint32_t kNoTexture = 0xFFFFFFFFu;  // "none" in an extension's index

enum class EmissiveMode : std::uint32_t {
  core = 0,    // the core rule: intensity (PBR texture A) × base colour; the record's fields are 0
  record = 1,  // factor × strength × texture.rgb (sRGB decoded; 1 without a texture)
};

// One per material, in material order.
struct EmissiveRecord {
  std::uint32_t mode;       // an EmissiveMode
  float factor[3];          // glTF emissiveFactor, finite, >= 0
  float strength;           // KHR_materials_emissive_strength (1 without it), finite, >= 0
  std::uint32_t texture;    // kNoTexture, or a texture of the table: RGB sRGB emission, A unused
  std::uint32_t uv_set;     // 0 or 1 (1 only with the `uv1` extension)
  std::uint32_t reserved;   // 0
};

static_assert(sizeof(EmissiveRecord) == 32 && offsetof(EmissiveRecord, factor) == 4 &&
              offsetof(EmissiveRecord, strength) == 16 && offsetof(EmissiveRecord, texture) == 20 &&
              offsetof(EmissiveRecord, uv_set) == 24 && offsetof(EmissiveRecord, reserved) == 28);
static_assert(kIsRecord<EmissiveRecord>);

// The records of the model's `emissive` extension, one per material; nullopt when the file has
// none (every material follows the core rule). The model must have been opened with validation.
inline std::optional<std::span<const EmissiveRecord>> emissive_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kEmissiveExtension);
  if (!payload) return std::nullopt;
  return std::span<const EmissiveRecord>(reinterpret_cast<const EmissiveRecord*>(payload->data()),
                                         model.materials().size());
}

}  // namespace aem
