#pragma once
// Samples one animation of a model into local joint transforms, straight from the mapped keys.
//
// Each (joint, key kind) remembers where the last sample found its keys, so playing forward
// costs O(1) per joint and frame; a jump (a loop wrapping, scrubbing) falls back to a binary
// search. Rotations use shortest-path slerp; translations and scales interpolate linearly.
// A kind without keys yields identity (zero translation, no rotation, unit scale).
//
//   aem::AnimationSampler sampler(model.header().joint_count);   // allocates once
//   sampler.sample(model, animation, time, aem::Playback::loop, locals);   // every frame
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/model.hpp"
#include "aem/transform.hpp"

namespace aem {

enum class Playback { loop, clamp };

// The time within [0, duration] at which an animation playing to `time` is: wrapped for loop,
// clamped otherwise. Non-finite times and non-positive durations give 0.
float playback_time(float time, float duration, Playback playback);

class AnimationSampler {
 public:
  AnimationSampler() = default;
  explicit AnimationSampler(std::size_t joint_count);

  // Writes every joint's local transform for `animation` at `time` (wrapped or clamped by
  // `playback`). `locals` holds the model's joint count. The model must be validated (the
  // default). Throws std::out_of_range for an animation index past the model's, and
  // std::invalid_argument for mismatched sizes; never allocates.
  void sample(const Model& model, std::uint32_t animation, float time, Playback playback,
              std::span<Transform> locals);

  // Forgets the remembered key positions (the next sample searches).
  void reset();

 private:
  std::vector<std::uint32_t> cursors_;  // 3 per joint: translation, rotation, scale
};

}  // namespace aem
