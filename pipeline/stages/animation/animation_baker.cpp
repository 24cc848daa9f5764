#include "stages/animation/animation_baker.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "scene/stream_reader.hpp"
#include "scene/utf8_name.hpp"
#include "scene/utf8_repair.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {
namespace {

using Value = math::Vec4;  // a rotation's x, y, z, w; a translation's or scale's x, y, z and 0

Keyframe key(double t, const Value& v) {
  return Keyframe{float(t), {float(v[0]), float(v[1]), float(v[2]), float(v[3])}};
}

// One glTF sampler's keys as doubles, as read (not AEM's Track, which the output side writes).
struct SamplerCurve {
  std::vector<double> times;
  std::vector<Value> values;  // LINEAR/STEP: one per time; CUBICSPLINE: in, value, out per time
  bool rotation = false;
  int components = 3;
};

Value hermite(const SamplerCurve& curve, std::size_t segment, double s) {
  const std::size_t k = segment;
  const double dt = curve.times[k + 1] - curve.times[k];
  const Value& v0 = curve.values[k * 3 + 1];
  const Value& b0 = curve.values[k * 3 + 2];
  const Value& v1 = curve.values[(k + 1) * 3 + 1];
  const Value& a1 = curve.values[(k + 1) * 3];
  const double s2 = s * s, s3 = s2 * s;
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  Value r;
  for (std::size_t i = 0; i < 4; ++i)
    r[i] = h00 * v0[i] + h10 * dt * b0[i] + h01 * v1[i] + h11 * dt * a1[i];
  return curve.rotation ? math::normalize_quaternion(r) : r;
}

Value lerp(const Value& a, const Value& b, double s, bool rotation) {
  Value r;
  double sign = 1;
  if (rotation && a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0) sign = -1;
  for (std::size_t i = 0; i < 4; ++i) r[i] = a[i] + (sign * b[i] - a[i]) * s;
  return rotation ? math::normalize_quaternion(r) : r;
}

double distance(const Value& a, const Value& b, bool rotation) {
  double d = 0, d_neg = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    d = std::max(d, std::fabs(a[i] - b[i]));
    d_neg = std::max(d_neg, std::fabs(a[i] + b[i]));
  }
  return rotation ? std::min(d, d_neg) : d;
}

void resample_segment(const SamplerCurve& curve, std::size_t k, double s0, double s1, const Value& v0,
                      const Value& v1, double tolerance, int depth, std::vector<Keyframe>& out) {
  bool ok = true;
  for (double f : {0.25, 0.5, 0.75}) {
    const double s = s0 + (s1 - s0) * f;
    if (distance(hermite(curve, k, s), lerp(v0, v1, f, curve.rotation), curve.rotation) > tolerance) {
      ok = false;
      break;
    }
  }
  if (ok || depth >= 10) {
    out.push_back(key(curve.times[k] + (curve.times[k + 1] - curve.times[k]) * s1, v1));
    return;
  }
  const double sm = (s0 + s1) / 2;
  const Value vm = hermite(curve, k, sm);
  resample_segment(curve, k, s0, sm, v0, vm, tolerance, depth + 1, out);
  resample_segment(curve, k, sm, s1, vm, v1, tolerance, depth + 1, out);
}

// A value as a key stores it: rotations normalised, translations and scales with w = 0.
Value stored_value(const SamplerCurve& curve, const Value& v) {
  return curve.rotation ? math::normalize_quaternion(v) : Value{v[0], v[1], v[2], 0};
}

void linear_keys(const SamplerCurve& curve, std::vector<Keyframe>& keys) {
  for (std::size_t k = 0; k < curve.times.size(); ++k)
    keys.push_back(key(curve.times[k], stored_value(curve, curve.values[k])));
}

// Each jump held by a repeated key time: the value before it, then the value after.
void step_keys(const SamplerCurve& curve, std::vector<Keyframe>& keys) {
  for (std::size_t k = 0; k < curve.times.size(); ++k) {
    if (k > 0) keys.push_back(key(curve.times[k], stored_value(curve, curve.values[k - 1])));
    keys.push_back(key(curve.times[k], stored_value(curve, curve.values[k])));
  }
}

// The resampling tolerance: absolute for rotations, relative to max(1, the value range) else.
double cubic_tolerance(const SamplerCurve& curve, double resample_tolerance) {
  double lo = 1e300, hi = -1e300;
  for (std::size_t k = 0; k < curve.times.size(); ++k)
    for (std::size_t i = 0; i < 3; ++i) {
      lo = std::min(lo, curve.values[k * 3 + 1][i]);
      hi = std::max(hi, curve.values[k * 3 + 1][i]);
    }
  return curve.rotation ? resample_tolerance : resample_tolerance * std::max(1.0, hi - lo);
}

// glTF's spelling, which messages use.
std::string interpolation_name(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::linear: return "LINEAR";
    case Interpolation::step: return "STEP";
    case Interpolation::cubic_spline: return "CUBICSPLINE";
  }
  return "LINEAR";  // not reached: the switch names every interpolation
}

// Sampler `sampler`'s keys, checked: as many values as its interpolation needs per key time
// (checked before either accessor is read), times finite, non-negative and non-decreasing,
// values finite. `sampler_at` ("model: animation 0 sampler 1") starts each message.
SamplerCurve read_curve(const Scene& scene, const AnimationSampler& sampler, bool rotation,
                        const std::string& sampler_at) {
  SamplerCurve curve;
  curve.rotation = rotation;
  curve.components = rotation ? 4 : 3;
  const std::size_t per_key = sampler.interpolation == Interpolation::cubic_spline ? 3 : 1;
  // The counts agree before either accessor is read (an output of 2^28 zero values without
  // a buffer view would otherwise be read for a single key time).
  const std::size_t time_count = stream_count(scene, sampler.input);
  const std::size_t value_count = stream_count(scene, sampler.output);
  if (time_count == 0) throw BakeError(sampler_at + ": input accessor has no key times");
  if (value_count != time_count * per_key)
    throw BakeError(sampler_at + ": output accessor " + std::to_string(sampler.output) + " has " +
                    std::to_string(value_count) + " values for " + std::to_string(time_count) + " key times (" +
                    interpolation_name(sampler.interpolation) + " needs " + std::to_string(time_count * per_key) + ")");
  const std::vector<float> times = read_floats(scene, sampler.input, 1, sampler_at + " input");
  const std::vector<float> values = read_floats(scene, sampler.output, std::size_t(curve.components), sampler_at + " output");
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (!std::isfinite(times[k]) || times[k] < 0)
      throw BakeError(sampler_at + ": key time " + std::to_string(k) + " is negative or not finite");
    if (k > 0 && times[k] < times[k - 1])
      throw BakeError(sampler_at + ": key times decrease at key " + std::to_string(k));
    curve.times.push_back(times[k]);
  }
  for (float v : values)
    if (!std::isfinite(v)) throw BakeError(sampler_at + ": output holds a non-finite value");
  const std::size_t components = std::size_t(curve.components);
  for (std::size_t i = 0; i < values.size() / components; ++i) {
    Value v{0, 0, 0, 0};
    for (std::size_t k = 0; k < components; ++k) v[k] = values[i * components + k];
    curve.values.push_back(v);
  }
  return curve;
}

// Each joint's rest translation, rotation and scale: the keys of a track no channel animates.
struct RestPose {
  std::vector<Value> translations, rotations, scales;  // per joint
};

RestPose rest_pose(const SkeletonBuild& skeleton, const std::filesystem::path& model, WarningLog& warnings) {
  const std::size_t joint_count = skeleton.joints.size();
  RestPose rest{std::vector<Value>(joint_count), std::vector<Value>(joint_count), std::vector<Value>(joint_count)};
  for (std::size_t j = 0; j < joint_count; ++j) {
    math::Vec3 t, s;
    math::Vec4 r;
    if (!math::decompose_trs(skeleton.rest_local[std::size_t(skeleton.node_of_joint[j])], t, r, s)) {
      warnings.warn("degenerate rest", model.string() + ": node " + std::to_string(skeleton.node_of_joint[j]) +
                                           " has a rest transform that is not a T*R*S; its animation rest keys use identity");
      t = {0, 0, 0};
      r = {0, 0, 0, 1};
      s = {1, 1, 1};
    }
    rest.translations[j] = {t[0], t[1], t[2], 0};
    rest.rotations[j] = {r[0], r[1], r[2], r[3]};
    rest.scales[j] = {s[0], s[1], s[2], 0};
  }
  return rest;
}

// The animations that have channels, by index. Animations without channels hold nothing but
// rest keys and are dropped with a warning, so that thousands of them cost nothing.
std::vector<std::size_t> animations_with_channels(const Scene& scene, WarningLog& warnings) {
  for (std::size_t ai = 0; ai < scene.animations.size(); ++ai) {
    const Animation& anim = scene.animations[ai];
    if (!anim.channels.empty()) continue;
    warnings.warn("empty animation", scene.model.string() + ": " + anim.where +
                                         (anim.name.empty() ? "" : " (" + anim.name + ")") +
                                         " has no channels; dropped (and any other animation without channels)");
  }
  return baked_animation_indices(scene);
}

// All tracks' keys against BakeLimits::max_animation_keys. The rest keys (three per joint and
// animation) are taken first; a track's first key stands for its rest key, so a track takes
// its key count less one.
class KeyBudget {
 public:
  KeyBudget(const std::filesystem::path& model, std::uint64_t max_keys) : model_(model), max_keys_(max_keys) {}
  // Whether `more` keys beyond those taken stay within the limit.
  bool fits(std::uint64_t more) const { return taken_ + more <= max_keys_; }
  void take(std::uint64_t more) { taken_ += more; }
  // The error for `more` keys beyond those taken, made by `what` ("animation 0 channel 2").
  BakeError over_limit(std::uint64_t more, const std::string& what) const {
    return BakeError(model_.string() + ": " + what + " make " + std::to_string(taken_ + more) +
                     " animation keys, more than the limit of " + std::to_string(max_keys_) +
                     " (--max-animation-keys raises it)");
  }

 private:
  const std::filesystem::path& model_;
  std::uint64_t max_keys_;
  std::uint64_t taken_ = 0;
};

// The bake of a scene's animations: one AnimationDesc per animation with channels, one track
// per joint in each.
class AnimationBaker {
 public:
  AnimationBaker(const Scene& scene, const SkeletonBuild& skeleton, const BakeOptions& options, WarningLog& warnings)
      : scene_(scene), skeleton_(skeleton), options_(options), warnings_(warnings),
        budget_(scene.model, options.limits.max_animation_keys) {}

  std::vector<AnimationDesc> bake() {
    const RestPose rest = rest_pose(skeleton_, model(), warnings_);
    const std::vector<std::size_t> kept = animations_with_channels(scene_, warnings_);
    take_rest_keys(kept.size());
    std::vector<AnimationDesc> out;
    for (std::size_t ai : kept) out.push_back(bake_animation(ai, rest));
    return out;
  }

 private:
  const std::filesystem::path& model() const { return scene_.model; }

  // Every kept animation holds at least three keys per joint (the rest values): checked before
  // any track is allocated.
  void take_rest_keys(std::size_t animation_count) {
    const std::size_t joint_count = skeleton_.joints.size();
    const std::uint64_t rest_keys = std::uint64_t(joint_count) * animation_count * 3;  // each factor < 2^32
    if (!budget_.fits(rest_keys))
      throw budget_.over_limit(rest_keys, std::to_string(joint_count) + " joints x " + std::to_string(animation_count) +
                                              " animations x 3 tracks (at least one key each)");
    budget_.take(rest_keys);
  }

  AnimationDesc bake_animation(std::size_t ai, const RestPose& rest) {
    const Animation& anim = scene_.animations[ai];
    AnimationDesc desc;
    const std::string name = stored_name(anim.name);  // as joint_name: no NUL, valid UTF-8
    desc.name = truncated_utf8(name.empty() ? "animation_" + std::to_string(ai) : name, 127);
    desc.joints.resize(skeleton_.joints.size());
    double duration = 0;
    for (std::size_t ci = 0; ci < anim.channels.size(); ++ci) bake_channel(anim, ai, ci, desc, duration);
    desc.duration = float(duration);
    fill_rest_keys(desc, rest);
    return desc;
  }

  // Tracks no channel animated get their joint's rest value; key times are floats, so each is
  // clamped to the (float) duration so that none lies past it.
  static void fill_rest_keys(AnimationDesc& desc, const RestPose& rest) {
    for (std::size_t j = 0; j < desc.joints.size(); ++j) {
      JointKeys& jk = desc.joints[j];
      if (jk.translations.empty()) jk.translations.push_back(key(0, rest.translations[j]));
      if (jk.rotations.empty()) jk.rotations.push_back(key(0, rest.rotations[j]));
      if (jk.scales.empty()) jk.scales.push_back(key(0, rest.scales[j]));
      for (auto* keys : {&jk.translations, &jk.rotations, &jk.scales})
        for (Keyframe& k : *keys) k.time = std::min(k.time, desc.duration);
    }
  }

  // Whether channel `ch` can be baked; else warns why it is ignored.
  bool bakeable(const Channel& ch, const std::string& at) {
    if (ch.path == TargetPath::weights) {  // baked with the morph targets (bake_morph_weights)
      if (options_.version_1_only)
        warnings_.warn("morph targets", at + ": morph target weights animation dropped (version 1 has no morph targets: --format-version 1)");
      return false;
    }
    if (ch.path == TargetPath::other) {
      warnings_.warn("animation path", at + ": target path '" + ch.path_name + "' ignored");
      return false;
    }
    if (ch.node == kNone) {
      warnings_.warn("animation target", at + ": has no target node; ignored");
      return false;
    }
    return true;
  }

  // Channel `ci` of animation `ai` into its joint's track of `desc`; `duration` grows to its
  // last key time.
  void bake_channel(const Animation& anim, std::size_t ai, std::size_t ci, AnimationDesc& desc, double& duration) {
    const Channel& ch = anim.channels[ci];
    throw_if_cancelled(options_, model());
    const std::string at = model().string() + ": " + ch.where;
    if (!bakeable(ch, at)) return;
    const int joint = skeleton_.joint_of_node[std::size_t(ch.node)];
    const AnimationSampler& sampler = anim.samplers[std::size_t(ch.sampler)];
    const std::string sampler_at = model().string() + ": " + sampler.where;
    const std::string channel_name = "animation " + std::to_string(ai) + " channel " + std::to_string(ci);
    // Each key time makes at least one key (the first in place of the rest key counted above):
    // refuse before reading a huge input accessor.
    if (const std::uint64_t key_time_count = stream_count(scene_, sampler.input);
        key_time_count > 0 && !budget_.fits(key_time_count - 1))
      throw budget_.over_limit(key_time_count - 1, channel_name + " (" + std::to_string(key_time_count) +
                                                       " key times) and the tracks before it");
    const SamplerCurve curve = read_curve(scene_, sampler, ch.path == TargetPath::rotation, sampler_at);
    duration = std::max(duration, curve.times.back());
    if (joint < 0) return;  // cannot happen: every animated node is a joint
    JointKeys& jk = desc.joints[std::size_t(joint)];
    std::vector<Keyframe>& keys = ch.path == TargetPath::translation ? jk.translations
                                  : curve.rotation                  ? jk.rotations
                                                                    : jk.scales;
    if (!keys.empty()) {
      warnings_.warn("duplicate channel", at + ": node " + std::to_string(ch.node) + " " +
                                              ch.path_name + " is animated twice; the first channel is kept");
      return;
    }
    if (sampler.interpolation == Interpolation::linear) linear_keys(curve, keys);
    else if (sampler.interpolation == Interpolation::step) step_keys(curve, keys);
    else cubic_keys(curve, channel_name, keys);
    if (!budget_.fits(keys.size() - 1)) throw budget_.over_limit(keys.size() - 1, channel_name + " and the tracks before it");
    budget_.take(keys.size() - 1);  // its first key stands for the rest key counted above
  }

  // A CUBICSPLINE curve as linear keys: each segment bisected until linear interpolation is
  // within the tolerance of the Hermite curve (resample_segment).
  void cubic_keys(const SamplerCurve& curve, const std::string& channel_name, std::vector<Keyframe>& keys) {
    const double tolerance = cubic_tolerance(curve, options_.resample_tolerance);
    keys.push_back(key(curve.times[0], stored_value(curve, curve.values[1])));
    for (std::size_t k = 0; k + 1 < curve.times.size(); ++k) {
      // (A segment makes at most 2^10 keys: every few thousand of them is often enough.)
      if (k % 4096 == 0) throw_if_cancelled(options_, model());
      if (curve.times[k + 1] == curve.times[k]) {
        keys.push_back(key(curve.times[k + 1], stored_value(curve, curve.values[(k + 1) * 3 + 1])));
        continue;
      }
      resample_segment(curve, k, 0, 1, stored_value(curve, curve.values[k * 3 + 1]),
                       stored_value(curve, curve.values[(k + 1) * 3 + 1]), tolerance, 0, keys);
      // Resampling makes up to 1024 keys a segment: count as they come.
      if (!budget_.fits(keys.size() - 1))
        throw budget_.over_limit(keys.size() - 1, channel_name + " and the tracks before it");
    }
  }

  const Scene& scene_;
  const SkeletonBuild& skeleton_;
  const BakeOptions& options_;
  WarningLog& warnings_;
  KeyBudget budget_;
};

}  // namespace

std::vector<std::size_t> baked_animation_indices(const Scene& scene) {
  std::vector<std::size_t> kept;
  for (std::size_t ai = 0; ai < scene.animations.size(); ++ai)
    if (!scene.animations[ai].channels.empty()) kept.push_back(ai);
  return kept;
}

std::vector<AnimationDesc> bake_animations(const Scene& scene, const SkeletonBuild& skeleton,
                                           const BakeOptions& options, WarningLog& warnings) {
  return AnimationBaker(scene, skeleton, options, warnings).bake();
}

}  // namespace aem::pipeline
