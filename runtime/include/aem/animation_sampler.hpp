#pragma once
// Samples one animation of a model into local joint transforms, straight from the mapped keys.
//
// Two paths, both O(1) per joint and frame when playing forward:
// - Animations whose animated tracks all share one set of key times (what most exporters and
//   our pipeline produce) search that set once per frame; every joint then interpolates between
//   the same pair of keys, and kinds with a single key hold it.
// - Otherwise each (joint, key kind) remembers the pair of keys the last sample fell between and
//   the reciprocal of their time span, and steps forward as playback moves on.
// A jump (a loop wrapping, scrubbing) falls back to a binary search. Rotations use shortest-path
// slerp; translations and scales interpolate linearly. A kind without keys yields identity
// (zero translation, no rotation, unit scale).
//
//   aem::AnimationSampler sampler(model);                          // allocates once
//   sampler.sample(animation, time, aem::Playback::loop, locals);  // every frame
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
  // Prepares for every animation of `model`, which must be validated (the default) and must
  // outlive the sampler. Allocates here and nowhere else; reads each animation's key times once.
  explicit AnimationSampler(const Model& model);

  // Writes every joint's local transform for `animation` at `time` (wrapped or clamped by
  // `playback`) into `locals`, which holds the model's joint count. Throws std::out_of_range for
  // an animation index past the model's and std::invalid_argument for a mismatched size; never
  // allocates.
  void sample(std::uint32_t animation, float time, Playback playback, std::span<Transform> locals);

  // Per-joint running sums of a weighted blend (the mixer's), one element per joint each.
  struct BlendSums {
    std::span<Vec3> translation;
    std::span<Vec3> scale;
    std::span<Quat> rotation;
    std::span<float> weight;

    // Adds w times one pose of joint j. q and -q are the same rotation: the one on the side of
    // what is summed so far is added, so opposite signs never cancel out.
    void add(std::size_t j, const Vec3& t, const Quat& r, const Vec3& s, float w) const {
      Vec3& st = translation[j];
      Vec3& ss = scale[j];
      Quat& sr = rotation[j];
      st = {st.x + t.x * w, st.y + t.y * w, st.z + t.z * w};
      ss = {ss.x + s.x * w, ss.y + s.y * w, ss.z + s.z * w};
      const float signed_w = dot(sr, r) < 0 ? -w : w;
      sr = {sr.x + r.x * signed_w, sr.y + r.y * signed_w, sr.z + r.z * signed_w, sr.w + r.w * signed_w};
      weight[j] += w;
    }
  };
  // Adds `weight` (times mask[j] where a mask is given) of the pose at `time` to `sums`, each
  // rotation flipped into the hemisphere of its running sum. Same rules and errors as sample().
  void accumulate(std::uint32_t animation, float time, Playback playback, float weight,
                  std::span<const float> mask, const BlendSums& sums);

  // Forgets the remembered key positions (the next sample searches).
  void reset();

  // Whether all animated tracks of `animation` share one set of key times (the fast path).
  bool has_shared_key_times(std::uint32_t animation) const;

  // The keys one (joint, kind) currently interpolates: values a and b between times start and
  // end (unbounded while holding the first or last key, or when there are no keys).
  struct Segment {
    const float* a = nullptr;
    const float* b = nullptr;
    float start = 1;  // start > end: empty, so the first sample searches
    float end = 0;
    float inverse_span = 0;
    std::uint32_t index = 0;  // key a's index within its kind
  };

 private:
  // The key times every animated track of one animation uses, if they all use the same ones.
  struct SharedTimes {
    const Keyframe* keys = nullptr;  // any one track's keys of a kind with `count` keys
    std::uint32_t count = 0;         // 0: the tracks do not share their times
  };

  // Checks the arguments, binds the segments to `animation` and returns the playback time.
  float prepare(std::uint32_t animation, float time, Playback playback, std::size_t joints);
  // Calls emit(joint, translation, rotation, scale) for every joint, in order.
  template <class Emit>
  void for_each_pose(std::uint32_t animation, float t, Emit&& emit);
  template <class Emit>
  void for_each_shared(std::uint32_t animation, float t, Emit&& emit);
  template <class Emit>
  void for_each_separate(std::uint32_t animation, float t, Emit&& emit);

  const Model* model_ = nullptr;
  std::vector<SharedTimes> shared_times_;  // per animation
  std::vector<Segment> segments_;          // 3 per joint: translation, rotation, scale
  Segment shared_segment_;                 // over the shared times
  std::uint32_t bound_animation_ = 0;      // the animation the segments point into
};

}  // namespace aem
