#include "aem/animation_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace aem {
namespace {

// Steps a cursor may walk forward before a binary search is cheaper.
constexpr std::uint32_t kForwardSteps = 4;

// Index i of the last key with time <= t (0 when t precedes every key), starting from the
// remembered cursor. Keys sorted by time, as validated files have them; unsorted keys still
// stay in bounds.
std::uint32_t find_key(const Keyframe* keys, std::uint32_t count, float t, std::uint32_t& cursor) {
  std::uint32_t i = cursor < count ? cursor : 0;
  if (keys[i].time <= t) {
    std::uint32_t steps = 0;
    while (i + 1 < count && keys[i + 1].time <= t) {
      ++i;
      if (++steps == kForwardSteps) {
        // A long way ahead: search the rest.
        const Keyframe* found = std::upper_bound(
            keys + i + 1, keys + count, t, [](float value, const Keyframe& k) { return value < k.time; });
        i = std::uint32_t(found - keys) - 1;
        break;
      }
    }
  } else {
    const Keyframe* found = std::upper_bound(
        keys, keys + i, t, [](float value, const Keyframe& k) { return value < k.time; });
    i = found == keys ? 0 : std::uint32_t(found - keys) - 1;
  }
  cursor = i;
  return i;
}

// Where between key i and i+1 time t lies, or -1 when t is outside them (hold key i).
float key_fraction(const Keyframe* keys, std::uint32_t count, std::uint32_t i, float t) {
  if (i + 1 >= count || t <= keys[i].time) return -1;
  const float span = keys[i + 1].time - keys[i].time;
  return span > 0 ? (t - keys[i].time) / span : -1;
}

Vec3 sample_vec3(const Keyframe* keys, std::uint32_t count, float t, std::uint32_t& cursor,
                 Vec3 fallback) {
  if (count == 0) return fallback;
  const std::uint32_t i = find_key(keys, count, t, cursor);
  const Vec3 a{keys[i].value[0], keys[i].value[1], keys[i].value[2]};
  const float f = key_fraction(keys, count, i, t);
  if (f < 0) return a;
  const Vec3 b{keys[i + 1].value[0], keys[i + 1].value[1], keys[i + 1].value[2]};
  return lerp(a, b, f);
}

Quat sample_quat(const Keyframe* keys, std::uint32_t count, float t, std::uint32_t& cursor) {
  if (count == 0) return {};
  const std::uint32_t i = find_key(keys, count, t, cursor);
  const Quat a{keys[i].value[0], keys[i].value[1], keys[i].value[2], keys[i].value[3]};
  const float f = key_fraction(keys, count, i, t);
  if (f < 0) return a;
  const Quat b{keys[i + 1].value[0], keys[i + 1].value[1], keys[i + 1].value[2],
               keys[i + 1].value[3]};
  return slerp(a, b, f);
}

}  // namespace

float playback_time(float time, float duration, Playback playback) {
  if (!std::isfinite(time) || !std::isfinite(duration) || duration <= 0) return 0;
  if (playback == Playback::clamp) return std::clamp(time, 0.0f, duration);
  float wrapped = std::fmod(time, duration);
  if (wrapped < 0) wrapped += duration;
  return wrapped;
}

AnimationSampler::AnimationSampler(std::size_t joint_count) : cursors_(3 * joint_count, 0) {}

void AnimationSampler::reset() { std::fill(cursors_.begin(), cursors_.end(), 0u); }

void AnimationSampler::sample(const Model& model, std::uint32_t animation, float time,
                              Playback playback, std::span<Transform> locals) {
  const Header& h = model.header();
  if (animation >= h.animation_count) {
    throw std::out_of_range("animation " + std::to_string(animation) + " of " +
                            std::to_string(h.animation_count));
  }
  if (locals.size() != h.joint_count || cursors_.size() != 3 * std::size_t{h.joint_count}) {
    throw std::invalid_argument("sampler and locals must be sized for the model's " +
                                std::to_string(h.joint_count) + " joints");
  }
  const float t = playback_time(time, model.animations()[animation].duration, playback);
  const Track* tracks = model.tracks().data() + std::size_t{animation} * h.joint_count;
  const Keyframe* keyframes = model.keyframes().data();
  std::uint32_t* cursor = cursors_.data();
  for (std::size_t j = 0; j < h.joint_count; ++j, cursor += 3) {
    const Track& track = tracks[j];
    const Keyframe* translations = keyframes + track.first_keyframe;
    const Keyframe* rotations = translations + track.translation_count;
    const Keyframe* scales = rotations + track.rotation_count;
    Transform& out = locals[j];
    out.translation = sample_vec3(translations, track.translation_count, t, cursor[0], {0, 0, 0});
    out.rotation = sample_quat(rotations, track.rotation_count, t, cursor[1]);
    out.scale = sample_vec3(scales, track.scale_count, t, cursor[2], {1, 1, 1});
  }
}

}  // namespace aem
