#pragma once
// Drives the animation runtime for the viewer: which animation plays (or the bind pose), time,
// speed, pause, scrubbing; produces the skinning matrices and the joints' model-space pose.
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
  void select(int animation);  // clamped to [-1, count-1]; keeps the time when it fits
  void next();
  void previous();
  float duration() const;
  float time() const { return time_; }
  void set_time(float seconds);  // wraps into [0, duration]
  bool playing = true;
  float speed = 1;

  void advance(float seconds);
  // Evaluates the pose at the current time.
  void evaluate();
  std::span<const float> skinning() const { return skinning_; }
  std::span<const Mat4> model_space() const;
  const Skeleton* skeleton() const { return mixer_ ? &mixer_->skeleton() : nullptr; }

 private:
  const Model* model_;
  std::unique_ptr<AnimationMixer> mixer_;  // null without joints
  std::uint32_t animation_count_ = 0;
  int animation_ = -1;
  float time_ = 0;
  LayerId layer_;
  bool has_layer_ = false;
  std::vector<float> skinning_;
};

}  // namespace aem::viewer
