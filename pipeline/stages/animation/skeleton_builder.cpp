#include "stages/animation/skeleton_builder.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "scene/node_tree.hpp"
#include "scene/stream_reader.hpp"
#include "scene/utf8_name.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {

math::Mat4 node_local_transform(const Node& n) {
  if (n.matrix) return *n.matrix;
  return math::compose_trs(n.translation, math::normalize_quaternion(n.rotation), n.scale);
}

namespace {

std::string joint_name(const Node& node, int index) {
  return truncated_utf8(node.name.empty() ? "node_" + std::to_string(index) : node.name, 127);
}

}  // namespace

SkeletonBuild build_skeleton(const Scene& scene, WarningLog& warnings) {
  const std::size_t n = scene.nodes.size();
  SkeletonBuild out;
  out.rest_local.resize(n);
  out.rest_global.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.rest_local[i] = node_local_transform(scene.nodes[i]);
  // Global transforms: parents first. Scene roots first so that the baked scene's joints come
  // first; then any other trees.
  std::vector<int> start(scene.roots.begin(), scene.roots.end());
  for (std::size_t i = 0; i < n; ++i)
    if (scene.nodes[i].parent < 0 && std::find(start.begin(), start.end(), int(i)) == start.end())
      start.push_back(int(i));
  const std::vector<int> order = preorder_nodes(scene.nodes, start);
  for (int node : order) {
    const int p = scene.nodes[std::size_t(node)].parent;
    out.rest_global[std::size_t(node)] =
        p < 0 ? out.rest_local[std::size_t(node)]
              : math::mul(out.rest_global[std::size_t(p)], out.rest_local[std::size_t(node)]);
  }
  // Nodes that must be joints.
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
  out.joint_of_node.assign(n, -1);
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
  // Skin inverse bind matrices override; the first skin naming a joint wins.
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
  for (std::size_t j = 0; j < out.joints.size(); ++j)
    for (std::size_t e = 0; e < 16; ++e) out.joints[j].inverse_bind[e] = float(out.inverse_bind[j][e]);
  return out;
}

}  // namespace aem::pipeline
