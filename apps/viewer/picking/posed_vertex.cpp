#include "picking/posed_vertex.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "aem/morph.hpp"

namespace aem::viewer {

Vec3 posed_position(const Vertex& vertex, std::span<const float> skinning) {
  const Vec3 p{vertex.position[0], vertex.position[1], vertex.position[2]};
  Vec3 sum;
  float total = 0;
  for (int i = 0; i < 4; ++i) {
    const std::int32_t j = vertex.joints[i];
    if (j < 0 || vertex.weights[i] <= 0 || std::size_t(j) * 16 + 16 > skinning.size()) continue;
    Mat4 matrix;
    std::copy_n(skinning.data() + std::size_t(j) * 16, 16, matrix.m);
    sum = sum + transform_point(matrix, p) * vertex.weights[i];
    total += vertex.weights[i];
  }
  return total > 0 ? sum : p;
}

std::vector<Vec3> posed_positions(const Model& model, std::span<const float> skinning,
                                  std::span<const float> morph_weights) {
  std::span<const Vertex> vertices = model.vertices();
  std::vector<Vertex> morphed;
  const std::optional<MorphTargetsView> morphs = morph_targets_of(model);
  if (morphs && !morph_weights.empty() && morph_weights.size() == morphs->targets.size()) {
    morphed.resize(vertices.size());
    apply_morph_targets(*morphs, vertices, morph_weights, morphed);
    vertices = morphed;
  }
  std::vector<Vec3> posed(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) posed[i] = posed_position(vertices[i], skinning);
  return posed;
}

}  // namespace aem::viewer
