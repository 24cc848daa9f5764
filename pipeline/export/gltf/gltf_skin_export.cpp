#include "export/gltf/gltf_skin_export.hpp"

#include <string>

#include "aem/skeleton.hpp"

namespace aem::pipeline::gltf {
namespace {

nlohmann::json joint_node(const aem::Joint& joint, const aem::Transform& bind) {
  const aem::Vec3& t = bind.translation;
  const aem::Quat& r = bind.rotation;
  const aem::Vec3& s = bind.scale;
  nlohmann::json node = {{"name", std::string(aem::name_view(joint.name))}};
  if (t.x != 0 || t.y != 0 || t.z != 0) node["translation"] = {t.x, t.y, t.z};
  if (r.x != 0 || r.y != 0 || r.z != 0 || r.w != 1) node["rotation"] = {r.x, r.y, r.z, r.w};
  if (s.x != 1 || s.y != 1 || s.z != 1) node["scale"] = {s.x, s.y, s.z};
  return node;
}

}  // namespace

int export_skin(const aem::Model& model, Document& document, std::vector<int>& roots) {
  const std::span<const aem::Joint> joints = model.joints();
  if (joints.empty()) return -1;
  const aem::Skeleton skeleton(model);
  const std::span<const aem::Transform> bind = skeleton.bind_pose();
  std::vector<nlohmann::json> nodes;
  for (std::size_t j = 0; j < joints.size(); ++j) nodes.push_back(joint_node(joints[j], bind[j]));
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const std::int32_t parent = joints[j].parent;
    if (parent < 0) {
      roots.push_back(int(j));
    } else {
      nodes[std::size_t(parent)]["children"].push_back(j);
    }
  }
  std::vector<float> inverse_binds;
  std::vector<int> joint_nodes;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    inverse_binds.insert(inverse_binds.end(), joints[j].inverse_bind, joints[j].inverse_bind + 16);
    document.append("nodes", std::move(nodes[j]));
    joint_nodes.push_back(int(j));
  }
  const int accessor = document.add_floats(inverse_binds, "MAT4", 16, 0, false);
  nlohmann::json skin = {{"inverseBindMatrices", accessor}, {"joints", joint_nodes}};
  if (roots.size() > 1) {
    // glTF wants a skin's joints under one common root: a node without a transform above them.
    const int root = document.append("nodes", {{"name", "skeleton root"}, {"children", roots}});
    roots = {root};
    skin["skeleton"] = root;
  }
  return document.append("skins", std::move(skin));
}

}  // namespace aem::pipeline::gltf
