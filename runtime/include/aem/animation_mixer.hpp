#pragma once
// Plays and blends several animations of one model into skinning matrices, every frame, without
// allocating.
//
// A layer is one animation with its own time, speed, weight, playback mode and optional joint
// mask. Weighted layers blend per joint (translations and scales linearly, rotations with
// hemisphere correction, then normalised); where the weights of a joint sum to less than 1 the
// bind pose fills the rest, so with nothing playing the model rests in its bind pose.
//
//   aem::AnimationMixer mixer(model);
//   auto walk = mixer.play({.animation = 0});
//   ...
//   mixer.cross_fade(walk, {.animation = 1}, 0.3f, aem::FadeCurve::smooth);  // to running
//   mixer.update(frame_seconds);
//   mixer.evaluate(skinning);   // 16 floats per joint, column-major: upload and draw
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/export.h"
#include "aem/animation_sampler.hpp"
#include "aem/model.hpp"
#include "aem/skeleton.hpp"
#include "aem/transform.hpp"
#include "aem/transform4.hpp"

namespace aem {

enum class FadeCurve {
  linear,
  smooth,  // smoothstep: eases in and out
};

struct LayerSettings {
  std::uint32_t animation = 0;
  float time = 0;     // seconds into the animation
  float speed = 1;    // playback rate; negative plays backwards
  float weight = 1;   // 0 to 1
  Playback playback = Playback::loop;
};

// Names one layer that play() or cross_fade() started, for as long as it plays. Once that
// layer stops (stop(), stop_all(), the end of cross_fade's fade-out) its id is stale for good,
// even after a later layer reuses its slot: is_playing() says false and every other call
// throws std::out_of_range, rather than driving whichever layer plays there now. Another
// mixer refuses it the same way. A default-constructed LayerId names no layer.
class LayerId {
 public:
  LayerId() = default;
  friend bool operator==(const LayerId&, const LayerId&) = default;

 private:
  friend class AnimationMixer;
  LayerId(std::uint32_t slot, std::uint64_t serial) : slot_(slot), serial_(serial) {}
  std::uint32_t slot_ = 0;
  std::uint64_t serial_ = 0;  // which start of a layer, of all mixers'; 0: none (counted from 1)
};

class AEM_API AnimationMixer {
 public:
  // Allocates everything it will ever need: `max_layers` layers for this model's joints.
  // The Model must outlive the mixer.
  explicit AnimationMixer(const Model& model, std::size_t max_layers = 8);

  // Starts a layer; throws std::length_error when all max_layers are in use and
  // std::out_of_range for an animation the model does not have.
  LayerId play(const LayerSettings& settings);
  // Every call taking a LayerId throws std::out_of_range for one that is not playing (see
  // LayerId), except is_playing, which says so.
  void stop(LayerId layer);
  void stop_all();
  bool is_playing(LayerId layer) const;

  // The layer's settings, to read or change (time, speed, weight...) between frames. Whatever
  // is written here is checked where it is used: an `animation` the model does not have makes
  // the next update(), evaluate() and evaluate_locals() throw std::out_of_range before they
  // read it; non-finite times and speeds play from 0, and weights that are not above 0 (NaN
  // included) count as 0.
  LayerSettings& settings(LayerId layer);
  const LayerSettings& settings(LayerId layer) const;

  // Per-joint weights multiplying the layer's weight (1 = full, 0 = untouched), e.g. 1 on the
  // upper body only. Copied; an empty span removes the mask.
  void set_mask(LayerId layer, std::span<const float> joint_weights);

  // Moves the layer's weight to `target` over `duration` seconds of update() time.
  void fade(LayerId layer, float target, float duration, FadeCurve curve);
  // Starts `to` at weight 0 and fades it in to its weight while `from` fades out and then
  // stops. Returns the new layer.
  LayerId cross_fade(LayerId from, LayerSettings to, float duration, FadeCurve curve);

  // Advances every layer's time by speed * seconds, and every fade. Throws std::out_of_range,
  // naming the layer and leaving it as it was, when its animation was set to one the model does
  // not have (layers before it in the mixer have advanced).
  void update(float seconds);

  // The blended local transform of every joint (joint_count() of them).
  void evaluate_locals(std::span<Transform> locals);
  // Blended pose through the hierarchy into skinning matrices: 16 floats per joint.
  void evaluate(std::span<float> skinning_matrices);

  // The blended morph target weights (aem/ext_morph_targets.hpp), morph_target_count() of them
  // in target order, for apply_morph_targets (aem/morph.hpp): each playing layer's sampled
  // weights times the layer's weight; where the layers' weights sum to less than 1 the targets'
  // default weights fill the rest, and over 1 the sum is divided by it, as the joints blend. Joint
  // masks do not apply. Throws std::invalid_argument for a mismatched size (and, like evaluate,
  // std::out_of_range for a layer set to a missing animation); never allocates.
  void evaluate_morph_weights(std::span<float> weights);
  std::size_t morph_target_count() const noexcept { return layers_.empty() ? 0 : layers_[0].sampler.morph_target_count(); }

  const Skeleton& skeleton() const noexcept { return skeleton_; }
  std::size_t joint_count() const noexcept { return skeleton_.joint_count(); }
  std::span<const Mat4> model_space() const noexcept { return model_space_; }

 private:
  struct Fade {
    bool active = false;
    float from = 0, to = 0, elapsed = 0, duration = 0;
    FadeCurve curve = FadeCurve::linear;
    bool stop_at_end = false;
  };
  struct Layer {
    bool playing = false;
    std::uint64_t serial = 0;  // the LayerId's, while playing
    LayerSettings settings;
    AnimationSampler sampler;
    bool masked = false;
    Fade fade;
  };

  Layer& checked(LayerId layer);
  const Layer& checked(LayerId layer) const;
  // The slot of the one layer that is the whole pose (weight 1, no mask, alone), or max_layers
  // when blending is needed.
  std::size_t sole_layer() const;
  // The blend of the playing layers (and the bind pose where their weights fall short) into
  // pose_.
  void blend_pose();

  const Model* model_;
  Skeleton skeleton_;
  std::vector<Layer> layers_;
  std::vector<float> masks_;             // max_layers x joint_count
  std::vector<BlendSum4> sums_;          // blending accumulators, four joints to a group
  std::vector<Transform4> bind_pose_;    // the skeleton's, grouped
  std::vector<Transform4> pose_;         // this frame's blended local pose
  std::vector<Mat4> model_space_;
};

}  // namespace aem
