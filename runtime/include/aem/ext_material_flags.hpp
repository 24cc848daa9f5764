#pragma once
// The `material_flags` extension (specs/aem-extensions.md section 4): one u32 of flags per
// material. Read in place.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/model.hpp"

namespace aem {

inline constexpr std::string_view kMaterialFlagsExtension = "material_flags";
// KHR_materials_unlit: the renderer outputs base colour × vertex colour, without lighting.
inline constexpr std::uint32_t kMaterialUnlit = 1;
inline constexpr std::uint32_t kKnownMaterialFlags = kMaterialUnlit;  // every other bit is 0

// The flags of each material; nullopt when the file has no `material_flags` extension (every
// material's flags are 0). The model must have been opened with validation.
inline std::optional<std::span<const std::uint32_t>> material_flags_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kMaterialFlagsExtension);
  if (!payload) return std::nullopt;
  return std::span<const std::uint32_t>(reinterpret_cast<const std::uint32_t*>(payload->data()),
                                        model.materials().size());
}

// Whether material `material` is unlit (false for a file without the extension).
inline bool material_unlit(const Model& model, std::uint32_t material) {
  const std::optional<std::span<const std::uint32_t>> flags = material_flags_of(model);
  return flags && ((*flags)[material] & kMaterialUnlit) != 0;
}

}  // namespace aem
