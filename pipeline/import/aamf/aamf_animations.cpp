// Animations: each bone's keyframe matrices (parent-relative) as linear translation, rotation and
// scale channels with keys at k / fps.
#include "import/aamf/aamf_matrix.hpp"
#include "import/aamf/aamf_scene_builder.hpp"
#include "scene/scene_building.hpp"

namespace aem::pipeline::aamf {
namespace {

Animation animation_of(const Model& model, std::size_t a, double fps, StreamWriter& out, ShearReport& shear) {
  const AnimationData& data = model.animations[a];
  Animation animation;
  animation.where = "animation " + std::to_string(a) + " ('" + data.name + "')";
  animation.name = data.name.empty() ? "animation_" + std::to_string(a) : data.name;
  std::vector<float> times(data.frames);
  for (std::uint32_t k = 0; k < data.frames; ++k) times[k] = float(k / fps);
  const std::int32_t time_stream = out.add_floats(animation.where + " times", 1, times);
  for (std::size_t b = 0; b < model.bones.size(); ++b) {
    std::vector<float> t, r, s;
    std::array<double, 4> previous{0, 0, 0, 1};
    for (std::uint32_t k = 0; k < data.frames; ++k) {
      Trs trs = fit_fixed(to_matrix(data.keys[b * data.frames + k]));
      shear.add(animation.where + " bone " + std::to_string(b) + " keyframe " + std::to_string(k), trs.shear);
      const double dot = trs.rotation[0] * previous[0] + trs.rotation[1] * previous[1] + trs.rotation[2] * previous[2] + trs.rotation[3] * previous[3];
      if (k > 0 && dot < 0) for (double& c : trs.rotation) c = -c;  // keep neighbours on one hemisphere
      previous = trs.rotation;
      for (double c : trs.translation) t.push_back(float(c));
      for (double c : trs.rotation) r.push_back(float(c));
      for (double c : trs.scale) s.push_back(float(c));
    }
    const std::string where = animation.where + " bone " + std::to_string(b);
    add_linear_channel(animation, where + " translation", std::int32_t(b), TargetPath::translation, time_stream, out.add_floats(where + " translations", 3, t));
    add_linear_channel(animation, where + " rotation", std::int32_t(b), TargetPath::rotation, time_stream, out.add_floats(where + " rotations", 4, r));
    add_linear_channel(animation, where + " scale", std::int32_t(b), TargetPath::scale, time_stream, out.add_floats(where + " scales", 3, s));
  }
  return animation;
}

}  // namespace

void add_animations(const Model& model, double fps, Scene& scene, ShearReport& shear) {
  if (model.animations.empty()) return;
  StreamWriter out = stream_writer(scene);
  for (std::size_t a = 0; a < model.animations.size(); ++a) scene.animations.push_back(animation_of(model, a, fps, out, shear));
  out.finish();
}

}  // namespace aem::pipeline::aamf
