#include "scene.hpp"

#include <cstdio>

#include "motion_bounds.hpp"

namespace aem::viewer {

Scene::Scene(std::unique_ptr<LoadedModel> loaded, const std::filesystem::path& path, const TextureCaps& caps)
    : loaded_(std::move(loaded)), path_(path) {
  gpu_ = std::make_unique<GpuModel>(loaded_->model, caps);
  player_ = std::make_unique<AnimationPlayer>(loaded_->model);
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
