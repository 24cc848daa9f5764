#pragma once
// Morph targets on the CPU (specs/aem-extensions.md section 4, `morph_targets`): the model's
// vertices moved by weighted targets, before skinning, into the caller's buffer.
//
//   std::vector<float> weights(view->targets.size());
//   aem::default_morph_weights(*view, weights);          // or sampled: AnimationMixer
//   aem::apply_morph_targets(*view, model.vertices(), weights, morphed);  // every frame
#include <span>

#include "aem/export.h"
#include "aem/ext_morph_targets.hpp"
#include "aem/format.hpp"

namespace aem {

// Every target's default weight, in target order (`weights` holds target_count floats; throws
// std::invalid_argument otherwise).
AEM_API void default_morph_weights(const MorphTargetsView& morphs, std::span<float> weights);

// Writes `base` (the model's vertices) into `out` (the same count, not overlapping it) moved by
// the targets of `morphs` with `weights` (one per target, in target order):
//   position' = position + sum of w_i * delta_i, likewise normal and tangent;
// targets whose weight is 0 (or not finite) are skipped. Where a weighted target moves normals or
// tangents, from the lowest first_vertex to the highest span end of such targets, normal and
// tangent are renormalised (a zero vector stays zero) and the bitangent becomes
// cross(normal', tangent') times the handedness of the core bitangent (the sign of
// dot(cross(normal, tangent), bitangent), + for 0). Everything else is copied unchanged.
// The view must be checked (a validated open) and belong to the model `base` comes from.
// Allocates nothing; throws std::invalid_argument for sizes that do not match.
// Four-lane SIMD where the build has it (AEM_SIMD), a portable path otherwise: the same result.
AEM_API void apply_morph_targets(const MorphTargetsView& morphs, std::span<const Vertex> base,
                                 std::span<const float> weights, std::span<Vertex> out);

}  // namespace aem
