#include "export/samf/samf_animations.hpp"

#include <cmath>
#include <map>

#include "aem/pipeline/samf_export.hpp"
#include "export/samf/samf_fixed_point.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline::samf {
namespace {

inline constexpr std::size_t kMaxAnimations = 65535;  // the header's u16 anim_count
// Bytes all animation blocks together may take. The frame rate is the caller's to choose, and
// without a bound a high one would ask for gigabytes before any u32 limit is reached. 64 MiB is
// 32 times the PlayStation's 2 MiB of main RAM: far past what a game can load, well inside
// what a tool can hold.
inline constexpr double kMaxAnimationBytes = 64.0 * 1024 * 1024;

// The first 8 bytes of `name`, cut back to a UTF-8 character boundary.
std::string cut_name(const std::string& name) {
  if (name.size() <= kNameBytes) return name;
  std::size_t end = kNameBytes;
  while (end > 0 && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;
  return name.substr(0, end);
}

std::uint32_t frame_count(const std::string& model_name, const std::string& name, double duration, double fps) {
  const double span = duration > 0 ? aem::round_half_away(duration * fps) : 0.0;
  if (!(span < 4294967295.0))
    throw SamfExportError(model_name + ": animation '" + name + "' lasts " + math::exact_text(duration) +
                          " s: at " + math::exact_text(fps) + " fps its frame count exceeds SAMF's u32");
  return std::uint32_t(span) + 1;
}

}  // namespace

std::vector<AnimationPlan> plan_animations(const Model& model, const std::string& model_name,
                                           std::size_t bone_count, double fps,
                                           std::vector<std::string>& warnings) {
  const auto animations = model.animations();
  if (animations.size() > kMaxAnimations)
    throw SamfExportError(model_name + ": " + std::to_string(animations.size()) +
                          " animations exceed SAMF's limit of 65535 (the header's u16 anim_count)");
  std::vector<AnimationPlan> plans;
  std::map<std::string, std::string> full_name_of;  // cut name -> the first full name cut to it
  double total_bytes = 0;                             // of the blocks planned so far
  for (std::uint32_t a = 0; a < animations.size(); ++a) {
    const std::string full(name_view(animations[a].name));
    const std::string cut = cut_name(full);
    const auto [it, fresh] = full_name_of.emplace(cut, full);
    if (!fresh)
      throw SamfExportError(model_name + ": animations '" + it->second + "' and '" + full + "' are both named '" +
                            cut + "' in SAMF's 8-byte names");
    if (cut != full)
      warnings.push_back(model_name + ": animation '" + full + "' is named '" + cut + "' (SAMF names are 8 bytes)");
    AnimationPlan plan;
    plan.index = a;
    std::copy(cut.begin(), cut.end(), plan.name.begin());
    plan.frames = frame_count(model_name, full, animations[a].duration, fps);
    const double block = double(kBlockHeaderBytes) + double(plan.frames) * double(bone_count) * double(kMatrixBytes);
    total_bytes += block;
    if (total_bytes > kMaxAnimationBytes)
      throw SamfExportError(model_name + ": at " + math::exact_text(fps) + " fps, animation '" + full + "' (" +
                            std::to_string(plan.frames) + " frames of " + std::to_string(bone_count) +
                            " bones) brings the animation blocks to " + math::exact_text(total_bytes) +
                            " bytes, past the exporter's limit of 67108864 (64 MiB): lower the frame rate");
    plan.block_size = std::uint32_t(block);
    plans.push_back(plan);
  }
  return plans;
}

}  // namespace aem::pipeline::samf
