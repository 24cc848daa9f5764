#pragma once
// What a model holds beyond version 1's records (specs/aem-extensions.md section 4), as the bake's
// stages fill it: one member per extension, each empty when the model has no such content. The
// writer turns each non-empty member into its payload (pipeline/output/extensions/); a content
// whose members are all empty is written as plain version 1, byte for byte.
#include <cstdint>
#include <string>
#include <vector>

namespace aem::pipeline {

// One morph target as the `morph_targets` payload stores it (aem/ext_morph_targets.hpp).
struct MorphTargetContent {
  std::string name;
  float default_weight = 0;
  std::uint32_t attributes = 0;        // kMorphPosition | kMorphNormal | kMorphTangent, at least one
  std::uint32_t first_vertex = 0, vertex_span = 0;
  bool dense = true;                   // every vertex of the span has deltas; else those of sparse_indices
  std::vector<std::uint32_t> sparse_indices;  // sparse: ascending vertex numbers inside the span
  std::vector<float> deltas;           // 3 floats per enabled attribute per moved vertex
};
struct MorphGroupContent {
  std::string name;                    // the node's
  std::uint32_t target_count = 0;      // its targets follow the previous group's
};
struct MorphTargetsContent {
  std::vector<MorphGroupContent> groups;
  std::vector<MorphTargetContent> targets;
  // animation_count × group_count tracks, animation-major: each key a time, then the group's weights.
  std::vector<std::vector<float>> weight_tracks;
  bool empty() const { return targets.empty(); }
};

struct ExtensionContent {
  // Members are added with their extension, each with its emptiness in empty() below.
  MorphTargetsContent morph_targets;
  bool empty() const { return morph_targets.empty(); }
};

}  // namespace aem::pipeline
