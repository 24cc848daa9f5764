#include "aem/animation_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace aem {
namespace {

using Segment = AnimationSampler::Segment;

constexpr float kInfinity = std::numeric_limits<float>::infinity();
// Start of a segment that holds a value from the beginning of time: finite, so that
// (t - start) * 0 is 0 rather than NaN.
constexpr float kEarliest = std::numeric_limits<float>::lowest();
// Values of a kind without keys: zero translation, identity rotation, unit scale.
constexpr float kZero[4] = {0, 0, 0, 0};
constexpr float kIdentityRotation[4] = {0, 0, 0, 1};
constexpr float kUnitScale[4] = {1, 1, 1, 0};

// Steps a segment may walk forward before a binary search is cheaper.
constexpr std::uint32_t kForwardSteps = 4;

// Index of the last key with time <= t, starting from `from` (keys sorted by time, as validated
// files have them; unsorted keys still stay in bounds). Precondition: keys[0].time <= t.
std::uint32_t find_key(const Keyframe* keys, std::uint32_t count, float t, std::uint32_t from) {
  const auto later = [](float value, const Keyframe& k) { return value < k.time; };
  std::uint32_t i = from < count ? from : 0;
  if (keys[i].time > t) {
    return std::uint32_t(std::upper_bound(keys, keys + i, t, later) - keys) - 1;
  }
  for (std::uint32_t step = 0; i + 1 < count && keys[i + 1].time <= t; ++step, ++i) {
    if (step == kForwardSteps) {
      return std::uint32_t(std::upper_bound(keys + i + 1, keys + count, t, later) - keys) - 1;
    }
  }
  return i;
}

// Points `segment` at the keys around t. Holding a key is a segment from a key to itself with
// a zero span, so the fast path needs no special cases.
void find_segment(const Keyframe* keys, std::uint32_t count, float t, const float* none,
                  Segment& segment) {
  if (count == 0) {
    segment = {none, none, kEarliest, kInfinity, 0, 0};
    return;
  }
  if (t < keys[0].time) {
    segment = {keys[0].value, keys[0].value, kEarliest, keys[0].time, 0, 0};
    return;
  }
  const std::uint32_t i = find_key(keys, count, t, segment.index);
  if (i + 1 == count) {
    segment = {keys[i].value, keys[i].value, keys[i].time, kInfinity, 0, i};
    return;
  }
  // keys[i].time <= t < keys[i + 1].time, so the span is positive.
  segment = {keys[i].value, keys[i + 1].value, keys[i].time, keys[i + 1].time,
             1.0f / (keys[i + 1].time - keys[i].time), i};
}

// The fraction of the way through the segment, refreshing it when t has left it.
[[gnu::always_inline]] inline float segment_fraction(Segment& segment, const Keyframe* keys,
                                                     std::uint32_t count, float t,
                                                     const float* none) {
  if (!(t >= segment.start && t < segment.end)) find_segment(keys, count, t, none, segment);
  return (t - segment.start) * segment.inverse_span;
}

[[gnu::always_inline]] inline Vec3 sample_vec3(Segment& segment, const Keyframe* keys,
                                               std::uint32_t count, float t, const float* none) {
  const float f = segment_fraction(segment, keys, count, t, none);
  const float* a = segment.a;
  const float* b = segment.b;
  return {a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f};
}

[[gnu::always_inline]] inline Quat sample_quat(Segment& segment, const Keyframe* keys,
                                               std::uint32_t count, float t) {
  const float f = segment_fraction(segment, keys, count, t, kIdentityRotation);
  const float* a = segment.a;
  const float* b = segment.b;
  if (f == 0) return {a[0], a[1], a[2], a[3]};  // on a key, or holding one
  return slerp({a[0], a[1], a[2], a[3]}, {b[0], b[1], b[2], b[3]}, f);
}

}  // namespace

float playback_time(float time, float duration, Playback playback) {
  if (!std::isfinite(time) || !std::isfinite(duration) || duration <= 0) return 0;
  if (playback == Playback::clamp) return std::clamp(time, 0.0f, duration);
  float wrapped = std::fmod(time, duration);
  if (wrapped < 0) wrapped += duration;
  return wrapped;
}

namespace {

// The common key times of all tracks of `animation` with more than one key of a kind, or none.
const Keyframe* shared_key_times(const Model& model, std::uint32_t animation, std::uint32_t& count) {
  const Keyframe* reference = nullptr;
  count = 0;
  for (std::uint32_t j = 0; j < model.header().joint_count; ++j) {
    const TrackKeys keys = model.keys(model.track(animation, j));
    for (std::span<const Keyframe> kind : {keys.translations, keys.rotations, keys.scales}) {
      if (kind.size() <= 1) continue;  // constant or absent: fits any grid
      if (reference == nullptr) {
        reference = kind.data();
        count = std::uint32_t(kind.size());
        continue;
      }
      if (kind.size() != count) return count = 0, nullptr;
      for (std::uint32_t k = 0; k < count; ++k) {
        if (kind[k].time != reference[k].time) return count = 0, nullptr;
      }
    }
  }
  return reference;
}

constexpr Keyframe kNoKeys[3] = {{0, {0, 0, 0, 0}}, {0, {0, 0, 0, 1}}, {0, {1, 1, 1, 0}}};

}  // namespace

AnimationSampler::AnimationSampler(const Model& model)
    : model_(&model),
      shared_times_(model.header().animation_count),
      segments_(3 * std::size_t{model.header().joint_count}) {
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    SharedTimes& shared = shared_times_[a];
    shared.keys = shared_key_times(model, a, shared.count);
    if (shared.keys == nullptr) shared.count = 0;
    // Only constant or absent kinds: a one-key grid.
    if (shared.count == 0 && shared.keys == nullptr) {
      bool constant = true;
      for (std::uint32_t j = 0; j < model.header().joint_count && constant; ++j) {
        const Track& track = model.track(a, j);
        constant = track.translation_count <= 1 && track.rotation_count <= 1 && track.scale_count <= 1;
      }
      if (constant) shared.count = 1;
    }
  }
}

bool AnimationSampler::has_shared_key_times(std::uint32_t animation) const {
  return animation < shared_times_.size() && shared_times_[animation].count > 0;
}

void AnimationSampler::reset() {
  std::fill(segments_.begin(), segments_.end(), Segment{});
  shared_segment_ = {};
}

float AnimationSampler::prepare(std::uint32_t animation, float time, Playback playback,
                                std::size_t joints) {
  if (model_ == nullptr || animation >= model_->header().animation_count) {
    throw std::out_of_range("animation " + std::to_string(animation) + " of " +
                            std::to_string(model_ ? model_->header().animation_count : 0));
  }
  if (joints != model_->header().joint_count) {
    throw std::invalid_argument("the output must hold the model's " +
                                std::to_string(model_->header().joint_count) + " joints");
  }
  if (animation != bound_animation_) {
    reset();  // the segments point into another animation
    bound_animation_ = animation;
  }
  return playback_time(time, model_->animations()[animation].duration, playback);
}

void AnimationSampler::sample(std::uint32_t animation, float time, Playback playback,
                              std::span<Transform> locals) {
  const float t = prepare(animation, time, playback, locals.size());
  for_each_pose(animation, t, [&](std::size_t j, const Vec3& translation, const Quat& rotation,
                                  const Vec3& scale) {
    locals[j] = {translation, rotation, scale};
  });
}

void AnimationSampler::accumulate(std::uint32_t animation, float time, Playback playback,
                                  float weight, std::span<const float> mask,
                                  const BlendSums& sums) {
  const std::size_t joints = sums.weight.size();
  if (sums.translation.size() != joints || sums.scale.size() != joints ||
      sums.rotation.size() != joints || (!mask.empty() && mask.size() != joints)) {
    throw std::invalid_argument("blend sums and mask must hold one element per joint");
  }
  const float t = prepare(animation, time, playback, joints);
  for_each_pose(animation, t, [&](std::size_t j, const Vec3& translation, const Quat& rotation,
                                  const Vec3& scale) {
    const float w = mask.empty() ? weight : weight * mask[j];
    if (w > 0) sums.add(j, translation, rotation, scale, w);
  });
}

template <class Emit>
void AnimationSampler::for_each_pose(std::uint32_t animation, float t, Emit&& emit) {
  if (shared_times_[animation].count > 0) {
    for_each_shared(animation, t, emit);
  } else {
    for_each_separate(animation, t, emit);
  }
}

template <class Emit>
void AnimationSampler::for_each_shared(std::uint32_t animation, float t, Emit&& emit) {
  const SharedTimes& shared = shared_times_[animation];
  const std::size_t joints = model_->header().joint_count;
  // One search for everyone; then key i (and i + 1 unless holding) of every animated kind.
  const float* none = kNoKeys[0].value;
  const float f = shared.count == 1 ? 0.0f
                                    : segment_fraction(shared_segment_, shared.keys, shared.count, t, none);
  const std::uint32_t i = shared.count == 1 ? 0 : shared_segment_.index;
  const std::uint32_t next = f > 0 ? 1 : 0;
  const Track* tracks = model_->tracks().data() + std::size_t{animation} * joints;
  const Keyframe* keyframes = model_->keyframes().data();
  for (std::size_t j = 0; j < joints; ++j) {
    const Track& track = tracks[j];
    const std::uint32_t counts[3] = {track.translation_count, track.rotation_count, track.scale_count};
    const Keyframe* base = keyframes + track.first_keyframe;
    const float* a[3];
    const float* b[3];
    for (int kind = 0; kind < 3; ++kind) {
      // A kind with one key holds it, one without keys holds identity: a stride of 0.
      const std::uint32_t stride = counts[kind] > 1 ? 1 : 0;
      const Keyframe* keys = counts[kind] == 0 ? &kNoKeys[kind] : base;
      a[kind] = keys[i * stride].value;
      b[kind] = keys[(i + next) * stride].value;
      base += counts[kind];
    }
    const Quat ra{a[1][0], a[1][1], a[1][2], a[1][3]};
    emit(j, lerp({a[0][0], a[0][1], a[0][2]}, {b[0][0], b[0][1], b[0][2]}, f),
         f == 0 ? ra : slerp(ra, {b[1][0], b[1][1], b[1][2], b[1][3]}, f),
         lerp({a[2][0], a[2][1], a[2][2]}, {b[2][0], b[2][1], b[2][2]}, f));
  }
}

template <class Emit>
void AnimationSampler::for_each_separate(std::uint32_t animation, float t, Emit&& emit) {
  const std::size_t joints = model_->header().joint_count;
  const Track* tracks = model_->tracks().data() + std::size_t{animation} * joints;
  const Keyframe* keyframes = model_->keyframes().data();
  Segment* segment = segments_.data();
  for (std::size_t j = 0; j < joints; ++j, segment += 3) {
    const Track& track = tracks[j];
    const Keyframe* translations = keyframes + track.first_keyframe;
    const Keyframe* rotations = translations + track.translation_count;
    const Keyframe* scales = rotations + track.rotation_count;
    emit(j, sample_vec3(segment[0], translations, track.translation_count, t, kZero),
         sample_quat(segment[1], rotations, track.rotation_count, t),
         sample_vec3(segment[2], scales, track.scale_count, t, kUnitScale));
  }
}

}  // namespace aem
