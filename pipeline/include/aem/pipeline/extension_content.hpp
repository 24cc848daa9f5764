#pragma once
// What a model holds beyond version 1's records (specs/aem-extensions.md section 4), as the bake's
// stages fill it: one member per extension, each empty when the model has no such content. The
// writer turns each non-empty member into its payload (pipeline/output/extensions/); a content
// whose members are all empty is written as plain version 1, byte for byte.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "aem/ext_uv1.hpp"

namespace aem::pipeline {

// `uv1`: the second UV set and which set each material's textures sample.
struct Uv1Content {
  std::vector<std::array<float, 2>> uvs;  // one per vertex of ModelContent::vertices (set 1), finite
  std::vector<Uv1Material> materials;     // one per material of ModelContent::materials
  bool empty() const { return uvs.empty(); }
};

struct ExtensionContent {
  // Members are added with their extension, each with its emptiness in empty() below.

  // `vertex_colours`: one linear RGBA colour per vertex of ModelContent::vertices, each component
  // in [0, 1]; empty: none. The writer picks the smallest encoding that holds every value exactly.
  std::vector<std::array<float, 4>> vertex_colours;

  Uv1Content uv1;

  bool empty() const { return vertex_colours.empty() && uv1.empty(); }
};

}  // namespace aem::pipeline
