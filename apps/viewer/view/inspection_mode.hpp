#pragma once
// What the model's pixels show: the lit PBR result, or one input channel as raw values.
#include <optional>
#include <string_view>

namespace aem::viewer {

// The numbering is the shader's u_mode.
enum class InspectionMode {
  lit = 0,
  base_color,   // the stored sRGB texel, unlit
  opacity,      // base color alpha, grey
  normal_map,   // the normal texture's X, Y and reconstructed Z, * 0.5 + 0.5
  roughness,    // PBR R, grey
  occlusion,    // PBR G, grey
  metalness,    // PBR B, grey
  emissive,     // PBR A, grey
  vertex_normals,  // skinned vertex normal * 0.5 + 0.5
  tangents,
  bitangents,
  uvs,          // fract(u), fract(v), 0
  vertex_colours,  // the vertex colour's RGB (white without the vertex_colours extension)
  meshlets,     // each meshlet of the drawn level in its own colour (grey without the extension)
};
inline constexpr int kInspectionModeCount = 14;

std::string_view name(InspectionMode mode);
// What the meshlets mode says of a model without the `meshlets` extension (drawn grey).
inline constexpr std::string_view kNoMeshletsMessage =
    "meshlets mode: this model has no meshlets (bake it with aem bake --meshlets); drawn grey";
// "lit", "base-color", "opacity", "normal-map", "roughness", "occlusion", "metalness", "emissive",
// "normals", "tangents", "bitangents", "uv", "vertex-colour", "meshlets".
std::optional<InspectionMode> parse_inspection_mode(std::string_view text);

}  // namespace aem::viewer
