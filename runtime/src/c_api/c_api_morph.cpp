// The morph target functions of aem/aem.h over aem::morph_targets_of and aem::apply_morph_targets.
#include <algorithm>
#include <optional>
#include <span>

#include "aem/aem.h"
#include "aem/ext_morph_targets.hpp"
#include "aem/morph.hpp"
#include "c_api/c_api_boundary.hpp"
#include "c_api/c_api_model.hpp"

namespace {

using aem::c_api::fail;
using aem::c_api::guarded;

std::optional<aem::MorphTargetsView> morphs_of(const aem_model* model) {
  return model == nullptr ? std::nullopt : aem::morph_targets_of(model->model);
}

std::size_t target_count(const std::optional<aem::MorphTargetsView>& morphs) {
  return morphs ? morphs->targets.size() : 0;
}

}  // namespace

extern "C" {

uint32_t aem_morph_target_count(const aem_model* model) { return uint32_t(target_count(morphs_of(model))); }

const char* aem_morph_target_name(const aem_model* model, uint32_t target, size_t* out_length) {
  if (out_length != nullptr) *out_length = 0;
  const std::optional<aem::MorphTargetsView> morphs = morphs_of(model);
  if (target >= target_count(morphs)) return nullptr;
  const std::string_view name = morphs->name(morphs->targets[target]);
  if (out_length != nullptr) *out_length = name.size();
  return name.data();
}

aem_status aem_morph_default_weights(const aem_model* model, float* weights, size_t count) {
  if (model == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model");
  const std::optional<aem::MorphTargetsView> morphs = morphs_of(model);
  const std::size_t targets = target_count(morphs);
  if (count != targets || (count != 0 && weights == nullptr)) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "weights need %llu floats (one per target), not %llu",
                static_cast<unsigned long long>(targets), static_cast<unsigned long long>(weights == nullptr ? 0 : count));
  }
  if (morphs) aem::default_morph_weights(*morphs, std::span<float>(weights, count));
  return AEM_OK;
}

aem_status aem_morph_apply(const aem_model* model, const float* weights, size_t weight_count, aem_vertex* out_vertices,
                           size_t vertex_count) {
  if (model == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model");
  const std::optional<aem::MorphTargetsView> morphs = morphs_of(model);
  const std::size_t targets = target_count(morphs), vertices = model->model.vertices().size();
  if (weight_count != targets || (targets != 0 && weights == nullptr)) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "weights need %llu floats (one per target), not %llu",
                static_cast<unsigned long long>(targets), static_cast<unsigned long long>(weights == nullptr ? 0 : weight_count));
  }
  if (vertex_count != vertices || (vertices != 0 && out_vertices == nullptr)) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "the output needs %llu vertices, not %llu", static_cast<unsigned long long>(vertices),
                static_cast<unsigned long long>(out_vertices == nullptr ? 0 : vertex_count));
  }
  const std::span<aem::Vertex> out(reinterpret_cast<aem::Vertex*>(out_vertices), vertex_count);
  if (!morphs) {
    std::copy(model->model.vertices().begin(), model->model.vertices().end(), out.begin());
    return AEM_OK;
  }
  return guarded([&] {
    aem::apply_morph_targets(*morphs, model->model.vertices(), std::span<const float>(weights, weight_count), out);
    return AEM_OK;
  });
}

}  // extern "C"
