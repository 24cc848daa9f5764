#include "animation_player.hpp"

#include <algorithm>
#include <cmath>

namespace aem::viewer {

AnimationPlayer::AnimationPlayer(const Model& model) : model_(&model) {
  if (!model.joints().empty()) {
    mixer_ = std::make_unique<AnimationMixer>(model, 1);
    skinning_.resize(16 * mixer_->joint_count());
    animation_count_ = std::uint32_t(model.animations().size());
  }
  select(animation_count_ > 0 ? 0 : -1);
}

float AnimationPlayer::duration() const {
  return animation_ >= 0 ? model_->animations()[std::size_t(animation_)].duration : 0.0f;
}

void AnimationPlayer::select(int animation) {
  animation_ = std::clamp(animation, -1, int(animation_count_) - 1);
  if (!mixer_) return;
  if (has_layer_) mixer_->stop(layer_);
  has_layer_ = false;
  if (animation_ >= 0) {
    layer_ = mixer_->play({.animation = std::uint32_t(animation_), .time = 0, .speed = 0});
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

void AnimationPlayer::advance(float seconds) {
  if (playing) set_time(time_ + seconds * speed);
}

void AnimationPlayer::evaluate() {
  if (!mixer_) return;
  // The layer plays at speed 0: the player owns the clock and sets the time every frame.
  if (has_layer_) mixer_->settings(layer_).time = time_;
  mixer_->evaluate(skinning_);
}

std::span<const Mat4> AnimationPlayer::model_space() const {
  return mixer_ ? mixer_->model_space() : std::span<const Mat4>{};
}

}  // namespace aem::viewer
