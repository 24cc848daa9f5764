#pragma once
// What `aem info` and `aem validate` say about a model's `morph_targets` extension
// (specs/aem-extensions.md section 4): its groups, and each group's targets by name with their
// default weight, attributes, span and storage, through the runtime's view once the payload has
// passed its checks (`aem validate` opens files without checking payloads).
#include <optional>

#include <nlohmann/json.hpp>

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"

namespace aem::cli {

// Lines under the extension's entry ("    group "Face": 2 targets ..."); nothing without the
// extension. Only for a model whose payloads passed their checks.
void print_morph_targets(const Model& model);
// {"groups": [{"name", "targets": [{"name", "default_weight", "attributes", "first_vertex",
// "vertex_span", "sparse_count" (null when dense)}]}], "target_count", "weight_tracks"}.
nlohmann::ordered_json morph_targets_json(const MorphTargetsView& morphs);

}  // namespace aem::cli
