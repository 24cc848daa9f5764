#pragma once
// glTF animations to AEM keys, one track per joint. LINEAR channels are copied; STEP channels
// become linear keys with the jump held by a repeated key time (exact for a sampler that takes
// the last key at or before t, as AEM's does); CUBICSPLINE channels are resampled by bisecting
// each segment until linear (or, for rotations, normalised-lerp) interpolation is within the
// tolerance of the Hermite curve at the segment's quarter points. The tolerance is absolute for
// rotations and relative to max(1, the channel's value range) for translations and scales.
// Every track gets at least one key of each kind (the joint's rest value at time 0); a
// duration is the animation's last key time. An animation without channels is dropped with a
// warning. All tracks' keys together (three rest keys per joint and animation, checked before
// any track is allocated, then each channel's keys as they are made) must stay within
// BakeOptions::limits.max_animation_keys, or the bake fails with a BakeError.
#include <vector>

#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/model_content.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "stages/animation/skeleton_builder.hpp"

namespace aem::pipeline {

// The scene's animations that the bake keeps (those with channels), in order: AnimationDesc i
// of bake_animations comes from scene animation baked_animation_indices(scene)[i].
std::vector<std::size_t> baked_animation_indices(const Scene& scene);

// `weights` channels are left to the morph targets (bake_morph_weights), or dropped with a
// warning under BakeOptions::version_1_only.
std::vector<AnimationDesc> bake_animations(const Scene& scene, const SkeletonBuild& skeleton,
                                           const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
