#pragma once
// Samples one animation of a model into local joint transforms, straight from the mapped keys.
//
// Joints are sampled four at a time (one per SIMD lane). The sampler keeps, for every joint, the
// two keys it last interpolated between, already transposed for the SIMD lanes; a frame whose
// time still falls between them reads only that cache, and a frame that passes a key fetches
// just the keys that changed from the file. Two ways of finding keys, both O(1) per joint and
// frame when playing forward:
// - Animations whose animated tracks all share one set of key times (what most exporters and
//   our pipeline produce) search that set once per frame; every joint then interpolates between
//   the same pair of keys, and kinds with a single key hold it.
// - Otherwise each (joint, key kind) remembers the pair of keys the last sample fell between and
//   the reciprocal of their time span, and steps forward as playback moves on.
// A jump (a loop wrapping, scrubbing) falls back to a binary search. Rotations use shortest-path
// slerp; translations and scales interpolate linearly. A kind without keys yields identity
// (zero translation, no rotation, unit scale). The results depend only on the animation and
// the time, never on what was sampled before.
//
//   aem::AnimationSampler sampler(model);                          // allocates once
//   sampler.sample(animation, time, aem::Playback::loop, locals);  // every frame
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "aem/export.h"
#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "aem/transform.hpp"
#include "aem/transform4.hpp"

namespace aem {

enum class Playback { loop, clamp };

// The time within [0, duration] at which an animation playing to `time` is: wrapped for loop,
// clamped otherwise. Non-finite times and non-positive durations give 0.
AEM_API float playback_time(float time, float duration, Playback playback);

class AEM_API AnimationSampler {
 public:
  AnimationSampler() = default;
  // Prepares for every animation of `model`, which must be validated (the default) and must
  // outlive the sampler. Allocates here and nowhere else. Linear in the file's size, whatever
  // its tracks share: tracks using the same keys are compared once, and comparing key times
  // stops at a few reads per key in the file (the animation then takes the per-track path).
  // Copies share what was prepared and keep their own playback positions.
  explicit AnimationSampler(const Model& model);

  // Writes every joint's local transform for `animation` at `time` (wrapped or clamped by
  // `playback`) into `locals`, which holds the model's joint count. Throws std::out_of_range for
  // an animation index past the model's and std::invalid_argument for a mismatched size; never
  // allocates.
  void sample(std::uint32_t animation, float time, Playback playback, std::span<Transform> locals);
  // The same, four joints to a group: `locals` holds group_count(joint count) groups. This is
  // the form the mixer and Skeleton::local_to_skinning work in, and the fastest.
  void sample(std::uint32_t animation, float time, Playback playback, std::span<Transform4> locals);

  // Adds `weight` (times mask[j] where a mask is given; weights <= 0 add nothing) of the pose at
  // `time` to `sums` (group_count(joint count) groups), each rotation flipped into the hemisphere
  // of its running sum. The mask holds one weight per joint or is empty. Same rules and errors
  // as sample().
  void accumulate(std::uint32_t animation, float time, Playback playback, float weight,
                  std::span<const float> mask, std::span<BlendSum4> sums);

  // Morph target weights (the morph_targets extension, aem/ext_morph_targets.hpp), from the weight
  // tracks: linear between keys, the end keys held outside them, the targets' default weights
  // where a track has no keys. The same time rules as the joints; never allocates. A key search
  // starts from where the group's last sample was, so playing forward is O(1) per group.
  // How many targets the model has (0 without the extension).
  std::size_t morph_target_count() const noexcept { return morphs_ ? morphs_->targets.size() : 0; }
  // The weights of `group`'s targets in `animation` at `time` (the group's target_count of them).
  // Throws std::out_of_range for an animation or group the model does not have and
  // std::invalid_argument for a mismatched size.
  void sample_morph_weights(std::uint32_t animation, std::uint32_t group, float time, Playback playback,
                            std::span<float> weights);
  // Every target's weight, in target order (morph_target_count() of them).
  void sample_morph_weights(std::uint32_t animation, float time, Playback playback, std::span<float> weights);
  // Adds `weight` times every target's weight at `time` to `sums` (morph_target_count() of them);
  // weights <= 0 add nothing.
  void accumulate_morph_weights(std::uint32_t animation, float time, Playback playback, float weight,
                                std::span<float> sums);

  // Forgets the remembered key positions (the next sample searches).
  void reset();

  // Whether all animated tracks of `animation` share one set of key times (the fast path).
  bool has_shared_key_times(std::uint32_t animation) const;

  // The keys one (joint, kind) interpolates: values a and b between times start and end
  // (unbounded while holding the first or last key, or when there are no keys).
  struct Segment {
    const float* a = nullptr;
    const float* b = nullptr;
    float start = 1;  // start > end: empty, so the first sample searches
    float end = 0;
    float inverse_span = 0;
    std::uint32_t index = 0;  // key a's index within its kind
  };

 private:
  // What the constructor works out about the model's animations, shared by copies (the mixer
  // gives each layer one).
  struct Plan;

  // Checks the animation and that an output's `size` is `expected`, binds the segments to
  // `animation` and returns the playback time.
  float prepare(std::uint32_t animation, float time, Playback playback, std::size_t size,
                std::size_t expected, const char* what);
  std::size_t joint_count() const;
  // Calls emit(group, lanes, pose) for every group of four joints, in order, with the pose in
  // registers (a simd::Pose4; lanes past the last joint hold the identity).
  template <class Emit>
  void for_each_pose(std::uint32_t animation, float t, Emit&& emit);
  template <class Emit>
  void for_each_shared(std::uint32_t animation, float t, Emit&& emit);
  template <class Emit>
  void for_each_separate(std::uint32_t animation, float t, Emit&& emit);
  // Moves the segments of `group`'s lanes and kinds whose bits are set in `stale`
  // (bit 4 * kind + lane) to the keys around t, for an animation without shared key times.
  void find_lane_segments(std::size_t group, const Track* tracks, float t, std::uint32_t stale);

  // Where each lane's two cached keys lie in time, by kind (translation, rotation, scale), for
  // animations without shared key times: the segments' start, end and inverse_span, transposed.
  struct alignas(16) LaneSpans {
    float start[3][4];
    float end[3][4];  // start > end: nothing cached, the next sample searches
    float inverse_span[3][4];
  };
  static constexpr std::uint32_t kNothingCached = ~std::uint32_t{0};

  // The two keys around `t` in one weight track (b's weights and a fraction of the way to them),
  // or none when the track has no keys.
  struct WeightKeys {
    const float* a = nullptr;  // the earlier key's weights; nullptr: the default weights
    const float* b = nullptr;
    float fraction = 0;
  };
  WeightKeys weight_keys(std::uint32_t animation, std::uint32_t group, float t);
  // Checks `animation` and returns the playback time for the weight tracks.
  float prepare_weights(std::uint32_t animation, float time, Playback playback, std::size_t size, std::size_t expected);
  template <class Write>
  void for_each_morph_weight(std::uint32_t animation, std::uint32_t group, float t, Write&& write);

  const Model* model_ = nullptr;
  std::shared_ptr<const Plan> plan_;
  std::optional<MorphTargetsView> morphs_;
  std::vector<std::uint32_t> weight_cursor_;  // per morph group: the key its last sample was at or after
  std::uint32_t bound_animation_ = 0;  // the animation the cache holds keys of
  // The cache: per group, two Transform4 slots holding the keys every lane interpolates
  // between; keys_[2 * group + from_slot_] is the earlier.
  std::vector<Transform4> keys_;
  std::uint32_t from_slot_ = 0;
  // Shared key times: the search position over them, and the pair of key indices cached.
  Segment shared_segment_;
  std::uint32_t cached_from_ = kNothingCached, cached_to_ = kNothingCached;
  // Without shared key times (allocated only if the model has such animations): per group, and
  // per lane and kind, 12 to a group.
  std::vector<LaneSpans> spans_;
  std::vector<Segment> segments_;
};

}  // namespace aem
