#pragma once
// What a known extension of an opened model holds, as `aem info` and `aem validate` show it beside
// its directory entry: counts and kinds (vertex colours' encoding, the UV sets...), from the
// runtime's typed views.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "aem/model.hpp"

namespace aem::cli {

// The contents of the extension `name` of `model` as a JSON object; null for an extension this
// reader does not know (or whose payload the view cannot read: a trusted open of a bad file).
nlohmann::ordered_json extension_contents(const Model& model, std::string_view name);

// Mesh `mesh`'s levels of detail 1..n as [{"triangles", "error"}] (error in the model's units);
// null when the model has no `lods` extension (an empty array for a mesh without levels).
nlohmann::ordered_json mesh_lods_json(const Model& model, std::uint32_t mesh);
// The same as text for a mesh's line of `aem info`: "  lods 2106 (error 0.0012), 1053 (0.0031)"
// (triangles and error per level); empty when the mesh has no levels.
std::string mesh_lods_text(const Model& model, std::uint32_t mesh);
// Mesh `mesh`'s meshlet counts per level (level 0 first) as a JSON array; null when the model has
// no `meshlets` extension (an empty array for a mesh without meshlets).
nlohmann::ordered_json mesh_meshlets_json(const Model& model, std::uint32_t mesh);
// The same as text for a mesh's line of `aem info`: "  meshlets 37, 20, 11 (64 vertices / 124
// triangles)" (one count per level, then the limits); empty when the mesh has none.
std::string mesh_meshlets_text(const Model& model, std::uint32_t mesh);

}  // namespace aem::cli
