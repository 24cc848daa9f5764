// Bones as nodes: parents from the table, rest transforms from the bind pose (SAMF) or the first
// animation's first keyframe (legacy, which has no bind pose).
#include <stdexcept>

#include "import/aamf/aamf_matrix.hpp"
#include "import/aamf/aamf_scene_builder.hpp"

namespace aem::pipeline::aamf {

void ShearReport::add(const std::string& what, double shear) {
  if (shear <= kShearTolerance) return;
  ++count;
  if (shear > worst) { worst = shear; worst_where = what; }
}

void ShearReport::warn(const Scene& scene, WarningLog& warnings) const {
  if (count == 0) return;
  warnings.warn("bone shear", scene.model.string() + ": " + std::to_string(count) + " bone matrices have shear or skew that translation, "
                "rotation and scale cannot hold (the worst, " + worst_where + ", is " + std::to_string(worst * kFixedOne) +
                " 4.12 steps off); the nearest rotation and scale are used");
}

void add_bones(const Model& model, Scene& scene, ShearReport& shear) {
  for (std::size_t b = 0; b < model.bones.size(); ++b) {
    Node node;
    node.where = "bone " + std::to_string(b);
    node.name = "bone_" + std::to_string(b);
    const bool legacy_rest = !model.skinned && !model.animations.empty();
    const FixedMatrix identity{{4096, 0, 0, 0, 4096, 0, 0, 0, 4096}, {0, 0, 0}};
    const FixedMatrix rest = model.skinned ? model.bones[b].bind
                             : legacy_rest ? model.animations[0].keys[b * model.animations[0].frames] : identity;
    const Trs trs = fit_fixed(to_matrix(rest));
    shear.add(node.where + (model.skinned ? " bind pose" : " rest pose (first keyframe)"), trs.shear);
    node.translation = trs.translation;
    node.rotation = trs.rotation;
    node.scale = trs.scale;
    if (model.bones[b].parent == b) {
      scene.roots.push_back(std::int32_t(b));
    } else {
      node.parent = model.bones[b].parent;
      scene.nodes[std::size_t(node.parent)].children.push_back(std::int32_t(b));
    }
    scene.nodes.push_back(std::move(node));
  }
}

}  // namespace aem::pipeline::aamf
