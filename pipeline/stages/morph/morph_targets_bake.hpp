#pragma once
// The `morph_targets` content of a bake (specs/aem-extensions.md section 4): each group's targets
// over the final vertices, dense or sparse by the spec's size rule, and the weight tracks of every
// baked animation × group, from the geometry builder's MorphSources and the optimised vertices'
// "morph source" stream.
#include <span>
#include <vector>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/model_content.hpp"
#include "stages/morph/morph_sources.hpp"

namespace aem::pipeline {

// A group's targets span its vertices [first, last]; a target is sparse when k × (4 + d) < span × d
// (k: vertices whose deltas are not all exactly zero, d: bytes of one vertex's deltas), and -0
// deltas are stored as +0. A target stores only the attributes it moves (position alone when it
// moves nothing). A group none of whose vertices survived the optimiser is left out.
// Weight tracks: a baked animation's `weights` channel on a group's node (the first one; a second
// is warned about), none (0 keys) without one; each animation's duration grows to its last weight
// key. A `weights` channel on a node without a group is ignored with a warning. Empty content when
// `sources` has no group. Throws BakeError for a sampler that does not fit its targets.
MorphTargetsContent bake_morph_targets(const Scene& scene, const MorphSources& sources,
                                       std::span<const VertexStream> streams, std::size_t vertex_count,
                                       std::vector<AnimationDesc>& animations, const BakeOptions& options,
                                       WarningLog& warnings);

}  // namespace aem::pipeline
