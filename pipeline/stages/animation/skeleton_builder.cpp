#include "stages/animation/skeleton_builder.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "scene/node_tree.hpp"
#include "scene/stream_reader.hpp"
#include "scene/utf8_name.hpp"
#include "scene/utf8_repair.hpp"
#include "math/bake_math.hpp"
#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline {

math::Mat4 node_local_transform(const Node& n) {
  if (n.matrix) return *n.matrix;
  return math::compose_trs(n.translation, math::normalize_quaternion(n.rotation), n.scale);
}

namespace {

// Producers' names may hold a NUL (glTF escapes) or other bytes than UTF-8 (E3D): stored_name.
std::string joint_name(const Node& node, int index) {
  const std::string name = stored_name(node.name);
  return truncated_utf8(name.empty() ? "node_" + std::to_string(index) : name, 127);
}

// Every node, parents first: the scene's roots first so that the baked scene's joints come
// first, then any other trees.
std::vector<int> skeleton_order(const Scene& scene) {
  std::vector<int> start(scene.roots.begin(), scene.roots.end());
  for (std::size_t i = 0; i < scene.nodes.size(); ++i)
    if (scene.nodes[i].parent < 0 && std::find(start.begin(), start.end(), int(i)) == start.end())
      start.push_back(int(i));
  return preorder_nodes(scene.nodes, start);
}

// Each node's local and global rest transforms; `order` lists parents before children.
void rest_transforms(const Scene& scene, const std::vector<int>& order, SkeletonBuild& out) {
  const std::size_t n = scene.nodes.size();
  out.rest_local.resize(n);
  out.rest_global.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.rest_local[i] = node_local_transform(scene.nodes[i]);
  for (int node : order) {
    const int p = scene.nodes[std::size_t(node)].parent;
    out.rest_global[std::size_t(node)] =
        p < 0 ? out.rest_local[std::size_t(node)]
              : math::mul(out.rest_global[std::size_t(p)], out.rest_local[std::size_t(node)]);
  }
}

// Per node: whether it must be a joint (a skin joint, a node a channel moves, or an ancestor of one).
std::vector<char> nodes_that_are_joints(const Scene& scene) {
  const std::size_t n = scene.nodes.size();
  std::vector<char> is_joint(n, 0);
  for (const Skin& skin : scene.skins)
    for (int j : skin.joints) is_joint[std::size_t(j)] = 1;
  for (const Animation& anim : scene.animations)
    for (const Channel& ch : anim.channels)
      if (ch.node != kNone && (ch.path == TargetPath::translation || ch.path == TargetPath::rotation ||
                               ch.path == TargetPath::scale))
        is_joint[std::size_t(ch.node)] = 1;
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_joint[i]) continue;
    for (int p = scene.nodes[i].parent; p >= 0 && !is_joint[std::size_t(p)]; p = scene.nodes[std::size_t(p)].parent)
      is_joint[std::size_t(p)] = 1;
  }
  return is_joint;
}

// The joints in `order`, each with the inverse of its rest global transform (identity, with a
// warning, where that is singular).
void number_joints(const Scene& scene, const std::vector<int>& order, const std::vector<char>& is_joint,
                   SkeletonBuild& out, WarningLog& warnings) {
  out.joint_of_node.assign(scene.nodes.size(), -1);
  for (int node : order) {
    if (!is_joint[std::size_t(node)]) continue;
    const int index = int(out.joints.size());
    out.joint_of_node[std::size_t(node)] = index;
    out.node_of_joint.push_back(node);
    JointDesc joint;
    joint.name = joint_name(scene.nodes[std::size_t(node)], node);
    const int p = scene.nodes[std::size_t(node)].parent;
    joint.parent = p < 0 ? -1 : out.joint_of_node[std::size_t(p)];
    out.joints.push_back(joint);
    math::Mat4 inv;
    if (!math::invert(out.rest_global[std::size_t(node)], inv)) {
      warnings.warn("singular node", scene.model.string() + ": node " + std::to_string(node) +
                                         " has a singular rest transform; its joint's inverse bind matrix is identity");
      inv = math::kIdentity;
    }
    out.inverse_bind.push_back(inv);
  }
}

// Skin inverse bind matrices override the rest inverses; the first skin naming a joint wins.
void apply_skin_inverse_binds(const Scene& scene, SkeletonBuild& out, WarningLog& warnings) {
  std::vector<char> from_skin(out.joints.size(), 0);
  for (std::size_t si = 0; si < scene.skins.size(); ++si) {
    const Skin& skin = scene.skins[si];
    std::vector<float> ibm;
    if (skin.inverse_bind != kNone)
      // One per joint (the import checked there are enough): a stream of 2^28 zero matrices
      // without a buffer would otherwise be 17 GB.
      ibm = read_first_floats(scene, skin.inverse_bind, 16, skin.joints.size(),
                              scene.model.string() + ": " + skin.where + " inverseBindMatrices");
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
      const int joint = out.joint_of_node[std::size_t(skin.joints[k])];
      math::Mat4 mat = math::kIdentity;
      if (!ibm.empty())
        for (std::size_t e = 0; e < 16; ++e) mat[e] = ibm[k * 16 + e];
      for (double v : mat)
        if (!std::isfinite(v))
          throw BakeError(scene.model.string() + ": " + skin.where + ": inverse bind matrix " +
                          std::to_string(k) + " is not finite");
      if (from_skin[std::size_t(joint)]) {
        double diff = 0;
        for (std::size_t e = 0; e < 16; ++e)
          diff = std::max(diff, std::fabs(mat[e] - out.inverse_bind[std::size_t(joint)][e]));
        if (diff > 1e-4)
          warnings.warn("skin ibm conflict", scene.model.string() + ": " + skin.where + ": joint node " + std::to_string(skin.joints[k]) +
                                                 " has another inverse bind matrix in an earlier skin; the first is kept");
        continue;
      }
      from_skin[std::size_t(joint)] = 1;
      out.inverse_bind[std::size_t(joint)] = mat;
    }
  }
}

}  // namespace

SkeletonBuild build_skeleton(const Scene& scene, WarningLog& warnings) {
  SkeletonBuild out;
  const std::vector<int> order = skeleton_order(scene);
  rest_transforms(scene, order, out);
  number_joints(scene, order, nodes_that_are_joints(scene), out, warnings);
  apply_skin_inverse_binds(scene, out, warnings);
  for (std::size_t j = 0; j < out.joints.size(); ++j)
    for (std::size_t e = 0; e < 16; ++e) out.joints[j].inverse_bind[e] = float(out.inverse_bind[j][e]);
  return out;
}

}  // namespace aem::pipeline
