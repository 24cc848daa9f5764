#pragma once
// The morph_targets extension back to glTF (specs/gltf-export.md, "Morph targets"). A group's
// targets go to the glTF meshes that hold its vertices: each exported primitive's triangles are
// split by the group that moves them (a triangle no group moves goes with the primitive's first
// group), so a glTF mesh carries at most one group. Its primitive gets `targets` (POSITION, NORMAL,
// TANGENT as the target stores them), the mesh `weights` (default weights) and
// `extras.targetNames`; the group's weight tracks become `weights` channels on the meshes' nodes.
// Deltas are written as stored: the export's nodes have no transform, so model space is theirs.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "export/gltf/gltf_buffer.hpp"

namespace aem::pipeline::gltf {

class MorphExport {
 public:
  // Nothing to export when the model has no morph_targets extension.
  explicit MorphExport(const aem::Model& model);

  bool empty() const { return !view_; }
  const std::optional<MorphTargetsView>& view() const { return view_; }

  // `triangles` (offsets of first indices into `indices`) split by group: one list per group
  // that moves one of their vertices, ascending by group (1 + its index; 0: the one list of a
  // primitive no group moves). A triangle moved by no group joins the first list.
  std::vector<std::pair<std::uint32_t, std::vector<std::size_t>>> split(std::span<const std::uint32_t> indices,
                                                                         std::vector<std::size_t> triangles) const;

  // Group `group` (0-based) onto glTF mesh `mesh` (one primitive) whose vertices are the AEM
  // vertices `source`: its targets' accessors, the default weights and the target names.
  void add_targets(std::uint32_t group, std::span<const std::uint32_t> source, nlohmann::json& mesh,
                   Document& doc) const;

  // The losses of the morph export, given the glTF nodes that carry each group (by group).
  void note_losses(const std::vector<std::vector<int>>& group_nodes, Document& doc) const;

 private:
  // The deltas (9 floats: position, normal, tangent) of `target` for AEM vertex `v`, zeros where
  // it stores none; returns whether it moves the vertex.
  bool deltas_at(const MorphTarget& target, std::uint32_t v, float out[9]) const;

  std::optional<MorphTargetsView> view_;
  std::vector<std::uint32_t> mover_;  // per AEM vertex: 1 + the first group moving it, or 0
  // Vertices two groups move, and triangles whose vertices two groups move (split finds those).
  mutable std::vector<std::string> conflicts_;
};

}  // namespace aem::pipeline::gltf
