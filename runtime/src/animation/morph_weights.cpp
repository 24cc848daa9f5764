// AnimationSampler's morph target weights (aem/animation_sampler.hpp): the weight tracks of the
// morph_targets extension, sampled straight from the payload.
#include <cmath>
#include <stdexcept>
#include <string>

#include "aem/animation_sampler.hpp"

namespace aem {

float AnimationSampler::prepare_weights(std::uint32_t animation, float time, Playback playback, std::size_t size,
                                        std::size_t expected) {
  if (model_ == nullptr || animation >= model_->header().animation_count) {
    throw std::out_of_range("animation " + std::to_string(animation) + " of " +
                            std::to_string(model_ ? model_->header().animation_count : 0));
  }
  if (size != expected) {
    throw std::invalid_argument("morph weights hold " + std::to_string(size) + " floats; " + std::to_string(expected) +
                                " targets need one each");
  }
  return playback_time(time, model_->animations()[animation].duration, playback);
}

AnimationSampler::WeightKeys AnimationSampler::weight_keys(std::uint32_t animation, std::uint32_t group, float t) {
  const MorphWeightTrack& track = morphs_->weight_track(animation, group);
  if (track.key_count == 0) return {};
  const std::size_t stride = 1 + std::size_t{morphs_->groups[group].target_count};
  const float* keys = morphs_->weight_values.data() + track.first_value;
  const auto time = [&](std::uint32_t k) { return keys[k * stride]; };
  const std::uint32_t last = track.key_count - 1;
  if (t <= time(0)) return {keys + 1, keys + 1, 0};
  if (t >= time(last)) return {keys + last * stride + 1, keys + last * stride + 1, 0};
  // Now time(0) < t < time(last): the key k with time(k) <= t < time(k + 1), from the cursor
  // when it still holds or the next key does, by binary search otherwise.
  std::uint32_t k = weight_cursor_[group];
  if (k >= last || !(time(k) <= t)) k = 0;
  if (!(t < time(k + 1))) {
    if (k + 2 <= last && t < time(k + 2)) {
      ++k;
    } else {
      std::uint32_t low = k, high = last;  // time(low) <= t < time(high)
      while (high - low > 1) {
        const std::uint32_t mid = low + (high - low) / 2;
        (time(mid) <= t ? low : high) = mid;
      }
      k = low;
    }
  }
  weight_cursor_[group] = k;
  const float span = time(k + 1) - time(k);
  return {keys + k * stride + 1, keys + (k + 1) * stride + 1, span > 0 ? (t - time(k)) / span : 1.0f};
}

template <class Write>
void AnimationSampler::for_each_morph_weight(std::uint32_t animation, std::uint32_t group, float t, Write&& write) {
  const MorphGroup& g = morphs_->groups[group];
  const WeightKeys keys = weight_keys(animation, group, t);
  for (std::uint32_t i = 0; i < g.target_count; ++i) {
    write(g.first_target + i, keys.a == nullptr ? morphs_->targets[g.first_target + i].default_weight
                                                : keys.a[i] + (keys.b[i] - keys.a[i]) * keys.fraction);
  }
}

void AnimationSampler::sample_morph_weights(std::uint32_t animation, std::uint32_t group, float time, Playback playback,
                                            std::span<float> weights) {
  if (group >= (morphs_ ? morphs_->groups.size() : 0)) {
    throw std::out_of_range("morph group " + std::to_string(group) + " of " +
                            std::to_string(morphs_ ? morphs_->groups.size() : 0));
  }
  const MorphGroup& g = morphs_->groups[group];
  const float t = prepare_weights(animation, time, playback, weights.size(), g.target_count);
  for_each_morph_weight(animation, group, t, [&](std::uint32_t target, float w) { weights[target - g.first_target] = w; });
}

void AnimationSampler::sample_morph_weights(std::uint32_t animation, float time, Playback playback, std::span<float> weights) {
  const float t = prepare_weights(animation, time, playback, weights.size(), morph_target_count());
  for (std::uint32_t group = 0; group < (morphs_ ? morphs_->groups.size() : 0); ++group) {
    for_each_morph_weight(animation, group, t, [&](std::uint32_t target, float w) { weights[target] = w; });
  }
}

void AnimationSampler::accumulate_morph_weights(std::uint32_t animation, float time, Playback playback, float weight,
                                                std::span<float> sums) {
  const float t = prepare_weights(animation, time, playback, sums.size(), morph_target_count());
  if (!(weight > 0)) return;
  for (std::uint32_t group = 0; group < (morphs_ ? morphs_->groups.size() : 0); ++group) {
    for_each_morph_weight(animation, group, t, [&](std::uint32_t target, float w) { sums[target] += weight * w; });
  }
}

}  // namespace aem
