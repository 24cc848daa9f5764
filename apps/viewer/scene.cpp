#include "scene.hpp"

#include <algorithm>
#include <limits>

namespace aem::viewer {

Scene::Scene(std::unique_ptr<LoadedModel> loaded, const std::filesystem::path& path, const TextureCaps& caps)
    : loaded_(std::move(loaded)), path_(path) {
  gpu_ = std::make_unique<GpuModel>(loaded_->model, caps);
  player_ = std::make_unique<AnimationPlayer>(loaded_->model);
}

Bounds Scene::posed_bounds() {
  const Model& m = loaded_->model;
  player_->evaluate();
  const std::span<const float> skin = player_->skinning();
  constexpr float kMax = std::numeric_limits<float>::max();
  Bounds b{{kMax, kMax, kMax}, {-kMax, -kMax, -kMax}};
  for (const Vertex& v : m.vertices()) {
    V3 p{v.position[0], v.position[1], v.position[2]};
    float total = 0;
    V3 sum;
    for (int i = 0; i < 4; ++i) {
      const std::int32_t j = v.joints[i];
      if (j < 0 || v.weights[i] <= 0 || std::size_t(j) * 16 + 16 > skin.size()) continue;
      M4 matrix;
      std::copy_n(skin.data() + std::size_t(j) * 16, 16, matrix.m.begin());
      sum = sum + transform_point(matrix, p) * v.weights[i];
      total += v.weights[i];
    }
    if (total > 0) p = sum;
    b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y), std::min(b.min.z, p.z)};
    b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y), std::max(b.max.z, p.z)};
  }
  if (b.min.x > b.max.x) return gpu_->bounds();
  return b;
}

}  // namespace aem::viewer
