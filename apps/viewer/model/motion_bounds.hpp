#pragma once
// Bounds that hold a model in every pose of one animation, for framing: a camera framed on them
// keeps the whole motion in view (BoxAnimated's box swinging up, CesiumMan's stride), where the
// bounds of one pose lose the model part of the way through. The box is the runtime's
// aem::animation_bounds (runtime/include/aem/model_bounds.hpp: how poses are sampled, per vertex or
// by joint boxes), the one `aem info` prints.
#include "aem/model.hpp"
#include "aem/model_bounds.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

using MotionSampling = aem::AnimationSampling;

// A model without vertices gives a unit box at the origin.
Bounds motion_bounds(const Model& model, const MotionSampling& sampling = {});

}  // namespace aem::viewer
