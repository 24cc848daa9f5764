#include "scene.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "motion_bounds.hpp"

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

const Bounds& Scene::framing_bounds() {
  const bool bind_pose = player_->animation() < 0;
  std::optional<Bounds>& bounds = motion_bounds_[bind_pose ? 1 : 0];
  if (!bounds) bounds = motion_bounds(loaded_->model, {.with_bind_pose = bind_pose});
  return *bounds;
}

std::vector<std::string> Scene::statistics() const {
  const Model& m = loaded_->model;
  std::vector<std::string> lines;
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, "  %u vertices, %u triangles, %u meshes, %u materials",
                m.header().vertex_count, m.header().index_count / 3, m.header().mesh_count,
                m.header().material_count);
  lines.emplace_back(buffer);
  unsigned counts[3] = {0, 0, 0}, transparent = 0;
  for (const aem::Texture& t : m.textures()) {
    if (t.compression < 3) ++counts[t.compression];
  }
  for (const Material& material : m.materials()) transparent += material.type == 1 ? 1 : 0;
  std::snprintf(buffer, sizeof buffer, "  %u textures (%u RGBA8, %u BC5, %u BC7), %.1f MiB; %u transparent",
                m.header().texture_count, counts[0], counts[1], counts[2],
                double(m.header().image_buffer_size) / (1024.0 * 1024.0), transparent);
  lines.emplace_back(buffer);
  std::snprintf(buffer, sizeof buffer, "  %u joints, %u animations, %u keyframes; %s",
                m.header().joint_count, m.header().animation_count, m.header().keyframe_count,
                loaded_->baked_in_memory ? "baked in memory"
                : m.mapped()             ? (m.zero_copy() ? "mapped, zero-copy" : "mapped, realigned")
                                         : "read into memory");
  lines.emplace_back(buffer);
  return lines;
}

}  // namespace aem::viewer
