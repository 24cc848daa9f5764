// The meshlets of aem/aem.h, over the runtime's view of the `meshlets` extension (found once at
// open, c_api_model.hpp). aem_meshlet is aem::Meshlet, offset for offset
// (test/runtime/c_api_layout_test.cpp), so the payload's arrays are handed out in place.
#include <array>
#include <cstdint>
#include <cstring>
#include <span>

#include "aem/aem.h"
#include "aem/ext_meshlets.hpp"
#include "c_api/c_api_boundary.hpp"
#include "c_api/c_api_model.hpp"

namespace {

using aem::c_api::fail;

static_assert(sizeof(aem_meshlet) == sizeof(aem::Meshlet) && alignof(aem_meshlet) == alignof(aem::Meshlet));
static_assert(AEM_MESHLET_VERTEX_LIMIT == aem::kMeshletVertexLimit &&
              AEM_MESHLET_TRIANGLE_LIMIT == aem::kMeshletTriangleLimit);

// The view after the checks every function here shares; NULL (with AEM_OK) without the extension.
aem_status meshlets_view(const aem_model* model, const void* out, const aem::MeshletsView*& view) {
  view = nullptr;
  if (model == nullptr || out == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model or out pointer");
  if (!model->meshlets.view && model->meshlets.present)
    return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the meshlets payload's records lie outside it");
  if (model->meshlets.view) view = &*model->meshlets.view;
  return AEM_OK;
}

template <class T>
const T* data_or_null(std::span<const T> items) {
  return items.empty() ? nullptr : items.data();
}

}  // namespace

extern "C" {

aem_status aem_model_meshlets(const aem_model* model, aem_meshlets* out) {
  const aem::MeshletsView* view = nullptr;
  if (const aem_status status = meshlets_view(model, out, view); status != AEM_OK) return status;
  *out = {};
  if (view == nullptr) return AEM_OK;
  out->max_vertices = view->header.max_vertices;
  out->max_triangles = view->header.max_triangles;
  out->meshlets = reinterpret_cast<const aem_meshlet*>(data_or_null(view->meshlets));
  out->meshlet_count = static_cast<uint32_t>(view->meshlets.size());
  out->vertices = data_or_null(view->vertices);
  out->vertex_count = static_cast<uint32_t>(view->vertices.size());
  out->triangles = data_or_null(view->triangles);
  out->triangle_count = static_cast<uint32_t>(view->triangles.size());
  return AEM_OK;
}

aem_status aem_mesh_meshlets(const aem_model* model, uint32_t mesh, uint32_t level, const aem_meshlet** out_meshlets,
                             uint32_t* out_count) {
  uint32_t levels = 0;
  if (out_meshlets == nullptr || out_count == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL out pointer");
  *out_meshlets = nullptr;
  *out_count = 0;
  if (const aem_status status = aem_mesh_lod_count(model, mesh, &levels); status != AEM_OK) return status;
  if (level >= levels) return fail(AEM_ERROR_OUT_OF_RANGE, "mesh %u has no level %u (%u levels)", mesh, level, levels);
  const aem::MeshletsView* view = nullptr;
  if (const aem_status status = meshlets_view(model, out_meshlets, view); status != AEM_OK) return status;
  if (view == nullptr) return AEM_OK;
  const std::span<const aem::Meshlet> meshlets = view->meshlets_of(mesh, level);
  *out_meshlets = reinterpret_cast<const aem_meshlet*>(data_or_null(meshlets));
  *out_count = static_cast<uint32_t>(meshlets.size());
  return AEM_OK;
}

int aem_meshlet_faces_away(const aem_meshlet* meshlet, const float eye[3]) {
  if (meshlet == nullptr || eye == nullptr) return 0;
  aem::Meshlet record;
  std::memcpy(&record, meshlet, sizeof record);
  return aem::faces_away(record, {eye[0], eye[1], eye[2]}) ? 1 : 0;
}

}  // extern "C"
