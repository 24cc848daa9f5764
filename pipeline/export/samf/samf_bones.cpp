#include "export/samf/samf_bones.hpp"

#include <cmath>

#include "aem/pipeline/samf_export.hpp"
#include "aem/skeleton.hpp"

namespace aem::pipeline::samf {
namespace {

math::Mat4 to_double(const float (&m)[16]) {
  math::Mat4 out;
  for (std::size_t i = 0; i < 16; ++i) out[i] = m[i];
  return out;
}

// The inverse bind matrix of `joint` as doubles and its inverse (the global bind).
void global_bind(const Joint& joint, const std::string& model_name, math::Mat4& inverse_bind,
                 math::Mat4& bind) {
  inverse_bind = to_double(joint.inverse_bind);
  const std::string where = model_name + ": joint '" + std::string(name_view(joint.name)) + "': inverse bind matrix ";
  const math::Mat4& m = inverse_bind;
  if (std::fabs(m[3]) > 1e-6 || std::fabs(m[7]) > 1e-6 || std::fabs(m[11]) > 1e-6 || std::fabs(m[15] - 1) > 1e-6)
    throw SamfExportError(where + "is not affine (bottom row not 0, 0, 0, 1): SAMF matrices are 3x4");
  if (!math::invert(inverse_bind, bind)) throw SamfExportError(where + "is singular");
}

}  // namespace

bool is_static(const Vertex& v, std::size_t joint_count) {
  for (int k = 0; k < 4; ++k)
    if (v.joints[k] >= 0 && std::size_t(v.joints[k]) < joint_count && v.weights[k] > 0) return false;
  return true;
}

Bones build_bones(const Model& model, const std::string& model_name, std::vector<std::string>& warnings) {
  const auto joints = model.joints();
  Bones bones;
  for (const Vertex& v : model.vertices()) bones.static_vertices += is_static(v, joints.size()) ? 1 : 0;
  bones.has_static_bone = joints.empty() || bones.static_vertices > 0;
  const std::size_t total = joints.size() + (bones.has_static_bone ? 1 : 0);
  if (total > kMaxBones)
    throw SamfExportError(model_name + ": " + std::to_string(total) + " bones" +
                          (bones.has_static_bone ? " (the added bone 'static' included)" : "") +
                          " exceed SAMF's limit of 256 (skin weights name bones with a u8)");
  const Skeleton skeleton(model);
  bones.bone_of_joint.assign(joints.size(), -1);
  std::vector<math::Mat4> inverse_binds(joints.size());
  for (std::uint32_t joint : skeleton.evaluation_order()) {
    const auto bone = std::uint16_t(bones.joint_of.size());
    bones.joint_of.push_back(joint);
    bones.bone_of_joint[joint] = bone;
    math::Mat4 bind;
    global_bind(joints[joint], model_name, inverse_binds[joint], bind);
    const std::int32_t parent = joints[joint].parent;
    bones.parent.push_back(parent < 0 ? bone : std::uint16_t(bones.bone_of_joint[std::size_t(parent)]));
    bones.bind_local.push_back(parent < 0 ? bind : math::mul(inverse_binds[std::size_t(parent)], bind));
    bones.names.emplace_back(name_view(joints[joint].name));
  }
  if (bones.has_static_bone) {
    bones.parent.push_back(std::uint16_t(bones.count()));
    bones.bind_local.push_back(math::kIdentity);
    bones.names.emplace_back(kStaticBoneName);
    warnings.push_back(joints.empty()
        ? model_name + ": no joints: every vertex weighs 255 on an added root bone 'static' at identity"
        : model_name + ": " + std::to_string(bones.static_vertices) +
              " vertices weigh on no joint (static): they weigh 255 on an added root bone 'static' at "
              "identity, bone " + std::to_string(bones.count() - 1));
  }
  return bones;
}

}  // namespace aem::pipeline::samf
