#include "model/animation_player.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "aem/morph.hpp"

namespace aem::viewer {

AnimationPlayer::AnimationPlayer(const Model& model) : model_(&model) {
  const std::optional<MorphTargetsView> morphs = morph_targets_of(model);
  const std::size_t targets = morphs ? morphs->targets.size() : 0;
  if (!model.joints().empty() || targets > 0) {
    mixer_ = std::make_unique<AnimationMixer>(model, 2);  // two during a cross-fade
    skinning_.resize(16 * mixer_->joint_count());
    animation_count_ = std::uint32_t(model.animations().size());
  }
  morph_weights_.resize(targets);
  if (morphs) default_morph_weights(*morphs, morph_weights_);
  held_weights_.assign(targets, std::numeric_limits<float>::quiet_NaN());
  select(animation_count_ > 0 ? 0 : -1);
}

void AnimationPlayer::hold_morph_weight(std::size_t target, float weight) {
  if (target < held_weights_.size()) held_weights_[target] = weight;
}

bool AnimationPlayer::morph_weight_held(std::size_t target) const {
  return target < held_weights_.size() && !std::isnan(held_weights_[target]);
}

bool AnimationPlayer::any_morph_weight_held() const {
  return std::any_of(held_weights_.begin(), held_weights_.end(), [](float w) { return !std::isnan(w); });
}

void AnimationPlayer::release_morph_weights() {
  std::fill(held_weights_.begin(), held_weights_.end(), std::numeric_limits<float>::quiet_NaN());
}

float AnimationPlayer::duration() const {
  return animation_ >= 0 ? model_->animations()[std::size_t(animation_)].duration : 0.0f;
}

void AnimationPlayer::select(int animation) {
  animation_ = std::clamp(animation, -1, int(animation_count_) - 1);
  if (!mixer_) return;
  mixer_->stop_all();
  has_layer_ = false;
  fade_from_ = -1;
  if (animation_ >= 0) {
    // The player keeps the time within [0, duration]: clamp, so that the end shows the last pose.
    layer_ = mixer_->play(
        {.animation = std::uint32_t(animation_), .time = 0, .speed = 0, .playback = Playback::clamp});
    has_layer_ = true;
  }
  set_time(time_);
}

void AnimationPlayer::next() { select(animation_ + 1 >= int(animation_count_) ? -1 : animation_ + 1); }

void AnimationPlayer::previous() { select(animation_ <= -1 ? int(animation_count_) - 1 : animation_ - 1); }

void AnimationPlayer::set_time(float seconds) {
  const float d = duration();
  if (d > 0 && std::isfinite(seconds)) {
    time_ = std::fmod(seconds, d);
    if (time_ < 0) time_ += d;
    // Exactly the end stays the end (so "--time duration" shows the last pose).
    if (seconds > 0 && time_ == 0 && seconds >= d) time_ = seconds == d ? d : time_;
  } else {
    time_ = std::isfinite(seconds) ? std::max(seconds, 0.0f) : 0.0f;
  }
}

void AnimationPlayer::cross_fade(int to, float seconds) {
  to = std::clamp(to, -1, int(animation_count_) - 1);
  if (!mixer_ || !has_layer_ || to < 0 || !(seconds > 0)) {
    select(to);
    return;
  }
  if (fading()) mixer_->stop(fade_layer_);  // a fade during a fade: the older one goes
  fade_from_ = animation_;
  fade_from_time_ = time_;
  fade_layer_ = layer_;
  const LayerSettings next{.animation = std::uint32_t(to), .time = 0, .speed = 0, .playback = Playback::clamp};
  layer_ = mixer_->cross_fade(layer_, next, seconds, FadeCurve::smooth);
  animation_ = to;
  time_ = 0;
}

float AnimationPlayer::fade_weight() const {
  return fading() ? mixer_->settings(layer_).weight : 1.0f;
}

namespace {

// Where `time + step` lands in an animation of `duration`: wrapped when looping, else clamped
// (`ended` says so).
float step_time(float time, float step, float duration, bool loop, bool& ended) {
  ended = false;
  const float t = time + step;
  if (loop || duration <= 0) return t;
  if (t >= duration || t <= 0) ended = true;
  return std::clamp(t, 0.0f, duration);
}

}  // namespace

void AnimationPlayer::advance(float seconds) {
  if (!playing) return;
  const float step = seconds * speed;
  bool ended = false;
  const float next = step_time(time_, step, duration(), loop, ended);
  if (fading()) {
    const float from_duration = model_->animations()[std::size_t(fade_from_)].duration;
    fade_from_time_ = from_duration > 0 ? std::fmod(fade_from_time_ + step, from_duration) : 0.0f;
    if (fade_from_time_ < 0) fade_from_time_ += from_duration;
    mixer_->update(std::abs(step));  // the layers play at speed 0: this only moves the fade
    if (!mixer_->is_playing(fade_layer_)) fade_from_ = -1;
  }
  set_time(next);
  if (ended) playing = false;
}

void AnimationPlayer::evaluate() {
  if (!mixer_) return;
  // The layer plays at speed 0: the player owns the clock and sets the time every frame.
  if (has_layer_) mixer_->settings(layer_).time = time_;
  if (fading()) mixer_->settings(fade_layer_).time = fade_from_time_;
  mixer_->evaluate(skinning_);
  if (morph_weights_.empty()) return;
  mixer_->evaluate_morph_weights(morph_weights_);  // no layer (the bind pose): the default weights
  for (std::size_t t = 0; t < morph_weights_.size(); ++t) {
    if (!std::isnan(held_weights_[t])) morph_weights_[t] = held_weights_[t];
  }
}

std::span<const Mat4> AnimationPlayer::model_space() const {
  return mixer_ ? mixer_->model_space() : std::span<const Mat4>{};
}

}  // namespace aem::viewer
