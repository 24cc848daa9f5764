// The vertex colour, second UV set, emission and material flag functions of aem/aem.h, over the
// runtime's views of those extensions. A trusted open has not checked the payloads, so every
// record read here is first found inside its payload.
#include <cstring>
#include <optional>
#include <span>

#include "aem/aem.h"
#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "c_api/c_api_boundary.hpp"
#include "c_api/c_api_model.hpp"

namespace {

using aem::c_api::fail;

aem_status check_material(const aem_model* model, uint32_t material, const void* out) {
  if (model == nullptr || out == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model or out pointer");
  if (material >= model->model.materials().size())
    return fail(AEM_ERROR_OUT_OF_RANGE, "material %u is out of range (%u materials)", material,
                static_cast<unsigned>(model->model.materials().size()));
  return AEM_OK;
}

// Record `index` of a payload made of `Record`s from its start (emissive, material_flags): copied
// into `out`; `found` false when the payload is absent. Fails when it is too short.
template <class Record>
aem_status read_record(const aem::Model& model, std::string_view extension, uint32_t index, Record& out, bool& found) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(extension);
  found = payload.has_value();
  if (!found) return AEM_OK;
  if (payload->size() < (std::size_t(index) + 1) * sizeof(Record))
    return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the %.*s payload is too short for material %u",
                static_cast<int>(extension.size()), extension.data(), index);
  std::memcpy(&out, payload->data() + std::size_t(index) * sizeof(Record), sizeof(Record));
  return AEM_OK;
}

}  // namespace

extern "C" {

aem_status aem_model_vertex_colours(const aem_model* model, aem_vertex_colours* out) {
  if (model == nullptr || out == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model or out pointer");
  *out = {};
  const std::optional<aem::VertexColoursView> colours = aem::vertex_colours_of(model->model);
  if (!colours) {
    if (model->model.extension_payload(aem::kVertexColoursExtension))
      return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the vertex_colours payload is too short for its vertices");
    return AEM_OK;
  }
  out->encoding = colours->header.encoding;
  out->vertex_count = colours->header.vertex_count;
  out->data = !colours->rgba8.empty()    ? static_cast<const void*>(colours->rgba8.data())
              : !colours->rgba16.empty() ? static_cast<const void*>(colours->rgba16.data())
                                         : static_cast<const void*>(colours->rgba32f.data());
  return AEM_OK;
}

aem_status aem_model_uv1(const aem_model* model, const float** out_uvs, uint32_t* out_vertex_count) {
  if (model == nullptr || out_uvs == nullptr || out_vertex_count == nullptr)
    return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model or out pointer");
  *out_uvs = nullptr;
  *out_vertex_count = 0;
  const std::optional<aem::Uv1View> uv1 = aem::uv1_of(model->model);
  if (!uv1) {
    if (model->model.extension_payload(aem::kUv1Extension))
      return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the uv1 payload is too short for its counts");
    return AEM_OK;
  }
  *out_uvs = uv1->uvs.data();
  *out_vertex_count = uv1->header.vertex_count;
  return AEM_OK;
}

aem_status aem_material_uv1(const aem_model* model, uint32_t material, aem_uv1_material* out) {
  if (const aem_status status = check_material(model, material, out); status != AEM_OK) return status;
  *out = {0, 0, 0, 0, AEM_NO_TEXTURE, {0, 0}};
  const std::optional<aem::Uv1View> uv1 = aem::uv1_of(model->model);
  if (!uv1) {
    if (model->model.extension_payload(aem::kUv1Extension))
      return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the uv1 payload is too short for its counts");
    return AEM_OK;
  }
  if (material >= uv1->materials.size())
    return fail(AEM_ERROR_BAD_EXTENSION_PAYLOAD, "the uv1 payload has no record for material %u", material);
  std::memcpy(out, &uv1->materials[material], sizeof *out);
  return AEM_OK;
}

aem_status aem_material_emissive(const aem_model* model, uint32_t material, aem_emissive* out) {
  if (const aem_status status = check_material(model, material, out); status != AEM_OK) return status;
  aem::EmissiveRecord record{};
  bool found = false;
  const aem_status status = read_record(model->model, aem::kEmissiveExtension, material, record, found);
  *out = {};
  if (status == AEM_OK && found) std::memcpy(out, &record, sizeof *out);
  return status;
}

aem_status aem_material_flags(const aem_model* model, uint32_t material, uint32_t* out_flags) {
  if (const aem_status status = check_material(model, material, out_flags); status != AEM_OK) return status;
  std::uint32_t flags = 0;
  bool found = false;
  const aem_status status = read_record(model->model, aem::kMaterialFlagsExtension, material, flags, found);
  *out_flags = found && status == AEM_OK ? flags : 0;
  return status;
}

}  // extern "C"
