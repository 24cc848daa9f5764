#pragma once
// The model the viewer shows, with everything the viewer derives from it: GPU resources, the
// animation player, the bounds it frames. (Not the pipeline's Scene, which is a source's
// description on its way into a bake.)
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/animation_player.hpp"
#include "model/model_source.hpp"
#include "render/gpu_model.hpp"

namespace aem::viewer {

class ViewedModel {
 public:
  // Needs a current GL context; throws std::runtime_error naming the file on failure.
  ViewedModel(std::unique_ptr<LoadedModel> loaded, const std::filesystem::path& path,
              const TextureCaps& caps);

  const Model& model() const { return loaded_->model; }
  GpuModel& gpu() { return *gpu_; }
  AnimationPlayer& player() { return *player_; }
  const std::filesystem::path& path() const { return path_; }
  // Bounds over the whole motion of every animation, and the bind pose too while it is shown
  // (animation -1): what the camera frames, so that the model stays in view as it plays (see
  // motion_bounds.hpp). Computed once each.
  const Bounds& framing_bounds();
  // What an in-memory bake warned about (empty for an .aem file).
  const std::vector<std::string>& warnings() const { return loaded_->warnings; }
  bool baked_in_memory() const { return loaded_->baked_in_memory; }
  double load_ms() const { return loaded_->load_ms; }

 private:
  std::unique_ptr<LoadedModel> loaded_;
  std::filesystem::path path_;
  std::unique_ptr<GpuModel> gpu_;
  std::unique_ptr<AnimationPlayer> player_;
  std::optional<Bounds> motion_bounds_[2];  // without, with the bind pose
};

}  // namespace aem::viewer
