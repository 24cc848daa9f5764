#include "extension_contents.hpp"

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "shortest_number.hpp"

namespace aem::cli {
namespace {

const char* encoding_name(VertexColourEncoding encoding) {
  switch (encoding) {
    case VertexColourEncoding::rgba8: return "rgba8";
    case VertexColourEncoding::rgba16: return "rgba16";
    case VertexColourEncoding::rgba32f: return "rgba32f";
  }
  return "unknown";
}

nlohmann::ordered_json vertex_colours_contents(const Model& model) {
  const std::optional<VertexColoursView> view = vertex_colours_of(model);
  if (!view) return nullptr;
  return {{"vertices", view->size()}, {"encoding", encoding_name(view->encoding())}};
}

// Counts of the second set: vertices, and the materials that sample any texture with it.
nlohmann::ordered_json uv1_contents(const Model& model) {
  const std::optional<Uv1View> view = uv1_of(model);
  if (!view) return nullptr;
  std::size_t using_set_1 = 0;
  for (const Uv1Material& m : view->materials)
    using_set_1 += (m.base_colour_set | m.normal_set | m.pbr_set | m.occlusion_set) != 0;
  return {{"vertices", view->header.vertex_count}, {"materials using set 1", using_set_1}};
}

// Totals of the levels: the meshes that have some, the levels, the indices they use.
nlohmann::ordered_json lods_contents(const Model& model) {
  const std::optional<LodsView> view = lods_of(model);
  if (!view) return nullptr;
  std::size_t meshes = 0;
  for (const LodMesh& m : view->meshes) meshes += m.level_count > 0;
  return {{"meshes with levels", meshes}, {"levels", view->header.level_count}, {"indices", view->header.index_count}};
}

// Totals of the meshlets: the limits they were built to, the meshes that have some, the levels
// (groups), meshlets, vertex indices and triangles.
nlohmann::ordered_json meshlets_contents(const Model& model) {
  const std::optional<MeshletsView> view = meshlets_of(model);
  if (!view) return nullptr;
  std::size_t meshes = 0;
  for (const MeshletMesh& m : view->meshes) meshes += m.group_count > 0;
  const MeshletsHeader& h = view->header;
  return {{"max_vertices", h.max_vertices}, {"max_triangles", h.max_triangles}, {"meshes with meshlets", meshes},
          {"levels", h.group_count}, {"meshlets", h.meshlet_count}, {"vertices", h.vertex_count},
          {"triangles", h.triangle_count}};
}

}  // namespace

nlohmann::ordered_json mesh_meshlets_json(const Model& model, std::uint32_t mesh) {
  const std::optional<MeshletsView> view = meshlets_of(model);
  if (!view) return nullptr;
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  if (mesh < view->meshes.size())
    for (std::uint32_t level = 0; level < view->meshes[mesh].group_count; ++level)
      out.push_back(view->meshlets_of(mesh, level).size());
  return out;
}

std::string mesh_meshlets_text(const Model& model, std::uint32_t mesh) {
  const std::optional<MeshletsView> view = meshlets_of(model);
  if (!view || mesh >= view->meshes.size() || view->meshes[mesh].group_count == 0) return {};
  std::string text = "  meshlets";
  for (std::uint32_t level = 0; level < view->meshes[mesh].group_count; ++level)
    text += (level > 0 ? ", " : " ") + std::to_string(view->meshlets_of(mesh, level).size());
  return text + " (" + std::to_string(view->header.max_vertices) + " vertices / " +
         std::to_string(view->header.max_triangles) + " triangles)";
}

nlohmann::ordered_json mesh_lods_json(const Model& model, std::uint32_t mesh) {
  const std::optional<LodsView> view = lods_of(model);
  if (!view) return nullptr;
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const LodLevel& level : view->levels_of(mesh))
    out.push_back({{"triangles", level.triangle_count()}, {"error", shortest_double(level.error)}});
  return out;
}

std::string mesh_lods_text(const Model& model, std::uint32_t mesh) {
  const std::optional<LodsView> view = lods_of(model);
  if (!view || view->levels_of(mesh).empty()) return {};
  std::string text = "  lods";
  for (const LodLevel& level : view->levels_of(mesh))
    text += (text.size() > 6 ? ", " : " ") + std::to_string(level.triangle_count()) + " (error " +
            shortest_text(level.error) + ")";
  return text;
}

nlohmann::ordered_json extension_contents(const Model& model, std::string_view name) {
  if (name == kLodsExtension) return lods_contents(model);
  if (name == kMeshletsExtension) return meshlets_contents(model);
  if (name == kVertexColoursExtension) return vertex_colours_contents(model);
  if (name == kUv1Extension) return uv1_contents(model);
  return nullptr;
}

}  // namespace aem::cli
