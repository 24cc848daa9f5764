#pragma once
// Axis-aligned boxes of a model: in the bind pose (the vertices as stored), per mesh and whole,
// and over the motion of its animations. One implementation for every tool that needs them:
// `aem info` prints them, the viewer frames its camera on the motion box.
//
// The motion box samples each animation at `rate` samples per second over [0, duration], both
// ends included (at most max_samples + 1 poses per animation, max_total_samples in all), each
// animation alone on an AnimationMixer. At each sample:
//  - per vertex, while skinned vertices x poses stays within exact_budget: every skinned vertex
//    is skinned on the CPU as a vertex shader does (the weighted sum of its joints' matrices,
//    weights as stored), so the box is the posed vertices' own;
//  - above that budget: each joint carries the box of the vertices it influences, in the
//    joint's own bind space, and the box's 8 corners go through the joint's posed matrix. A
//    skinned vertex is a convex blend of its joints' transforms of it, so it lies inside the
//    union of those boxes: conservative, exact for rigidly attached parts, and
//    O(vertices + poses x joints).
// Morph targets (the morph_targets extension) move vertices before skinning, with the weights
// the mixer blends (the default weights in the bind pose): per vertex, every vertex inside a
// position target's span is morphed (aem::apply_morph_targets) and then skinned; with the joint
// boxes, each pose's box of moving parts grows by the sum over targets of |weight| times the
// target's largest position delta, times the largest scale of a skinning matrix (1 without
// joints). The budget counts skinned and morphed vertices.
// Static vertices (neither skinned, i.e. no influence naming a joint of the model with
// weight > 0, nor morphed) count at their stored positions. Between samples a part moves at most
// what it moves in 1/rate s.
#include <array>
#include <cstddef>

#include "aem/export.h"
#include "aem/format.hpp"
#include "aem/model.hpp"

namespace aem {

// min <= max per axis, or empty (min = +max float, max = -max float) when it holds no point.
struct BoundingBox {
  std::array<float, 3> min{3.4028235e38f, 3.4028235e38f, 3.4028235e38f};
  std::array<float, 3> max{-3.4028235e38f, -3.4028235e38f, -3.4028235e38f};
  bool empty() const noexcept { return min[0] > max[0]; }
  AEM_API void add(const std::array<float, 3>& point) noexcept;
  AEM_API void add(const BoundingBox& box) noexcept;
};

// Every vertex of the model at its stored (bind-pose) position; empty without vertices.
AEM_API BoundingBox bind_pose_bounds(const Model& model);
// The vertices `mesh`'s indices use, at their stored positions; empty for a mesh without
// triangles. `mesh` must be one of model.meshes() of a validated model (indices in range).
AEM_API BoundingBox mesh_bind_pose_bounds(const Model& model, const Mesh& mesh);

struct AnimationSampling {
  bool with_bind_pose = false;              // sample the bind pose too (always without animations)
  float rate = 30;                          // samples per second of animation
  std::size_t max_samples = 1024;           // per animation, however long it lasts
  std::size_t max_total_samples = 4096;     // over all animations
  std::size_t exact_budget = 4'000'000;     // skinned or morphed vertices x poses for the per-vertex way
};

struct AnimationBounds {
  BoundingBox box;          // empty for a model without vertices
  std::size_t poses = 0;    // poses sampled (0 for a model without joints or morph targets: nothing moves)
  bool per_vertex = true;   // false: the conservative joint boxes were used (over exact_budget)
};

// The box that holds the model in every sampled pose of every animation (a model without
// joints or morph targets: its bind-pose box). Validated models only, like AnimationMixer.
AEM_API AnimationBounds animation_bounds(const Model& model,
                                         const AnimationSampling& sampling = {});

}  // namespace aem
