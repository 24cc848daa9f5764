#include "aem/pipeline/skeleton_builder.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <tiny_gltf.h>

#include "stream_reader.hpp"
#include "utf8_name.hpp"
#include "bake_math.hpp"

namespace aem::pipeline {

Matrix4d node_local_transform(const GltfDocument& doc, int node) {
  const tinygltf::Node& n = doc.model->nodes[std::size_t(node)];
  if (n.matrix.size() == 16) {
    Matrix4d m;
    for (std::size_t i = 0; i < 16; ++i) m[i] = n.matrix[i];
    return m;
  }
  math::Vec3 t{0, 0, 0}, s{1, 1, 1};
  math::Vec4 r{0, 0, 0, 1};
  if (n.translation.size() == 3) t = {n.translation[0], n.translation[1], n.translation[2]};
  if (n.scale.size() == 3) s = {n.scale[0], n.scale[1], n.scale[2]};
  if (n.rotation.size() == 4) {
    r = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
    const double l = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
    if (l > 1e-12) r = {r[0] / l, r[1] / l, r[2] / l, r[3] / l};
    else r = {0, 0, 0, 1};
  }
  return math::compose_trs(t, r, s);
}

namespace {

std::string joint_name(const tinygltf::Node& node, int index) {
  return truncated_utf8(node.name.empty() ? "node_" + std::to_string(index) : node.name, 127);
}

}  // namespace

SkeletonBuild build_skeleton(const GltfDocument& doc, WarningLog& warnings) {
  const tinygltf::Model& m = *doc.model;
  const std::size_t n = m.nodes.size();
  SkeletonBuild out;
  out.rest_local.resize(n);
  out.rest_global.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.rest_local[i] = node_local_transform(doc, int(i));
  // Global transforms: parents first via an explicit order (the graph is a checked forest).
  std::vector<int> order;
  order.reserve(n);
  {
    std::vector<int> roots;
    for (std::size_t i = 0; i < n; ++i)
      if (doc.parent[i] < 0) roots.push_back(int(i));
    // Scene roots first so that the baked scene's joints come first; then any other trees.
    std::vector<int> start = doc.roots;
    for (int r : roots)
      if (std::find(start.begin(), start.end(), r) == start.end()) start.push_back(r);
    std::vector<int> stack(start.rbegin(), start.rend());
    while (!stack.empty()) {
      const int node = stack.back();
      stack.pop_back();
      order.push_back(node);
      const auto& c = m.nodes[std::size_t(node)].children;  // in file order
      for (auto it = c.rbegin(); it != c.rend(); ++it) stack.push_back(*it);
    }
  }
  for (int node : order) {
    const int p = doc.parent[std::size_t(node)];
    out.rest_global[std::size_t(node)] =
        p < 0 ? out.rest_local[std::size_t(node)]
              : math::mul(out.rest_global[std::size_t(p)], out.rest_local[std::size_t(node)]);
  }
  // Nodes that must be joints.
  std::vector<char> is_joint(n, 0);
  for (const tinygltf::Skin& skin : m.skins)
    for (int j : skin.joints) is_joint[std::size_t(j)] = 1;
  for (const tinygltf::Animation& anim : m.animations)
    for (const auto& ch : anim.channels)
      if (ch.target_node >= 0 && (ch.target_path == "translation" || ch.target_path == "rotation" ||
                                  ch.target_path == "scale"))
        is_joint[std::size_t(ch.target_node)] = 1;
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_joint[i]) continue;
    for (int p = doc.parent[i]; p >= 0 && !is_joint[std::size_t(p)]; p = doc.parent[std::size_t(p)])
      is_joint[std::size_t(p)] = 1;
  }
  out.joint_of_node.assign(n, -1);
  for (int node : order) {
    if (!is_joint[std::size_t(node)]) continue;
    const int index = int(out.joints.size());
    out.joint_of_node[std::size_t(node)] = index;
    out.node_of_joint.push_back(node);
    JointDesc joint;
    joint.name = joint_name(m.nodes[std::size_t(node)], node);
    const int p = doc.parent[std::size_t(node)];
    joint.parent = p < 0 ? -1 : out.joint_of_node[std::size_t(p)];
    out.joints.push_back(joint);
    Matrix4d inv;
    if (!math::invert(out.rest_global[std::size_t(node)], inv)) {
      warnings.warn("singular node", doc.path.string() + ": node " + std::to_string(node) +
                                         " has a singular rest transform; its joint's inverse bind matrix is identity");
      inv = math::kIdentity;
    }
    out.inverse_bind.push_back(inv);
  }
  // Skin inverse bind matrices override; the first skin naming a joint wins.
  std::vector<char> from_skin(out.joints.size(), 0);
  for (std::size_t si = 0; si < m.skins.size(); ++si) {
    const tinygltf::Skin& skin = m.skins[si];
    std::vector<float> ibm;
    if (skin.inverseBindMatrices >= 0)
      // One per joint (the import checked there are enough): an accessor of 2^28 zero matrices
      // without a buffer view would otherwise be 17 GB.
      ibm = read_first_floats(doc.scene_description, skin.inverseBindMatrices, 16, skin.joints.size(),
                              "skin " + std::to_string(si) + " inverseBindMatrices");
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
      const int joint = out.joint_of_node[std::size_t(skin.joints[k])];
      Matrix4d mat = math::kIdentity;
      if (!ibm.empty())
        for (std::size_t e = 0; e < 16; ++e) mat[e] = ibm[k * 16 + e];
      for (double v : mat)
        if (!std::isfinite(v))
          throw BakeError(doc.path.string() + ": skin " + std::to_string(si) + ": inverse bind matrix " +
                          std::to_string(k) + " is not finite");
      if (from_skin[std::size_t(joint)]) {
        double diff = 0;
        for (std::size_t e = 0; e < 16; ++e)
          diff = std::max(diff, std::fabs(mat[e] - out.inverse_bind[std::size_t(joint)][e]));
        if (diff > 1e-4)
          warnings.warn("skin ibm conflict", doc.path.string() + ": skin " + std::to_string(si) +
                                                 ": joint node " + std::to_string(skin.joints[k]) +
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
