#include "view/inspection_mode.hpp"

#include <array>

namespace aem::viewer {
namespace {
constexpr std::array<std::string_view, kInspectionModeCount> kNames = {
    "lit", "base-color", "opacity", "normal-map", "roughness", "occlusion",
    "metalness", "emissive", "normals", "tangents", "bitangents", "uv", "vertex-colour", "meshlets"};
}

std::string_view name(InspectionMode mode) { return kNames[std::size_t(mode)]; }

std::optional<InspectionMode> parse_inspection_mode(std::string_view text) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == text) return InspectionMode(i);
  }
  return std::nullopt;
}

}  // namespace aem::viewer
