#pragma once
// Drives the animation runtime for the viewer: which animation plays (or the bind pose), time,
// speed, pause, loop, scrubbing and cross-fades between two animations (through the mixer);
// produces the skinning matrices, the joints' model-space pose and the morph target weights
// (sampled and blended by the mixer like the joints; the file's default weights in the bind
// pose; any the UI holds override them). Needs no GL: the timeline logic is unit-tested on its own.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/model.hpp"

namespace aem::viewer {

class AnimationPlayer {
 public:
  explicit AnimationPlayer(const Model& model);

  std::uint32_t animation_count() const { return animation_count_; }
  // -1 for the bind pose.
  int animation() const { return animation_; }
  void select(int animation);  // clamped to [-1, count-1]; keeps the time when it fits; ends a fade
  void next();
  void previous();
  float duration() const;
  float time() const { return time_; }
  void set_time(float seconds);  // wraps into [0, duration]
  bool playing = true;
  bool loop = true;  // off: playback stops (and pauses) at either end instead of wrapping
  float speed = 1;

  // Fades from the animation playing now (which keeps running) to `to`, started at time 0,
  // over `seconds` of playback time (paused playback pauses the fade). Without an animation on
  // either side, or with seconds <= 0, it is select(to). animation() is `to` from now on.
  void cross_fade(int to, float seconds);
  bool fading() const { return fade_from_ >= 0; }
  int fade_from() const { return fade_from_; }  // -1 when not fading
  // The weight of animation() in the pose: rises from 0 to 1 during a fade; 1 otherwise.
  float fade_weight() const;

  void advance(float seconds);
  // Evaluates the pose at the current time.
  void evaluate();
  std::span<const float> skinning() const { return skinning_; }
  std::span<const Mat4> model_space() const;
  const Skeleton* skeleton() const { return mixer_ && mixer_->joint_count() > 0 ? &mixer_->skeleton() : nullptr; }

  // The morph target weights of the last evaluate(), one per target in target order (empty
  // without the morph_targets extension).
  std::span<const float> morph_weights() const { return morph_weights_; }
  // Holds target `target`'s weight at `weight` whatever the animation says, until
  // release_morph_weights(); targets past the last are ignored.
  void hold_morph_weight(std::size_t target, float weight);
  bool morph_weight_held(std::size_t target) const;
  bool any_morph_weight_held() const;
  void release_morph_weights();

 private:
  const Model* model_;
  std::unique_ptr<AnimationMixer> mixer_;  // null without joints and morph targets
  std::uint32_t animation_count_ = 0;
  int animation_ = -1;
  float time_ = 0;
  LayerId layer_;
  bool has_layer_ = false;
  int fade_from_ = -1;      // the animation fading out
  float fade_from_time_ = 0;
  LayerId fade_layer_;      // its layer, which the mixer stops at the end of the fade
  std::vector<float> skinning_;
  std::vector<float> morph_weights_;
  std::vector<float> held_weights_;  // per target: NaN follows the animation
};

}  // namespace aem::viewer
