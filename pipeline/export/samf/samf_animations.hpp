#pragma once
// SAMF's animations: 8-byte names, frame counts at a fixed rate, and every bone's
// parent-relative matrix sampled from the runtime's AnimationSampler at each frame.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "aem/animation_sampler.hpp"
#include "aem/model.hpp"
#include "export/samf/samf_bones.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline::samf {

inline constexpr std::size_t kNameBytes = 8;
inline constexpr std::size_t kBlockHeaderBytes = 20;  // u32 block_size, name[8], u32 count, u32 pointer

struct AnimationPlan {
  std::uint32_t index = 0;                 // in the AEM model
  std::array<char, kNameBytes> name{};     // NUL-padded
  std::uint32_t frames = 1;                // round(duration x fps) + 1
  std::uint32_t block_size = 0;            // bytes, its own 4 included
};

// One plan per animation. Throws SamfExportError for more than 65,535 animations, names that
// collide once cut to 8 bytes, a frame count past u32, and blocks that together pass 64 MiB
// (which also keeps every block_size inside its u32); adds a warning per name cut.
std::vector<AnimationPlan> plan_animations(const Model& model, const std::string& model_name,
                                           std::size_t bone_count, double fps,
                                           std::vector<std::string>& warnings);

// Calls visit(bone, frame, local) for every frame of `plan` (time min(frame / fps, duration))
// and every bone, frame by frame: the bone's parent-relative matrix (the static bone's is the
// identity).
template <class Visit>
void sample_animation(const Model& model, aem::AnimationSampler& sampler, const Bones& bones,
                      const AnimationPlan& plan, double fps, Visit&& visit) {
  std::vector<Transform> locals(model.joints().size());
  const double duration = model.animations()[plan.index].duration;
  for (std::uint32_t frame = 0; frame < plan.frames; ++frame) {
    const double time = std::min(double(frame) / fps, duration);
    sampler.sample(plan.index, float(time), Playback::clamp, locals);
    for (std::size_t bone = 0; bone < bones.joint_of.size(); ++bone) {
      const Transform& t = locals[bones.joint_of[bone]];
      const math::Mat4 local = math::compose_trs({t.translation.x, t.translation.y, t.translation.z},
                                                 {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w},
                                                 {t.scale.x, t.scale.y, t.scale.z});
      visit(bone, frame, local);
    }
    if (bones.has_static_bone) visit(std::size_t(bones.static_bone()), frame, math::kIdentity);
  }
}

}  // namespace aem::pipeline::samf
