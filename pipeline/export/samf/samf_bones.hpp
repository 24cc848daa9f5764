#pragma once
// The SAMF skeleton of an AEM model: bones parents-first (the game's loader requires
// parent <= child), each root its own parent, parent-relative bind matrices, and the added
// bone "static" at identity that vertices weighing on no joint (and every vertex of a model
// without joints) are bound to.
#include <cstdint>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline::samf {

inline constexpr std::size_t kMaxBones = 256;  // skin weights name bones with a u8
inline constexpr const char* kStaticBoneName = "static";

struct Bones {
  std::vector<std::uint32_t> joint_of;       // bone -> AEM joint (bones before the static one)
  std::vector<std::int32_t> bone_of_joint;   // AEM joint -> bone
  std::vector<std::uint16_t> parent;         // bone -> parent bone; a root is its own parent
  std::vector<math::Mat4> bind_local;        // parent's global bind inverse x own global bind
  std::vector<std::string> names;
  bool has_static_bone = false;              // the last bone is the added one
  std::size_t static_vertices = 0;           // vertices with no joint weight > 0

  std::size_t count() const { return parent.size(); }
  std::uint16_t static_bone() const { return std::uint16_t(count() - 1); }
};

// Whether a vertex weighs on no joint of the model (AEM's static vertex).
bool is_static(const Vertex& v, std::size_t joint_count);

// Throws SamfExportError for more than kMaxBones bones (the static one included), and for an
// inverse bind matrix that is singular or not affine. Adds the static bone's warning.
Bones build_bones(const Model& model, const std::string& model_name, std::vector<std::string>& warnings);

}  // namespace aem::pipeline::samf
