#pragma once
// A glTF `weights` sampler as the linear keys of a `morph_targets` weight track: each key its time,
// then one weight per target. Turned into linear keys by the joint tracks' rule (specs/animation.md,
// animation_baker.hpp): LINEAR copied; STEP with each jump held by a repeated key time; CUBICSPLINE
// bisected per segment until linear interpolation is within the tolerance (relative to max(1, the
// weights' range)) of the Hermite curve at the quarter points, at most 2^10 keys a segment.
#include <cstddef>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// The keys of `sampler` for `target_count` targets, (1 + target_count) floats each. Throws
// BakeError (`sampler_at` starts the message) for an output that is not target_count weights
// (3 × that for CUBICSPLINE) per key time, times that are negative, not finite or decreasing,
// and weights that are not finite.
std::vector<float> morph_weight_keys(const Scene& scene, const AnimationSampler& sampler, std::size_t target_count,
                                     double resample_tolerance, const std::string& sampler_at);

}  // namespace aem::pipeline
