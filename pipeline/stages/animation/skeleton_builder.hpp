#pragma once
// Which glTF nodes become AEM joints, in what order, with which inverse bind matrices.
//
// Joints are: every joint of every skin (several skins merge into one skeleton), every node an
// animation channel moves (translation, rotation or scale), and every ancestor of those, so that
// a joint's parent is always its node's parent and global transforms compose exactly as in the
// glTF. They are numbered parents-first in depth-first order from the root nodes. A skin joint
// keeps its skin's inverse bind matrix; any other joint gets the inverse of its rest global
// transform, so vertices that weigh 1.0 on it are stored in model space.
#include <vector>

#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/model_content.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {

struct SkeletonBuild {
  std::vector<int> joint_of_node;         // per node: its joint, or -1
  std::vector<int> node_of_joint;         // per joint: its node
  std::vector<JointDesc> joints;          // in joint order
  std::vector<math::Mat4> inverse_bind;   // per joint, double precision
  std::vector<math::Mat4> rest_global;    // per node: global transform at rest
  std::vector<math::Mat4> rest_local;     // per node: local transform at rest
};

// The local rest transform of a node (its matrix, or T*R*S with the rotation normalised).
math::Mat4 node_local_transform(const Node& node);

SkeletonBuild build_skeleton(const Scene& scene, WarningLog& warnings);

}  // namespace aem::pipeline
