#include "aem/animation_mixer.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>

#include "animation/pose4.hpp"

namespace aem {
namespace {

float ease(float x, FadeCurve curve) {
  x = std::clamp(x, 0.0f, 1.0f);
  return curve == FadeCurve::smooth ? x * x * (3.0f - 2.0f * x) : x;
}

// Numbers every layer any mixer starts, so that an id is refused by every other layer, in this
// mixer or another.
std::atomic<std::uint64_t> g_layers_started{0};

[[noreturn, gnu::cold, gnu::noinline]] void throw_missing_animation(std::uint64_t layer, std::uint32_t animation,
                                                                  std::uint32_t animations) {
  throw std::out_of_range("animation layer " + std::to_string(layer) + " plays animation " +
                          std::to_string(animation) + " of " + std::to_string(animations));
}

}  // namespace

AnimationMixer::AnimationMixer(const Model& model, std::size_t max_layers)
    : model_(&model), skeleton_(model) {
  const std::size_t joints = skeleton_.joint_count();
  layers_.resize(max_layers);
  // The key-time analysis reads every key once; do it once and copy it into each layer.
  const AnimationSampler prototype(model);
  for (Layer& layer : layers_) layer.sampler = prototype;
  masks_.assign(max_layers * joints, 1.0f);
  sums_.resize(group_count(joints));
  bind_pose_.resize(group_count(joints));
  for (std::size_t j = 0; j < joints; ++j) bind_pose_[j / 4].set(j % 4, skeleton_.bind_pose()[j]);
  pose_.resize(group_count(joints));
  model_space_.resize(joints);
}

AnimationMixer::Layer& AnimationMixer::checked(LayerId layer) {
  if (layer.serial_ == 0 || layer.slot_ >= layers_.size() || !layers_[layer.slot_].playing ||
      layers_[layer.slot_].serial != layer.serial_) {
    throw std::out_of_range(layer.serial_ == 0 ? std::string("no animation layer given (a default LayerId)")
                                               : "animation layer " + std::to_string(layer.serial_) +
                                                     " has stopped");
  }
  return layers_[layer.slot_];
}

const AnimationMixer::Layer& AnimationMixer::checked(LayerId layer) const {
  return const_cast<AnimationMixer*>(this)->checked(layer);
}

LayerId AnimationMixer::play(const LayerSettings& settings) {
  if (settings.animation >= model_->header().animation_count) {
    throw std::out_of_range("animation " + std::to_string(settings.animation) + " of " +
                            std::to_string(model_->header().animation_count));
  }
  for (std::size_t slot = 0; slot < layers_.size(); ++slot) {
    Layer& layer = layers_[slot];
    if (layer.playing) continue;
    layer.playing = true;
    layer.serial = ++g_layers_started;
    layer.settings = settings;
    layer.sampler.reset();
    layer.masked = false;
    layer.fade = {};
    return LayerId(std::uint32_t(slot), layer.serial);
  }
  throw std::length_error("all " + std::to_string(layers_.size()) + " animation layers are in use");
}

void AnimationMixer::stop(LayerId layer) { checked(layer).playing = false; }

void AnimationMixer::stop_all() {
  for (Layer& layer : layers_) layer.playing = false;
}

bool AnimationMixer::is_playing(LayerId layer) const {
  return layer.serial_ != 0 && layer.slot_ < layers_.size() && layers_[layer.slot_].playing &&
         layers_[layer.slot_].serial == layer.serial_;
}

LayerSettings& AnimationMixer::settings(LayerId layer) { return checked(layer).settings; }
const LayerSettings& AnimationMixer::settings(LayerId layer) const { return checked(layer).settings; }

void AnimationMixer::set_mask(LayerId layer, std::span<const float> joint_weights) {
  Layer& l = checked(layer);
  if (joint_weights.empty()) {
    l.masked = false;
    return;
  }
  if (joint_weights.size() != joint_count()) {
    throw std::invalid_argument("a mask needs one weight per joint (" +
                                std::to_string(joint_count()) + ")");
  }
  std::copy(joint_weights.begin(), joint_weights.end(), masks_.begin() + std::ptrdiff_t(layer.slot_ * joint_count()));
  l.masked = true;
}

void AnimationMixer::fade(LayerId layer, float target, float duration, FadeCurve curve) {
  Layer& l = checked(layer);
  if (!(duration > 0)) {
    l.settings.weight = target;
    l.fade = {};
    return;
  }
  l.fade = {true, l.settings.weight, target, 0, duration, curve, false};
}

LayerId AnimationMixer::cross_fade(LayerId from, LayerSettings to, float duration, FadeCurve curve) {
  checked(from);
  const float target = to.weight;
  to.weight = 0;
  const LayerId next = play(to);
  fade(next, target, duration, curve);
  fade(from, 0, duration, curve);
  if (layers_[from.slot_].fade.active) {
    layers_[from.slot_].fade.stop_at_end = true;
  } else {
    stop(from);  // a zero-length cross-fade is a cut
  }
  return next;
}

void AnimationMixer::update(float seconds) {
  const std::uint32_t animations = model_->header().animation_count;
  for (Layer& layer : layers_) {
    if (!layer.playing) continue;
    LayerSettings& s = layer.settings;
    // settings() hands out a reference, so the animation may have become anything.
    if (s.animation >= animations) [[unlikely]] {
      throw_missing_animation(layer.serial, s.animation, animations);
    }
    s.time += s.speed * seconds;
    if (s.playback == Playback::loop) {
      // Keep the stored time small so float precision does not decay over long sessions.
      s.time = playback_time(s.time, model_->animations()[s.animation].duration, Playback::loop);
    }
    Fade& f = layer.fade;
    if (f.active) {
      f.elapsed += seconds;
      const float progress = f.elapsed / f.duration;
      s.weight = f.from + (f.to - f.from) * ease(progress, f.curve);
      if (progress >= 1) {
        s.weight = f.to;
        f.active = false;
        if (f.stop_at_end) layer.playing = false;
      }
    }
  }
}

std::size_t AnimationMixer::sole_layer() const {
  std::size_t sole = layers_.size();
  for (std::size_t id = 0; id < layers_.size(); ++id) {
    const Layer& layer = layers_[id];
    if (!layer.playing || layer.settings.weight == 0) continue;
    if (sole != layers_.size() || layer.settings.weight != 1 || layer.masked) return layers_.size();
    sole = id;
  }
  return sole;
}

AEM_FRAME_LOOP
void AnimationMixer::blend_pose() {
  std::fill(sums_.begin(), sums_.end(), BlendSum4{});
  const std::size_t joints = joint_count();
  for (std::size_t id = 0; id < layers_.size(); ++id) {
    Layer& layer = layers_[id];
    const float weight = layer.settings.weight;
    if (!layer.playing || !(weight > 0)) continue;
    const std::span<const float> mask =
        layer.masked ? std::span<const float>(masks_).subspan(id * joints, joints) : std::span<const float>();
    layer.sampler.accumulate(layer.settings.animation, layer.settings.time, layer.settings.playback,
                             weight, mask, sums_);
  }

  for (std::size_t group = 0; group < sums_.size(); ++group) {
    simd::Sum4 sum = simd::load(sums_[group]);
    const simd::Float4 missing = 1.0f - sum.weight;
    // The bind pose fills what the layers leave.
    if (simd::any(missing > 0.0f)) {
      simd::accumulate(sum, simd::load(bind_pose_[group]), simd::max(missing, simd::splat(0.0f)));
    }
    const simd::Float4 inverse = 1.0f / sum.weight;
    simd::Pose4& pose = sum.pose;
    for (int c = 0; c < 3; ++c) pose.translation[c] *= inverse;
    for (int c = 0; c < 3; ++c) pose.scale[c] *= inverse;
    simd::normalize(pose.rotation);
    simd::store(pose_[group], pose);
  }
}

void AnimationMixer::evaluate_locals(std::span<Transform> locals) {
  if (locals.size() != joint_count()) {
    throw std::invalid_argument("locals must hold " + std::to_string(joint_count()) + " transforms");
  }
  // One full-weight layer alone is the pose itself: sample straight into the output.
  if (const std::size_t sole = sole_layer(); sole < layers_.size()) {
    Layer& layer = layers_[sole];
    layer.sampler.sample(layer.settings.animation, layer.settings.time, layer.settings.playback, locals);
    return;
  }
  blend_pose();
  for (std::size_t j = 0; j < locals.size(); ++j) locals[j] = pose_[j / 4].get(j % 4);
}

void AnimationMixer::evaluate(std::span<float> skinning_matrices) {
  if (skinning_matrices.size() != 16 * joint_count()) {
    throw std::invalid_argument("skinning matrices must hold 16 floats for each of " +
                                std::to_string(joint_count()) + " joints");
  }
  // One full-weight layer alone is the pose itself: no blending.
  if (const std::size_t sole = sole_layer(); sole < layers_.size()) {
    Layer& layer = layers_[sole];
    layer.sampler.sample(layer.settings.animation, layer.settings.time, layer.settings.playback, pose_);
  } else {
    blend_pose();
  }
  skeleton_.local_to_skinning(pose_, model_space_, skinning_matrices);
}

}  // namespace aem

namespace aem {

void AnimationMixer::evaluate_morph_weights(std::span<float> weights) {
  if (weights.size() != morph_target_count()) {
    throw std::invalid_argument("morph weights must hold " + std::to_string(morph_target_count()) + " floats, one per target");
  }
  if (const std::size_t sole = sole_layer(); sole < layers_.size()) {
    Layer& layer = layers_[sole];
    layer.sampler.sample_morph_weights(layer.settings.animation, layer.settings.time, layer.settings.playback, weights);
    return;
  }
  std::fill(weights.begin(), weights.end(), 0.0f);
  float total = 0;  // of the layers' weights
  for (Layer& layer : layers_) {
    const float weight = layer.settings.weight;
    if (!layer.playing || !(weight > 0)) continue;
    layer.sampler.accumulate_morph_weights(layer.settings.animation, layer.settings.time, layer.settings.playback, weight,
                                           weights);
    total += weight;
  }
  // The default weights fill what the layers leave; more than a whole is scaled back to one.
  const float missing = std::max(1.0f - total, 0.0f);
  const float inverse = 1.0f / std::max(total, 1.0f);
  const std::optional<MorphTargetsView> morphs = morph_targets_of(*model_);
  for (std::size_t t = 0; t < weights.size(); ++t) {
    weights[t] = (weights[t] + missing * morphs->targets[t].default_weight) * inverse;
  }
}

}  // namespace aem
