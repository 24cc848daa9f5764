#pragma once
// Bounds that hold a model in every pose of one animation, for framing: a camera framed on them
// keeps the whole motion in view (BoxAnimated's box swinging up, CesiumMan's stride), where the
// bounds of one pose lose the model part of the way through.
//
// The animation is sampled at `rate` samples per second over [0, duration], both ends included
// (at most max_samples + 1 poses). At each sample:
//  - exact, while vertices x samples stays within exact_budget: every skinned vertex is skinned
//    on the CPU as the shader does, so the bounds are the posed vertices' own;
//  - above that budget (big models, long animations): each joint carries the box of the
//    vertices it influences, taken in the joint's own bind space; the box's 8 corners go
//    through the joint's posed matrix. A skinned vertex is a convex blend (weights sum to 1) of
//    its joints' transforms of it, so it lies inside the union of those boxes: conservative,
//    exact for rigidly attached parts, and O(vertices + samples x joints).
// Static vertices (all weights 0) count at their own positions. Between samples a part moves at
// most what it moves in 1/rate s; the framing margin covers that.
#include <cstddef>

#include "aem/model.hpp"
#include "camera.hpp"

namespace aem::viewer {

struct MotionSampling {
  bool with_bind_pose = false;              // always, for a model without animations
  float rate = 30;                          // samples per second of animation
  std::size_t max_samples = 1024;           // per animation, however long it lasts
  std::size_t max_total_samples = 4096;     // over all animations
  std::size_t exact_budget = 4'000'000;     // skinned vertices x poses for the exact way (~50 ms)
};

// A model without vertices gives a unit box at the origin.
Bounds motion_bounds(const Model& model, const MotionSampling& sampling = {});

}  // namespace aem::viewer
