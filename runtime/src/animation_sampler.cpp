#include "aem/animation_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "pose4.hpp"

namespace aem {
namespace {

using Segment = AnimationSampler::Segment;

constexpr float kInfinity = std::numeric_limits<float>::infinity();
// Start of a segment that holds a value from the beginning of time: finite, so that
// (t - start) * 0 is 0 rather than NaN.
constexpr float kEarliest = std::numeric_limits<float>::lowest();
// Values of a kind without keys, by kind: zero translation, identity rotation, unit scale.
constexpr Keyframe kNoKeys[3] = {{0, {0, 0, 0, 0}}, {0, {0, 0, 0, 1}}, {0, {1, 1, 1, 0}}};
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
AEM_ALWAYS_INLINE float segment_fraction(Segment& segment, const Keyframe* keys,
                                                     std::uint32_t count, float t,
                                                     const float* none) {
  if (!(t >= segment.start && t < segment.end)) find_segment(keys, count, t, none, segment);
  return (t - segment.start) * segment.inverse_span;
}

}  // namespace

float playback_time(float time, float duration, Playback playback) {
  // Already in range (every frame but a loop's last): no fmod, the slow part of this.
  if (time >= 0 && time < duration && duration < kInfinity) return time;
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

// Where one (joint, kind) of an animation with shared key times finds the value of shared key
// i: `first` plus i records, or `first` itself for a kind with one key or none (a mask of 0).
struct KindKeys {
  const std::byte* first = reinterpret_cast<const std::byte*>(kNoKeys[0].value);
  std::uintptr_t mask = 0;
};

}  // namespace

struct AnimationSampler::Plan {
  // The key times every animated track of one animation uses, if they all use the same ones.
  struct SharedTimes {
    const Keyframe* keys = nullptr;  // any one track's keys of a kind with `count` keys
    std::uint32_t count = 0;         // 0: the tracks do not share their times
    std::size_t first_kind = 0;      // its joints' KindKeys in kind_keys: 3 per joint
  };
  std::vector<SharedTimes> shared_times;  // per animation
  // Animations with shared times: 3 per joint, the joints rounded up to whole groups of four
  // (the extra lanes read identity values).
  std::vector<KindKeys> kind_keys;
};

AnimationSampler::AnimationSampler(const Model& model)
    : model_(&model), segments_(3 * std::size_t{model.header().joint_count}) {
  auto plan = std::make_shared<Plan>();
  const std::uint32_t joints = model.header().joint_count;
  plan->shared_times.resize(model.header().animation_count);
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    Plan::SharedTimes& shared = plan->shared_times[a];
    shared.keys = shared_key_times(model, a, shared.count);
    if (shared.keys == nullptr) shared.count = 0;
    // Only constant or absent kinds: a one-key grid.
    if (shared.count == 0 && shared.keys == nullptr) {
      bool constant = true;
      for (std::uint32_t j = 0; j < joints && constant; ++j) {
        const Track& track = model.track(a, j);
        constant = track.translation_count <= 1 && track.rotation_count <= 1 && track.scale_count <= 1;
      }
      if (constant) shared.count = 1;
    }
    if (shared.count == 0) continue;
    shared.first_kind = plan->kind_keys.size();
    plan->kind_keys.resize(shared.first_kind + 3 * 4 * group_count(joints));
    KindKeys* kinds = plan->kind_keys.data() + shared.first_kind;
    for (std::size_t lane = 0; lane < 4 * group_count(joints); ++lane) {
      const Track* track = lane < joints ? &model.track(a, std::uint32_t(lane)) : nullptr;
      const std::uint32_t counts[3] = {track ? track->translation_count : 0,
                                       track ? track->rotation_count : 0, track ? track->scale_count : 0};
      const Keyframe* keys = track ? model.keyframes().data() + track->first_keyframe : nullptr;
      for (int kind = 0; kind < 3; ++kind) {
        KindKeys& k = kinds[3 * lane + std::size_t(kind)];
        k.first = reinterpret_cast<const std::byte*>(counts[kind] == 0 ? kNoKeys[kind].value : keys->value);
        k.mask = counts[kind] > 1 ? ~std::uintptr_t{0} : 0;
        if (keys != nullptr) keys += counts[kind];
      }
    }
  }
  plan_ = std::move(plan);
}

bool AnimationSampler::has_shared_key_times(std::uint32_t animation) const {
  return plan_ != nullptr && animation < plan_->shared_times.size() && plan_->shared_times[animation].count > 0;
}

void AnimationSampler::reset() {
  std::fill(segments_.begin(), segments_.end(), Segment{});
  shared_segment_ = {};
}

float AnimationSampler::prepare(std::uint32_t animation, float time, Playback playback,
                                std::size_t size, std::size_t expected, const char* what) {
  if (model_ == nullptr || animation >= model_->header().animation_count) {
    throw std::out_of_range("animation " + std::to_string(animation) + " of " +
                            std::to_string(model_ ? model_->header().animation_count : 0));
  }
  if (size != expected) {
    throw std::invalid_argument(std::string(what) + " holds " + std::to_string(size) +
                                " elements; the model's " +
                                std::to_string(model_->header().joint_count) + " joints need " +
                                std::to_string(expected));
  }
  if (animation != bound_animation_) {
    reset();  // the segments point into another animation
    bound_animation_ = animation;
  }
  return playback_time(time, model_->animations()[animation].duration, playback);
}

std::size_t AnimationSampler::joint_count() const {
  return model_ == nullptr ? 0 : model_->header().joint_count;
}

template <class Emit>
AEM_ALWAYS_INLINE void AnimationSampler::for_each_pose(std::uint32_t animation, float t, Emit&& emit) {
  if (plan_->shared_times[animation].count > 0) {
    for_each_shared(animation, t, emit);
  } else {
    for_each_separate(animation, t, emit);
  }
}

namespace {

// Each lane's key values (v[kind][lane]: x, y, z, w) as four joints' pose.
AEM_ALWAYS_INLINE simd::Pose4 lanes_to_pose(simd::Float4 (&v)[3][4]) {
  simd::Pose4 p;
  for (int kind = 0; kind < 3; ++kind) simd::transpose(v[kind][0], v[kind][1], v[kind][2], v[kind][3]);
  for (int c = 0; c < 3; ++c) p.translation[c] = v[0][c];
  for (int c = 0; c < 4; ++c) p.rotation[c] = v[1][c];
  for (int c = 0; c < 3; ++c) p.scale[c] = v[2][c];
  return p;
}

}  // namespace

template <class Emit>
AEM_ALWAYS_INLINE void AnimationSampler::for_each_shared(std::uint32_t animation, float t, Emit&& emit) {
  const Plan::SharedTimes& shared = plan_->shared_times[animation];
  const std::size_t joints = model_->header().joint_count;
  const std::size_t groups = group_count(joints);
  // One search for everyone; then key i (and i + 1 unless holding) of every animated kind.
  const float* none = kNoKeys[0].value;
  const float f = shared.count == 1 ? 0.0f
                                    : segment_fraction(shared_segment_, shared.keys, shared.count, t, none);
  const std::uint32_t i = shared.count == 1 ? 0 : shared_segment_.index;
  const std::uintptr_t at = std::uintptr_t{i} * sizeof(Keyframe);
  const std::uintptr_t at_next = at + (f > 0 ? sizeof(Keyframe) : 0);
  const simd::Float4 fraction = simd::splat(f);
  // The series' coefficients depend on the fraction only: made once per call, the longer one
  // only if some keys are far apart.
  const simd::SlerpSeries<3> near(fraction);
  std::optional<simd::SlerpSeries<7>> far;
  const auto far_series = [&far, fraction]() -> const simd::SlerpSeries<7>& {
    if (!far) far.emplace(fraction);
    return *far;
  };
  const KindKeys* kinds = plan_->kind_keys.data() + shared.first_kind;
  for (std::size_t group = 0; group < groups; ++group, kinds += 12) {
    // Every lane's values of the key `at` bytes into its kind's keys.
    const auto key_pose = [kinds](std::uintptr_t at_key) {
      simd::Float4 v[3][4];
      for (int k = 0; k < 4; ++k)
        for (int kind = 0; kind < 3; ++kind) {
          const KindKeys& keys = kinds[3 * k + kind];
          v[kind][k] = simd::load(reinterpret_cast<const float*>(keys.first + (at_key & keys.mask)));
        }
      return lanes_to_pose(v);
    };
    simd::Pose4 pose = key_pose(at);
    if (f != 0) {  // on a key, or holding one, the first keys are the pose
      const simd::Pose4 to = key_pose(at_next);
      simd::lerp(pose.translation, to.translation, fraction, pose.translation);
      simd::lerp(pose.scale, to.scale, fraction, pose.scale);
      simd::slerp(pose.rotation, to.rotation, fraction, near, far_series, pose.rotation);
    }
    emit(group, group_lanes(joints, group), pose);
  }
}

template <class Emit>
AEM_ALWAYS_INLINE void AnimationSampler::for_each_separate(std::uint32_t animation, float t, Emit&& emit) {
  const std::size_t joints = model_->header().joint_count;
  const Track* tracks = model_->tracks().data() + std::size_t{animation} * joints;
  const Keyframe* keyframes = model_->keyframes().data();
  for (std::size_t group = 0; 4 * group < joints; ++group) {
    const std::size_t lanes = group_lanes(joints, group);
    simd::Float4 a[3][4], b[3][4];
    float fractions[3][4] = {};
    for (std::size_t k = 0; k < 4; ++k) {
      if (k >= lanes) {  // past the last joint: the identity
        for (int kind = 0; kind < 3; ++kind) a[kind][k] = b[kind][k] = simd::load(kNoKeys[kind].value);
        continue;
      }
      const std::size_t j = 4 * group + k;
      const Track& track = tracks[j];
      const std::uint32_t counts[3] = {track.translation_count, track.rotation_count, track.scale_count};
      const Keyframe* keys = keyframes + track.first_keyframe;
      for (int kind = 0; kind < 3; ++kind) {
        Segment& segment = segments_[3 * j + std::size_t(kind)];
        fractions[kind][k] = segment_fraction(segment, keys, counts[kind], t, kNoKeys[kind].value);
        a[kind][k] = simd::load(segment.a);
        b[kind][k] = simd::load(segment.b);
        keys += counts[kind];
      }
    }
    simd::Pose4 pose = lanes_to_pose(a);
    const simd::Pose4 to = lanes_to_pose(b);
    simd::lerp(pose.translation, to.translation, simd::load(fractions[0]), pose.translation);
    simd::lerp(pose.scale, to.scale, simd::load(fractions[2]), pose.scale);
    const simd::Float4 rotation_fraction = simd::load(fractions[1]);
    simd::slerp(pose.rotation, to.rotation, rotation_fraction, simd::SlerpSeries<3>(rotation_fraction),
                [&] { return simd::SlerpSeries<7>(rotation_fraction); }, pose.rotation);
    emit(group, lanes, pose);
  }
}

AEM_FRAME_LOOP
void AnimationSampler::sample(std::uint32_t animation, float time, Playback playback,
                              std::span<Transform> locals) {
  const float t = prepare(animation, time, playback, locals.size(), joint_count(), "locals");
  for_each_pose(animation, t, [&](std::size_t group, std::size_t lanes, const simd::Pose4& pose) {
    simd::store(locals.data() + 4 * group, lanes, pose);
  });
}

AEM_FRAME_LOOP
void AnimationSampler::sample(std::uint32_t animation, float time, Playback playback,
                              std::span<Transform4> locals) {
  const float t = prepare(animation, time, playback, locals.size(), group_count(joint_count()), "locals");
  for_each_pose(animation, t, [&](std::size_t group, std::size_t, const simd::Pose4& pose) {
    simd::store(locals[group], pose);
  });
}

AEM_FRAME_LOOP
void AnimationSampler::accumulate(std::uint32_t animation, float time, Playback playback,
                                  float weight, std::span<const float> mask,
                                  std::span<BlendSum4> sums) {
  const float t = prepare(animation, time, playback, sums.size(), group_count(joint_count()), "sums");
  if (!mask.empty() && mask.size() != joint_count()) {
    throw std::invalid_argument("a mask must hold one weight per joint");
  }
  const simd::Float4 layer_weight = simd::splat(weight);
  for_each_pose(animation, t, [&](std::size_t group, std::size_t lanes, const simd::Pose4& pose) {
    simd::Float4 w = layer_weight;
    if (!mask.empty()) {
      float lane_masks[4] = {0, 0, 0, 0};
      std::copy_n(mask.data() + 4 * group, lanes, lane_masks);
      w *= simd::load(lane_masks);
    }
    w = simd::select(w > 0.0f, w, simd::splat(0.0f));  // also turns NaN into 0
    simd::Sum4 sum = simd::load(sums[group]);
    simd::accumulate(sum, pose, w);
    simd::store(sums[group], sum);
  });
}

}  // namespace aem
