#pragma once
// A model's joint hierarchy, prepared once for per-frame work: an evaluation order with parents
// before children, copies of the inverse bind matrices, and the bind pose as local transforms.
//
//   aem::Skeleton skeleton(model);
//   std::vector<aem::Mat4> model_space(skeleton.joint_count());
//   std::vector<float> skinning(16 * skeleton.joint_count());
//   skeleton.local_to_model(locals, model_space);          // every frame, no allocation
//   skeleton.skinning_matrices(model_space, skinning);     // column-major 4x4 per joint
//   skeleton.local_to_skinning(locals4, model_space, skinning);  // both, from Transform4 groups
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/export.h"
#include "aem/model.hpp"
#include "aem/transform.hpp"
#include "aem/transform4.hpp"

namespace aem {

class AEM_API Skeleton {
 public:
  Skeleton() = default;
  // Allocates here and nowhere else. The Model need not outlive the Skeleton.
  explicit Skeleton(const Model& model);

  std::size_t joint_count() const noexcept { return parents_.size(); }
  std::span<const std::int32_t> parents() const noexcept { return parents_; }
  // Joint indices with every parent before its children (the identity for files that are
  // already parents-first, as ours always are).
  std::span<const std::uint32_t> evaluation_order() const noexcept { return order_; }
  std::span<const Mat4> inverse_binds() const noexcept { return inverse_binds_; }
  // Each joint's local transform in the bind pose, recovered from the inverse bind matrices.
  std::span<const Transform> bind_pose() const noexcept { return bind_pose_; }

  // Model-space matrix of every joint from its local transform. Both spans hold joint_count()
  // elements; throws std::invalid_argument otherwise.
  void local_to_model(std::span<const Transform> locals, std::span<Mat4> model_space) const;
  // model_space[j] * inverse_bind[j] for every joint, 16 floats each, column-major, into `out`
  // (16 * joint_count() floats).
  void skinning_matrices(std::span<const Mat4> model_space, std::span<float> out) const;
  // Both steps in one pass, from local transforms four joints to a group
  // (group_count(joint_count()) of them): what the mixer does every frame, and the fastest.
  // The same sizes and errors as the two calls above.
  void local_to_skinning(std::span<const Transform4> locals, std::span<Mat4> model_space,
                         std::span<float> skinning) const;

 private:
  // Children-first skeletons: from the local matrices parked in model_space, the model-space
  // matrices in evaluation order, then every skinning matrix.
  void finish_children_first(std::span<Mat4> model_space, std::span<float> skinning) const;

  std::vector<std::int32_t> parents_;  // -1, or a valid joint index
  std::vector<std::uint32_t> order_;
  bool parents_first_ = true;
  bool affine_binds_ = true;  // every inverse bind matrix has the bottom row 0, 0, 0, 1
  std::vector<Mat4> inverse_binds_;
  struct alignas(32) Splat {
    float lanes[8];
  };
  // 8 per joint: for each pair of columns and each row, the pair's two elements 4 times each.
  std::vector<Splat> inverse_bind_splats_;
  std::vector<Transform> bind_pose_;
};

}  // namespace aem
