#include "aem/animation_sampler.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "animation/pose4.hpp"

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

// Asks for the cache line `offset` bytes past `p` (which may lie past the keys: a prefetch
// never faults).
AEM_ALWAYS_INLINE void prefetch(const void* p, std::uintptr_t offset) {
  AEM_PREFETCH(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(p) + offset));
}

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

// Finds which animations' tracks share their key times, reading each key's time a bounded number
// of times in all. Tracks that use the very same keys cost nothing more; comparing other runs of
// keys draws on a budget of a few reads per key in the file. Tracks holding keys of their own
// (what writers produce) read each key once at most; tracks reusing runs of keys are remembered
// as they match, so that reuse costs nothing more either. Only tracks that overlap one
// another's keys can run the budget out, and then the animation being looked at is sampled per
// track, by the same rules: otherwise the comparisons could cost tracks x keys.
class SharedTimesFinder {
 public:
  explicit SharedTimesFinder(const Model& model)
      : model_(model), keyframes_(model.header().keyframe_count), budget_(4 * keyframes_ + 1024) {}

  // The common key times of all tracks of `animation` with more than one key of a kind, and
  // their count; a count of 1 (and no keys) when every kind is constant or absent; none (0)
  // when the tracks do not share their times.
  const Keyframe* find(std::uint32_t animation, std::uint32_t& count) {
    const Keyframe* reference = nullptr;
    count = 1;
    for (std::uint32_t j = 0; j < model_.header().joint_count; ++j) {
      const TrackKeys keys = model_.keys(model_.track(animation, j));
      for (std::span<const Keyframe> kind : {keys.translations, keys.rotations, keys.scales}) {
        if (kind.size() <= 1) continue;  // constant or absent: fits any grid
        if (reference == nullptr) {
          reference = kind.data();
          count = std::uint32_t(kind.size());
          continue;
        }
        if (kind.size() != count || !same_times(kind.data(), reference, count)) return count = 0, nullptr;
      }
    }
    return reference;
  }

 private:
  bool same_times(const Keyframe* keys, const Keyframe* reference, std::uint32_t count) {
    if (keys == reference) return true;
    // Comparing more keys than the file has means runs are reused: from then on, remember them.
    const bool remember = compared_ > keyframes_;
    const std::uint64_t run = std::uint64_t(keys - model_.keyframes().data()) << 32 | count;
    if (remember) {
      if (const auto found = equal_to_.find(run); found != equal_to_.end() && found->second == reference) return true;
    }
    if (compared_ + count > budget_) return false;
    compared_ += count;
    for (std::uint32_t k = 0; k < count; ++k) {
      if (keys[k].time != reference[k].time) return false;
    }
    if (remember) equal_to_[run] = reference;
    return true;
  }

  const Model& model_;
  const std::uint64_t keyframes_;
  const std::uint64_t budget_;  // key times to compare at most
  std::uint64_t compared_ = 0;
  // Runs of keys (first key's index << 32 | count) found to have the times of another run.
  std::unordered_map<std::uint64_t, const Keyframe*> equal_to_;
};

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
    const Keyframe* keys = nullptr;  // any one track's keys of a kind with `count` keys (none if 1)
    std::uint32_t count = 0;         // 0: the tracks do not share their times
    std::size_t first_kind = 0;      // its joints' KindKeys in kind_keys: 3 per joint
  };
  std::vector<SharedTimes> shared_times;  // per animation
  // Animations with shared times: 3 per joint, the joints rounded up to whole groups of four
  // (the extra lanes read identity values).
  std::vector<KindKeys> kind_keys;
};

AnimationSampler::AnimationSampler(const Model& model)
    : model_(&model), morphs_(morph_targets_of(model)), keys_(2 * group_count(model.header().joint_count)) {
  if (morphs_) weight_cursor_.resize(morphs_->groups.size());
  auto plan = std::make_shared<Plan>();
  const std::uint32_t joints = model.header().joint_count;
  plan->shared_times.resize(model.header().animation_count);
  SharedTimesFinder finder(model);
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    Plan::SharedTimes& shared = plan->shared_times[a];
    shared.keys = finder.find(a, shared.count);
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
  const bool any_separate = std::any_of(plan->shared_times.begin(), plan->shared_times.end(),
                                        [](const Plan::SharedTimes& shared) { return shared.count == 0; });
  if (any_separate) {
    spans_.resize(group_count(joints));
    segments_.resize(12 * group_count(joints));
  }
  plan_ = std::move(plan);
  reset();
}

bool AnimationSampler::has_shared_key_times(std::uint32_t animation) const {
  return plan_ != nullptr && animation < plan_->shared_times.size() && plan_->shared_times[animation].count > 0;
}

void AnimationSampler::reset() {
  std::fill(weight_cursor_.begin(), weight_cursor_.end(), 0u);
  from_slot_ = 0;
  shared_segment_ = {};
  cached_from_ = cached_to_ = kNothingCached;
  const std::size_t joints = joint_count();
  for (std::size_t group = 0; group < spans_.size(); ++group) {
    LaneSpans& spans = spans_[group];
    for (int kind = 0; kind < 3; ++kind) {
      for (std::size_t lane = 0; lane < 4; ++lane) {
        // Lanes past the last joint hold their identity keys for all time.
        Segment& segment = segments_[12 * group + 3 * lane + std::size_t(kind)];
        segment = 4 * group + lane < joints
                      ? Segment{}
                      : Segment{kNoKeys[kind].value, kNoKeys[kind].value, kEarliest, kInfinity, 0, 0};
        spans.start[kind][lane] = segment.start;
        spans.end[kind][lane] = segment.end;
        spans.inverse_span[kind][lane] = segment.inverse_span;
      }
    }
  }
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
  // One search for everyone: every animated kind interpolates from shared key i to key `next`.
  const float* none = kNoKeys[0].value;
  const float f = shared.count == 1 ? 0.0f
                                    : segment_fraction(shared_segment_, shared.keys, shared.count, t, none);
  const std::uint32_t i = shared.count == 1 ? 0 : shared_segment_.index;
  const std::uint32_t next = i + 1 < shared.count ? i + 1 : i;
  // What the cache still holds: both keys, the later one only (playback passed it, so it is the
  // earlier key now), or neither.
  bool fetch_from = true, fetch_to = true;
  if (i == cached_from_ && next == cached_to_) {
    fetch_from = fetch_to = false;
  } else if (i == cached_to_) {
    from_slot_ ^= 1;
    fetch_from = false;
  }
  cached_from_ = i;
  cached_to_ = next;
  const std::uintptr_t at_from = std::uintptr_t{i} * sizeof(Keyframe);
  const std::uintptr_t at_to = std::uintptr_t{next} * sizeof(Keyframe);
  const simd::Float4 fraction = simd::splat(f);
  // The series' coefficients depend on the fraction only: made once per call, the longer one
  // only if some keys are far apart.
  const simd::SlerpSeries<3> near(fraction);
  std::optional<simd::SlerpSeries<7>> far;
  const auto far_series = [&far, fraction]() AEM_LAMBDA_ALWAYS_INLINE -> const simd::SlerpSeries<7>& {
    if (!far) far.emplace(fraction);
    return *far;
  };
  const KindKeys* kinds = plan_->kind_keys.data() + shared.first_kind;
  Transform4* slots = keys_.data();
  const std::uint32_t from_slot = from_slot_;
  for (std::size_t group = 0; group < groups; ++group, kinds += 12) {
    // Every lane's values of the key `at` bytes into its kind's keys. With `ahead`, also asks
    // for the cache line of the key two further on: playback wants it a frame or two from now.
    // Without this, layers playing different animations wait on memory: their keys lie
    // kilobytes apart, too far for the hardware prefetchers to follow. (A kind with one key
    // asks for the line past it, which costs less than telling the kinds apart.)
    const auto key_pose = [kinds](std::uintptr_t at, bool ahead) AEM_LAMBDA_ALWAYS_INLINE {
      simd::Float4 v[3][4];
      for (int k = 0; k < 4; ++k)
        for (int kind = 0; kind < 3; ++kind) {
          const KindKeys& keys = kinds[3 * k + kind];
          const std::byte* key = keys.first + (at & keys.mask);
          v[kind][k] = simd::load(reinterpret_cast<const float*>(key));
          if (ahead) prefetch(key, 2 * sizeof(Keyframe));
        }
      return lanes_to_pose(v);
    };
    Transform4& from_keys = slots[2 * group + from_slot];
    Transform4& to_keys = slots[2 * group + (from_slot ^ 1)];
    // Through the cache either way: one path through the maths below, and loads the compiler
    // can fold into the arithmetic rather than twenty live registers.
    if (fetch_from) simd::store(from_keys, key_pose(at_from, false));
    if (fetch_to) simd::store(to_keys, key_pose(at_to, true));
    simd::Pose4 pose = simd::load(from_keys);
    if (f != 0) {  // on a key, or holding one, the earlier keys are the pose
      const simd::Pose4 to = simd::load(to_keys);
      simd::lerp(pose.translation, to.translation, fraction, pose.translation);
      simd::lerp(pose.scale, to.scale, fraction, pose.scale);
      simd::slerp(pose.rotation, to.rotation, fraction, near, far_series, pose.rotation);
    }
    emit(group, group_lanes(joints, group), pose);
  }
}

namespace {

// A segment's start, end, inverse_span and index, which lie together, as one vector.
static_assert(offsetof(Segment, end) == offsetof(Segment, start) + 4 &&
              offsetof(Segment, inverse_span) == offsetof(Segment, start) + 8 &&
              offsetof(Segment, index) == offsetof(Segment, start) + 12);
AEM_ALWAYS_INLINE simd::Float4 load_span(const Segment& segment) {
  return simd::load(reinterpret_cast<const float*>(reinterpret_cast<const std::byte*>(&segment) +
                                                   offsetof(Segment, start)));
}
void store_span(Segment& segment, simd::Float4 span) {
  simd::store(reinterpret_cast<float*>(reinterpret_cast<std::byte*>(&segment) + offsetof(Segment, start)), span);
}

}  // namespace

template <class Emit>
AEM_ALWAYS_INLINE void AnimationSampler::for_each_separate(std::uint32_t animation, float t, Emit&& emit) {
  const std::size_t joints = model_->header().joint_count;
  const Track* tracks = model_->tracks().data() + std::size_t{animation} * joints;
  const simd::Float4 time = simd::splat(t);
  for (std::size_t group = 0; 4 * group < joints; ++group) {
    LaneSpans& spans = spans_[group];
    Transform4& from_keys = keys_[2 * group + from_slot_];
    Transform4& to_keys = keys_[2 * group + (from_slot_ ^ 1)];
    std::uint32_t stale = 0;
    for (int kind = 0; kind < 3; ++kind) {
      const simd::Mask4 inside = (time >= simd::load_aligned(spans.start[kind])) &
                                 (time < simd::load_aligned(spans.end[kind]));
      stale |= simd::bits(~inside) << (4 * kind);
    }
    simd::Pose4 pose, to;
    simd::Float4 start[3], inverse_span[3];
    if (stale != 0) {
      // Move the lanes that left their keys, then gather the whole group again, into the cache
      // for the frames to come and into registers for this one.
      find_lane_segments(group, tracks, t, stale);
      const Segment* segments = segments_.data() + 12 * group;
      simd::Float4 a[3][4], b[3][4], span[3][4];
      for (int k = 0; k < 4; ++k)
        for (int kind = 0; kind < 3; ++kind) {
          const Segment& segment = segments[3 * k + kind];
          a[kind][k] = simd::load(segment.a);
          b[kind][k] = simd::load(segment.b);
          span[kind][k] = load_span(segment);
        }
      pose = lanes_to_pose(a);
      to = lanes_to_pose(b);
      simd::store(from_keys, pose);
      simd::store(to_keys, to);
      for (int kind = 0; kind < 3; ++kind) {
        simd::transpose(span[kind][0], span[kind][1], span[kind][2], span[kind][3]);
        start[kind] = span[kind][0];
        inverse_span[kind] = span[kind][2];
        simd::store(spans.start[kind], span[kind][0]);
        simd::store(spans.end[kind], span[kind][1]);
        simd::store(spans.inverse_span[kind], span[kind][2]);
      }
    } else {
      pose = simd::load(from_keys);
      to = simd::load(to_keys);
      for (int kind = 0; kind < 3; ++kind) {
        start[kind] = simd::load_aligned(spans.start[kind]);
        inverse_span[kind] = simd::load_aligned(spans.inverse_span[kind]);
      }
    }
    simd::Float4 fractions[3];
    for (int kind = 0; kind < 3; ++kind) fractions[kind] = (time - start[kind]) * inverse_span[kind];
    simd::lerp(pose.translation, to.translation, fractions[0], pose.translation);
    simd::lerp(pose.scale, to.scale, fractions[2], pose.scale);
    simd::slerp(pose.rotation, to.rotation, fractions[1], simd::SlerpSeries<3>(fractions[1]),
                [&]() AEM_LAMBDA_ALWAYS_INLINE { return simd::SlerpSeries<7>(fractions[1]); }, pose.rotation);
    emit(group, group_lanes(joints, group), pose);
  }
}

void AnimationSampler::find_lane_segments(std::size_t group, const Track* tracks, float t, std::uint32_t stale) {
  const std::size_t joints = joint_count();
  for (std::size_t lane = 0; lane < 4 && 4 * group + lane < joints; ++lane) {
    const Track& track = tracks[4 * group + lane];
    const std::uint32_t counts[3] = {track.translation_count, track.rotation_count, track.scale_count};
    const Keyframe* keys = model_->keyframes().data() + track.first_keyframe;
    for (int kind = 0; kind < 3; keys += counts[kind], ++kind) {
      if ((stale >> (4 * kind + lane) & 1) == 0) continue;
      Segment& stored = segments_[12 * group + 3 * lane + std::size_t(kind)];
      Segment found = stored;
      find_segment(keys, counts[kind], t, kNoKeys[kind].value, found);
      stored.a = found.a;
      stored.b = found.b;
      // The span in one store, so that load_span's one load can take it from the store queue
      // (a load covering several smaller pending stores waits for them to reach the cache).
      store_span(stored, simd::Float4{found.start, found.end, found.inverse_span, std::bit_cast<float>(found.index)});
    }
  }
}

AEM_FRAME_LOOP
void AnimationSampler::sample(std::uint32_t animation, float time, Playback playback,
                              std::span<Transform> locals) {
  const float t = prepare(animation, time, playback, locals.size(), joint_count(), "locals");
  for_each_pose(animation, t, [&](std::size_t group, std::size_t lanes, const simd::Pose4& pose) AEM_LAMBDA_ALWAYS_INLINE {
    simd::store(locals.data() + 4 * group, lanes, pose);
  });
}

AEM_FRAME_LOOP
void AnimationSampler::sample(std::uint32_t animation, float time, Playback playback,
                              std::span<Transform4> locals) {
  const float t = prepare(animation, time, playback, locals.size(), group_count(joint_count()), "locals");
  for_each_pose(animation, t, [&](std::size_t group, std::size_t, const simd::Pose4& pose) AEM_LAMBDA_ALWAYS_INLINE {
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
  for_each_pose(animation, t, [&](std::size_t group, std::size_t lanes, const simd::Pose4& pose) AEM_LAMBDA_ALWAYS_INLINE {
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
