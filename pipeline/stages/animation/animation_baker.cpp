#include "stages/animation/animation_baker.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "scene/stream_reader.hpp"
#include "scene/utf8_name.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {
namespace {

using Value = math::Vec4;  // a rotation's x, y, z, w; a translation's or scale's x, y, z and 0

Keyframe key(double t, const Value& v) {
  return Keyframe{float(t), {float(v[0]), float(v[1]), float(v[2]), float(v[3])}};
}

struct Track {
  std::vector<double> times;
  std::vector<Value> values;  // LINEAR/STEP: one per time; CUBICSPLINE: in, value, out per time
  bool rotation = false;
  int components = 3;
};

Value hermite(const Track& c, std::size_t k, double s) {
  const double dt = c.times[k + 1] - c.times[k];
  const Value& v0 = c.values[k * 3 + 1];
  const Value& b0 = c.values[k * 3 + 2];
  const Value& v1 = c.values[(k + 1) * 3 + 1];
  const Value& a1 = c.values[(k + 1) * 3];
  const double s2 = s * s, s3 = s2 * s;
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  Value r;
  for (std::size_t i = 0; i < 4; ++i)
    r[i] = h00 * v0[i] + h10 * dt * b0[i] + h01 * v1[i] + h11 * dt * a1[i];
  return c.rotation ? math::normalize_quaternion(r) : r;
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

void resample_segment(const Track& c, std::size_t k, double s0, double s1, const Value& v0,
                      const Value& v1, double tolerance, int depth, std::vector<Keyframe>& out) {
  bool ok = true;
  for (double f : {0.25, 0.5, 0.75}) {
    const double s = s0 + (s1 - s0) * f;
    if (distance(hermite(c, k, s), lerp(v0, v1, f, c.rotation), c.rotation) > tolerance) {
      ok = false;
      break;
    }
  }
  if (ok || depth >= 10) {
    out.push_back(key(c.times[k] + (c.times[k + 1] - c.times[k]) * s1, v1));
    return;
  }
  const double sm = (s0 + s1) / 2;
  const Value vm = hermite(c, k, sm);
  resample_segment(c, k, s0, sm, v0, vm, tolerance, depth + 1, out);
  resample_segment(c, k, sm, s1, vm, v1, tolerance, depth + 1, out);
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

}  // namespace

std::vector<AnimationDesc> bake_animations(const Scene& scene, const SkeletonBuild& skeleton,
                                           const BakeOptions& options, WarningLog& warnings) {
  const std::filesystem::path& model = scene.model;
  const std::size_t joint_count = skeleton.joints.size();
  // Rest values per joint.
  std::vector<Value> rest_t(joint_count), rest_r(joint_count), rest_s(joint_count);
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
    rest_t[j] = {t[0], t[1], t[2], 0};
    rest_r[j] = {r[0], r[1], r[2], r[3]};
    rest_s[j] = {s[0], s[1], s[2], 0};
  }
  // Every kept animation holds at least three keys per joint (the rest values): check that
  // product before allocating any track. Animations without channels hold nothing else and are
  // dropped, so that thousands of them cost nothing.
  std::vector<std::size_t> kept;
  for (std::size_t ai = 0; ai < scene.animations.size(); ++ai) {
    const Animation& anim = scene.animations[ai];
    if (!anim.channels.empty()) {
      kept.push_back(ai);
      continue;
    }
    warnings.warn("empty animation", model.string() + ": " + anim.where +
                                         (anim.name.empty() ? "" : " (" + anim.name + ")") +
                                         " has no channels; dropped (and any other animation without channels)");
  }
  const std::uint64_t max_keys = options.limits.max_animation_keys;
  const auto keys_over_limit = [&](std::uint64_t keys, const std::string& what) {
    return BakeError(model.string() + ": " + what + " make " + std::to_string(keys) +
                     " animation keys, more than the limit of " + std::to_string(max_keys) +
                     " (--max-animation-keys raises it)");
  };
  const std::uint64_t rest_keys = std::uint64_t(joint_count) * kept.size() * 3;  // each factor < 2^32
  if (rest_keys > max_keys)
    throw keys_over_limit(rest_keys, std::to_string(joint_count) + " joints x " + std::to_string(kept.size()) +
                                         " animations x 3 tracks (at least one key each)");
  std::uint64_t total_keys = rest_keys;  // rest keys, plus each channel's keys as they are made
  std::vector<AnimationDesc> out;
  for (std::size_t ai : kept) {
    const Animation& anim = scene.animations[ai];
    AnimationDesc desc;
    desc.name = truncated_utf8(anim.name.empty() ? "animation_" + std::to_string(ai) : anim.name, 127);
    desc.joints.resize(joint_count);
    double duration = 0;
    for (std::size_t ci = 0; ci < anim.channels.size(); ++ci) {
      const Channel& ch = anim.channels[ci];
      throw_if_cancelled(options, model);
      const std::string at = model.string() + ": " + ch.where;
      if (ch.path == TargetPath::weights) {
        warnings.warn("morph targets", at + ": morph target weights animation dropped (AEM has no morph targets)");
        continue;
      }
      if (ch.path == TargetPath::other) {
        warnings.warn("animation path", at + ": target path '" + ch.path_name + "' ignored");
        continue;
      }
      if (ch.node == kNone) {
        warnings.warn("animation target", at + ": has no target node; ignored");
        continue;
      }
      const int joint = skeleton.joint_of_node[std::size_t(ch.node)];
      const AnimationSampler& smp = anim.samplers[std::size_t(ch.sampler)];
      const std::string sat = model.string() + ": " + smp.where;
      // Each key time makes at least one key (the first in place of the rest key counted above):
      // refuse before reading a huge input accessor.
      if (const std::uint64_t times_count = stream_count(scene, smp.input);
          times_count > 0 && total_keys + times_count - 1 > max_keys)
        throw keys_over_limit(total_keys + times_count - 1, "animation " + std::to_string(ai) + " channel " +
                                                            std::to_string(ci) + " (" + std::to_string(times_count) +
                                                            " key times) and the tracks before it");
      Track c;
      c.rotation = ch.path == TargetPath::rotation;
      c.components = c.rotation ? 4 : 3;
      const std::string interp = interpolation_name(smp.interpolation);
      const bool cubic = smp.interpolation == Interpolation::cubic_spline;
      const std::size_t per_key = cubic ? 3 : 1;
      // The counts agree before either accessor is read (an output of 2^28 zero values without
      // a buffer view would otherwise be read for a single key time).
      const std::size_t time_count = stream_count(scene, smp.input), value_count = stream_count(scene, smp.output);
      if (time_count == 0) throw BakeError(sat + ": input accessor has no key times");
      if (value_count != time_count * per_key)
        throw BakeError(sat + ": output accessor " + std::to_string(smp.output) + " has " +
                        std::to_string(value_count) + " values for " + std::to_string(time_count) + " key times (" +
                        interp + " needs " + std::to_string(time_count * per_key) + ")");
      const std::vector<float> times = read_floats(scene, smp.input, 1, sat + " input");
      const std::vector<float> values = read_floats(scene, smp.output, std::size_t(c.components), sat + " output");
      for (std::size_t k = 0; k < times.size(); ++k) {
        if (!std::isfinite(times[k]) || times[k] < 0)
          throw BakeError(sat + ": key time " + std::to_string(k) + " is negative or not finite");
        if (k > 0 && times[k] < times[k - 1])
          throw BakeError(sat + ": key times decrease at key " + std::to_string(k));
        c.times.push_back(times[k]);
      }
      for (float v : values)
        if (!std::isfinite(v)) throw BakeError(sat + ": output holds a non-finite value");
      for (std::size_t i = 0; i < values.size() / std::size_t(c.components); ++i) {
        Value v{0, 0, 0, 0};
        for (std::size_t k = 0; k < std::size_t(c.components); ++k) v[k] = values[i * std::size_t(c.components) + k];
        c.values.push_back(v);
      }
      duration = std::max(duration, c.times.back());
      if (joint < 0) continue;  // cannot happen: every animated node is a joint
      JointKeys& jk = desc.joints[std::size_t(joint)];
      std::vector<Keyframe>& keys = ch.path == TargetPath::translation ? jk.translations
                                    : c.rotation                      ? jk.rotations
                                                                      : jk.scales;
      if (!keys.empty()) {
        warnings.warn("duplicate channel", at + ": node " + std::to_string(ch.node) + " " +
                                                ch.path_name + " is animated twice; the first channel is kept");
        continue;
      }
      auto fix = [&](Value v) { return c.rotation ? math::normalize_quaternion(v) : Value{v[0], v[1], v[2], 0}; };
      if (smp.interpolation == Interpolation::linear) {
        for (std::size_t k = 0; k < c.times.size(); ++k) keys.push_back(key(c.times[k], fix(c.values[k])));
      } else if (smp.interpolation == Interpolation::step) {
        for (std::size_t k = 0; k < c.times.size(); ++k) {
          if (k > 0) keys.push_back(key(c.times[k], fix(c.values[k - 1])));
          keys.push_back(key(c.times[k], fix(c.values[k])));
        }
      } else {
        double lo = 1e300, hi = -1e300;
        for (std::size_t k = 0; k < c.times.size(); ++k)
          for (std::size_t i = 0; i < 3; ++i) {
            lo = std::min(lo, c.values[k * 3 + 1][i]);
            hi = std::max(hi, c.values[k * 3 + 1][i]);
          }
        const double tolerance = c.rotation ? options.resample_tolerance
                                            : options.resample_tolerance * std::max(1.0, hi - lo);
        keys.push_back(key(c.times[0], fix(c.values[1])));
        for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
          // (A segment makes at most 2^10 keys: every few thousand of them is often enough.)
          if (k % 4096 == 0) throw_if_cancelled(options, model);
          if (c.times[k + 1] == c.times[k]) {
            keys.push_back(key(c.times[k + 1], fix(c.values[(k + 1) * 3 + 1])));
            continue;
          }
          resample_segment(c, k, 0, 1, fix(c.values[k * 3 + 1]), fix(c.values[(k + 1) * 3 + 1]),
                           tolerance, 0, keys);
          // Resampling makes up to 1024 keys a segment: count as they come.
          if (total_keys + keys.size() - 1 > max_keys)
            throw keys_over_limit(total_keys + keys.size() - 1, "animation " + std::to_string(ai) + " channel " +
                                                                std::to_string(ci) + " and the tracks before it");
        }
      }
      total_keys += keys.size() - 1;  // its first key stands for the rest key counted above
      if (total_keys > max_keys)
        throw keys_over_limit(total_keys, "animation " + std::to_string(ai) + " channel " + std::to_string(ci) +
                                              " and the tracks before it");
    }
    desc.duration = float(duration);
    for (std::size_t j = 0; j < joint_count; ++j) {
      JointKeys& jk = desc.joints[j];
      if (jk.translations.empty()) jk.translations.push_back(key(0, rest_t[j]));
      if (jk.rotations.empty()) jk.rotations.push_back(key(0, rest_r[j]));
      if (jk.scales.empty()) jk.scales.push_back(key(0, rest_s[j]));
      // Key times are floats: clamp to the (float) duration so none lies past it.
      for (auto* keys : {&jk.translations, &jk.rotations, &jk.scales})
        for (Keyframe& k : *keys) k.time = std::min(k.time, desc.duration);
    }
    out.push_back(std::move(desc));
  }
  return out;
}

}  // namespace aem::pipeline
