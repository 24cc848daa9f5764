#pragma once
// What a model holds beyond version 1's records (specs/aem-extensions.md section 4), as the bake's
// stages fill it: one member per extension, each empty when the model has no such content. The
// writer turns each non-empty member into its payload (pipeline/output/extensions/); a content
// whose members are all empty is written as plain version 1, byte for byte.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "aem/ext_emissive.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/ext_uv1.hpp"

namespace aem::pipeline {

// `names`: one name per material and one per mesh of the model (UTF-8 without NUL, possibly
// empty), or no names at all. Written only when some name is not empty.
struct NamesContent {
  std::vector<std::string> materials;
  std::vector<std::string> meshes;
  bool empty() const {
    const auto blank = [](const std::string& s) { return s.empty(); };
    return std::all_of(materials.begin(), materials.end(), blank) && std::all_of(meshes.begin(), meshes.end(), blank);
  }
};

// `emissive`: one record per material (aem/ext_emissive.hpp), or none when every material
// follows the core rule.
struct EmissiveContent {
  std::vector<EmissiveRecord> materials;
  bool empty() const {
    return std::none_of(materials.begin(), materials.end(),
                        [](const EmissiveRecord& r) { return r.mode != std::uint32_t(EmissiveMode::core); });
  }
};

// `material_flags`: one u32 per material (aem/ext_material_flags.hpp), or none when no material
// has a flag.
struct MaterialFlagsContent {
  std::vector<std::uint32_t> materials;
  bool empty() const {
    return std::all_of(materials.begin(), materials.end(), [](std::uint32_t f) { return f == 0; });
  }
};

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

// `uv1`: the second UV set and which set each material's textures sample.
struct Uv1Content {
  std::vector<std::array<float, 2>> uvs;  // one per vertex of ModelContent::vertices (set 1), finite
  std::vector<Uv1Material> materials;     // one per material of ModelContent::materials
  bool empty() const { return uvs.empty(); }
};

// `lods`: per mesh of ModelContent::meshes, its levels of detail 1..n (none: no levels), each a
// triangle list numbered like ModelContent::indices with its object-space error
// (aem/ext_lods.hpp: triangle counts strictly decreasing, errors non-decreasing).
struct LodLevelContent {
  std::vector<std::uint32_t> indices;
  float error = 0;
};
struct LodsContent {
  std::vector<std::vector<LodLevelContent>> meshes;  // one per mesh, or none at all
  bool empty() const {
    return std::all_of(meshes.begin(), meshes.end(), [](const auto& levels) { return levels.empty(); });
  }
};

// `meshlets`: per mesh of ModelContent::meshes, one group per level (level 0, then each `lods`
// level), or no groups at all; each group's Meshlet records have first_vertex and first_triangle
// relative to the group's own `vertices` and `triangles` (the encoder places them in the payload).
struct MeshletGroupContent {
  std::vector<Meshlet> meshlets;           // at least one
  std::vector<std::uint32_t> vertices;     // version-1 vertex indices
  std::vector<std::uint32_t> triangles;    // packed a | b << 8 | c << 16
};
struct MeshletsContent {
  std::uint32_t max_vertices = 0, max_triangles = 0;  // the limits the meshlets were built to
  std::vector<std::vector<MeshletGroupContent>> meshes;  // one per mesh, or none at all
  bool empty() const {
    return std::all_of(meshes.begin(), meshes.end(), [](const auto& groups) { return groups.empty(); });
  }
};

struct ExtensionContent {
  NamesContent names;
  EmissiveContent emissive;
  MaterialFlagsContent material_flags;
  LodsContent lods;
  MeshletsContent meshlets;
  MorphTargetsContent morph_targets;
  // `vertex_colours`: one linear RGBA colour per vertex of ModelContent::vertices, each component
  // in [0, 1]; empty: none. The writer picks the smallest encoding that holds every value exactly.
  std::vector<std::array<float, 4>> vertex_colours;
  Uv1Content uv1;
  // Each member's emptiness is part of this.
  bool empty() const {
    return names.empty() && emissive.empty() && material_flags.empty() && lods.empty() && meshlets.empty() && morph_targets.empty() &&
           vertex_colours.empty() && uv1.empty();
  }
};

}  // namespace aem::pipeline
