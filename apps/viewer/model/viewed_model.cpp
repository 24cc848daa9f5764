#include "model/viewed_model.hpp"

#include <cstdio>

#include "model/motion_bounds.hpp"

namespace aem::viewer {

ViewedModel::ViewedModel(std::unique_ptr<LoadedModel> loaded, const std::filesystem::path& path,
                         const TextureCaps& caps)
    : loaded_(std::move(loaded)), path_(path) {
  gpu_ = std::make_unique<GpuModel>(loaded_->model, caps);
  // Loud, not wrong: targets the GPU cannot hold are not drawn, and the line says so.
  if (!gpu_->morphs().refusal().empty()) {
    std::fprintf(stderr, "aem-viewer: warning: %s: %s\n", path.string().c_str(), gpu_->morphs().refusal().c_str());
  }
  player_ = std::make_unique<AnimationPlayer>(loaded_->model);
}

const Bounds& ViewedModel::framing_bounds() {
  const bool bind_pose = player_->animation() < 0;
  std::optional<Bounds>& bounds = motion_bounds_[bind_pose ? 1 : 0];
  if (!bounds) bounds = motion_bounds(loaded_->model, {.with_bind_pose = bind_pose});
  return *bounds;
}

}  // namespace aem::viewer
