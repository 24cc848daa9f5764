#pragma once
// Assimp's morph targets (aiAnimMesh) and morph animation (aiMeshMorphAnim) as the scene's morph
// targets and `weights` keys (specs/assimp-import.md, "Morph targets"). Plain data out: the
// converter turns it into streams. Private to the Assimp child.
#include <cstddef>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"

struct aiMesh;
struct aiMeshMorphAnim;
struct aiScene;

namespace aem::pipeline {

// What an aiMesh's mWeight says, by file format: Assimp 5.2.5 writes the file's default weight
// for COLLADA, except 1 for a weight of 0; for FBX it writes 1 (or an in-between shape's
// percentage), never the channel's default.
enum class MorphWeightRule { as_written, collada, none };
MorphWeightRule morph_weight_rule(const std::string& model);

// One aiAnimMesh as deltas from its aiMesh: x, y, z per vertex, empty where the target does not
// move that attribute (or the mesh has no such base stream).
struct AnimMeshTarget {
  std::string name;
  double default_weight = 0;
  std::vector<float> position, normal, tangent;
};
// An aiMesh's targets, in Assimp's order. A target Assimp made inconsistent (a null entry, a
// vertex count other than the mesh's) is kept with no deltas, so that animation indices still
// match, and warned. A non-additive morphing method drops them all, warned. `where` names the
// primitive (warnings are kept once per element).
struct AnimMeshTargets {
  std::vector<AnimMeshTarget> targets;
  std::vector<DeferredWarning> warnings;   // losses, for the primitive
};
AnimMeshTargets anim_mesh_targets(const aiMesh& mesh, const std::string& where, MorphWeightRule rule);

// The targets of one node's mesh, whose primitives are its aiMeshes: matched by name when every
// aiMesh with targets names them uniquely, else by position. `source[k][t]` is aiMesh k's own
// target for the mesh's target t, or -1 (no deltas: that primitive does not move).
struct NodeMorphLayout {
  std::vector<std::string> names;          // empty when no target has a name
  std::vector<double> weights;             // one per target (the first aiMesh's that has it)
  std::vector<std::vector<int>> source;
  std::vector<DeferredWarning> warnings;   // import warnings
};
NodeMorphLayout node_morph_layout(const std::vector<const AnimMeshTargets*>& meshes, const std::string& mesh_where);

// Whether `model` is a COLLADA file with <morph> controllers that Assimp did not read (no aiMesh
// of `scene` has targets): Assimp 5.2.5 reads none (it looks for their inputs in the wrong place),
// and loses the meshes they deform.
bool has_unread_collada_morphs(const aiScene& scene, const std::string& model);

// An aiMeshMorphAnim as key times (seconds) and `target_count` weights per key. A target a key
// does not list is interpolated between the keys that list it (held before the first and after
// the last; 0 if none does). Values naming a target past `target_count` are ignored and warned.
// Times and weights are passed on as written: the bake refuses non-finite or decreasing ones.
struct MorphWeightKeys {
  std::vector<float> times, weights;
  std::vector<DeferredWarning> warnings;   // import warnings
};
MorphWeightKeys morph_weight_keys(const aiMeshMorphAnim& channel, std::size_t target_count, double ticks_per_second,
                                  const std::string& where);

}  // namespace aem::pipeline
