// The levels of detail of aem/aem.h, over the runtime's view of the `lods` extension (found once
// at open, c_api_model.hpp). Level 0 is the mesh's own version-1 range, so a caller walks 0..n
// with one call whatever level it draws.
#include <cstdint>
#include <span>

#include "aem/aem.h"
#include "aem/ext_lods.hpp"
#include "c_api/c_api_boundary.hpp"
#include "c_api/c_api_model.hpp"

namespace {

using aem::c_api::fail;

// Mesh `mesh`'s levels 1..n into `levels` (empty without the extension), after the checks every
// function here shares: a model and an out pointer, a mesh it has, a payload whose view was found.
aem_status mesh_levels(const aem_model* model, std::uint32_t mesh, const void* out,
                       std::span<const aem::LodLevel>& levels) {
  if (model == nullptr || out == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model or out pointer");
  if (mesh >= model->model.meshes().size())
    return fail(AEM_ERROR_OUT_OF_RANGE, "mesh %u is out of range (%u meshes)", mesh,
                static_cast<unsigned>(model->model.meshes().size()));
  if (!model->lods.view) {
    if (model->lods.present)
      return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the lods payload's records lie outside it");
    levels = {};
    return AEM_OK;
  }
  levels = model->lods.view->levels_of(mesh);
  return AEM_OK;
}

}  // namespace

extern "C" {

aem_status aem_mesh_lod_count(const aem_model* model, uint32_t mesh, uint32_t* out_count) {
  std::span<const aem::LodLevel> levels;
  if (const aem_status status = mesh_levels(model, mesh, out_count, levels); status != AEM_OK) return status;
  *out_count = static_cast<uint32_t>(1 + levels.size());
  return AEM_OK;
}

aem_status aem_mesh_lod(const aem_model* model, uint32_t mesh, uint32_t level, aem_lod* out_lod) {
  std::span<const aem::LodLevel> levels;
  if (const aem_status status = mesh_levels(model, mesh, out_lod, levels); status != AEM_OK) return status;
  if (level > levels.size())
    return fail(AEM_ERROR_OUT_OF_RANGE, "mesh %u has no level %u (%u levels)", mesh, level,
                static_cast<unsigned>(1 + levels.size()));
  std::span<const std::uint32_t> indices;
  float error = 0.0f;
  if (level == 0) {
    const aem::Mesh& own = model->model.meshes()[mesh];
    const std::span<const std::uint32_t> all = model->model.indices();
    // A validated open guarantees the range; a trusted one is checked here.
    if (std::uint64_t(own.first_index) + own.index_count > all.size())
      return fail(AEM_ERROR_MESH_OUT_OF_RANGE, "mesh %u's indices run past the index section", mesh);
    indices = all.subspan(own.first_index, own.index_count);
  } else {
    indices = model->lods.view->indices_of(levels[level - 1]);
    error = levels[level - 1].error;
  }
  *out_lod = {indices.empty() ? nullptr : indices.data(), static_cast<uint32_t>(indices.size()),
              static_cast<uint32_t>(indices.size() / 3), error};
  return AEM_OK;
}

aem_status aem_lod_for(const aem_model* model, uint32_t mesh, float allowed_error, uint32_t* out_level) {
  std::span<const aem::LodLevel> levels;
  if (const aem_status status = mesh_levels(model, mesh, out_level, levels); status != AEM_OK) return status;
  *out_level = aem::lod_for(levels, allowed_error);
  return AEM_OK;
}

float aem_allowed_object_error(float pixels, float distance, float vertical_fov, float viewport_height) {
  return aem::allowed_object_error(pixels, distance, vertical_fov, viewport_height);
}

}  // extern "C"
