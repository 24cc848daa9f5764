#pragma once
// Morph targets on their way through the geometry stages (specs/aem-extensions.md section 4,
// `morph_targets`). The geometry builder makes one group per placed node whose mesh has targets
// and records each target's deltas per source vertex of the group, already in model space. Each
// baked vertex carries a "morph source" vertex stream naming its group, its source vertex and
// whether it is a back-face copy, so that vertices merge only where they come from the same source
// vertex, and the deltas of every final vertex can be found after the optimiser has reordered them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "math/bake_math.hpp"
#include "stages/geometry/vertex_streams.hpp"

namespace aem::pipeline {

inline constexpr const char* kMorphSourceStream = "morph source";

// The stream's value for one vertex (12 bytes): 0s for a vertex no target moves.
struct MorphSourceValue {
  std::uint32_t group_plus_one = 0;  // 1 + index into MorphSources::groups; 0: no group
  std::uint32_t source = 0;          // the source vertex in its group (its primitives' vertices, in order)
  std::uint32_t back_face = 0;       // 1 on a double-sided material's back-face copy: normal and tangent deltas turn
};

struct MorphSourceTarget {
  std::string name;             // extras.targetNames, or empty
  float default_weight = 0;     // the mesh's weights, or 0
  std::uint32_t attributes = 0; // kMorphPosition | kMorphNormal | kMorphTangent of any primitive's streams
  std::vector<float> deltas;    // 9 per source vertex: position, normal, tangent deltas (0 where absent)
};

struct MorphSourceGroup {
  std::int32_t node = kNone;
  std::string name;             // the node's
  std::vector<MorphSourceTarget> targets;
  std::uint32_t source_count = 0;  // source vertices of its primitives so far
};

struct MorphSources {
  std::vector<MorphSourceGroup> groups;  // in the order the builder placed their nodes
};

// The placement the geometry builder gave a primitive's vertices.
struct MorphPlacement {
  const math::Mat4& transform;      // positions and tangents
  const math::Mat4& normal_matrix;  // normals
};

// Primitive `p` of node `node`'s mesh, `count` source vertices: its targets' deltas in model space
// appended to the node's group (made at the node's first primitive), and its morph source stream
// values; nothing when the primitive has no targets. Normal and tangent deltas are divided by the
// length the placement gives the primitive's own normal or tangent, as the builder stores unit
// ones. The default weights are the node's (glTF node.weights) or else the mesh's; node weights of
// another count than the targets are warned about and the mesh's used. Throws BakeError (`at` names model and primitive) for a non-finite delta.
std::optional<PrimitiveStreamValues> morph_source_values(MorphSources& sources, const Scene& scene, int node,
                                                         const Primitive& p, const MorphPlacement& place,
                                                         std::size_t count, const std::string& at, WarningLog& warnings);

}  // namespace aem::pipeline
