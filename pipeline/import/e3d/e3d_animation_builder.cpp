// E3D animations as scene animations: each TCB frame track resampled into linear keys within a
// stated error (specs/e3d-import.md): positions 1e-4 of the model's size, scaling 1e-4,
// rotations 0.01 degree. Frames become seconds at kFramesPerSecond from the animation's start.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>

#include "import/e3d/e3d_handedness.hpp"
#include "import/e3d/e3d_quaternion.hpp"
#include "math/quaternion.hpp"
#include "import/e3d/e3d_scene_builder.hpp"
#include "scene/scene_building.hpp"
#include "import/e3d/e3d_tcb_curve.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline::e3d {
namespace {

constexpr double kRotationToleranceDegrees = 0.01;
constexpr double kRelativeTolerance = 1e-4;

// The size positions are measured against: the diagonal of every mesh's bounds (1 if none).
double model_size(const Model& model) {
  Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  for (const MeshData& m : model.meshes)
    for (const Vec3& p : m.positions)
      for (int c = 0; c < 3; ++c) { lo[c] = std::min(lo[c], p[c]); hi[c] = std::max(hi[c], p[c]); }
  if (!(lo[0] <= hi[0])) return 1;
  const double d = std::hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  return d > 0 && std::isfinite(d) ? d : 1;
}

std::vector<CurveKey> curve_keys(const TrackData& track, std::size_t components, bool unwrap_degrees) {
  std::vector<CurveKey> keys;
  for (const TrackKey& k : track.keys) {
    CurveKey c;
    c.frame = k.frame;
    if (track.kind == TrackKind::rotation) {
      c.value = to_xyzw(from_stored(k.value));  // the file's w, x, y, z as the curve's x, y, z, w
    } else {
      for (std::size_t i = 0; i < components; ++i) c.value[i] = k.value[i];
    }
    // Angles: each key within 180 degrees of the previous one, as Ecere's angle interpolation turns.
    if (unwrap_degrees && !keys.empty()) c.value[0] -= 360 * aem::round_half_away((c.value[0] - keys.back().value[0]) / 360);
    c.tension = k.tension; c.continuity = k.continuity; c.bias = k.bias; c.ease_from = k.ease_from; c.ease_to = k.ease_to;
    keys.push_back(c);
  }
  return keys;
}

struct Builder {
  const Model& model;
  Scene& scene;
  WarningLog& warnings;
  std::uint64_t keys_left;
  double position_tolerance;
  std::vector<unsigned char> bytes;
  std::int32_t buffer = kNone;
  Animation animation;

  std::int32_t stream(const std::string& where, std::uint8_t components, const std::vector<float>& values) {
    const std::int32_t index = append_stream(scene, bytes, buffer, where, ComponentType::f32, components, false, values.size() / components);
    std::memcpy(bytes.data() + scene.streams[std::size_t(index)].offset, values.data(), values.size() * 4);
    return index;
  }

  // Resampled keys of `value_at` as a linear sampler and a channel on `node`.
  template <typename ValueAt, typename Error>
  void add_channel(const std::string& where, std::int32_t node, TargetPath path, const std::vector<double>& key_frames,
                   double first, double last, bool rotation, double tolerance, ValueAt value_at, Error error) {
    std::vector<double> frames = resample_frames(value_at, key_frames, first, last, rotation, tolerance, std::size_t(keys_left), error);
    if (frames.empty())
      throw BakeError(scene.model.string() + ": " + where + ": resampling needs more than the " + std::to_string(keys_left) +
                      " animation keys left of --max-animation-keys");
    keys_left -= frames.size();
    std::vector<float> times, values;
    const std::uint8_t components = rotation ? 4 : 3;
    for (double f : frames) {
      times.push_back(float((f - first) / kFramesPerSecond));
      const Value4 v = value_at(f);
      if (rotation) {
        const auto q = to_scene_rotation(to_wxyz(math::unit_quaternion(v)));
        for (double c : q) values.push_back(float(c));
      } else {
        const auto p = path == TargetPath::translation ? to_scene_vector(std::array<double, 3>{v[0], v[1], v[2]})
                                                        : std::array<double, 3>{v[0], v[1], v[2]};
        for (double c : p) values.push_back(float(c));
      }
    }
    const std::int32_t input = stream(where + " times", 1, times);
    add_linear_channel(animation, where, node, path, input, stream(where + " values", components, values));
  }
};

std::vector<double> frames_of(const TrackData& track) {
  std::vector<double> out;
  for (const TrackKey& k : track.keys) out.push_back(k.frame);
  return out;
}

double vector_error(const Value4& a, const Value4& b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

}  // namespace

namespace {

// Tracks name their node by id or, in older files, by name.
class NodeLookup {
 public:
  explicit NodeLookup(const Model& model) {
    for (std::size_t i = 0; i < model.nodes.size(); ++i) {
      if (model.nodes[i].id) by_id_.emplace(*model.nodes[i].id, std::int32_t(i));
      if (!model.nodes[i].name.empty()) by_name_.emplace(model.nodes[i].name, std::int32_t(i));
    }
  }
  std::int32_t node_of(const TrackData& t) const {
    if (t.node_id) {
      const auto it = by_id_.find(*t.node_id);
      return it == by_id_.end() ? kNone : it->second;
    }
    const auto it = by_name_.find(t.node_name);
    return it == by_name_.end() ? kNone : it->second;
  }

 private:
  std::map<std::uint32_t, std::int32_t> by_id_;
  std::map<std::string, std::int32_t> by_name_;
};

// Yaw, pitch and roll tracks of one node make one rotation channel.
struct Euler { const TrackData* angle[3] = {nullptr, nullptr, nullptr}; };  // pitch (x), yaw (y), roll (z)

// The frames an animation spans: its own range when it states one, else its keys'.
std::array<double, 2> frame_range(const AnimationData& a) {
  if (a.frames) return {double((*a.frames)[0]), double((*a.frames)[1])};
  double first = INFINITY, last = -INFINITY;
  for (const TrackData& t : a.tracks)
    if (!t.keys.empty()) { first = std::min<double>(first, t.keys.front().frame); last = std::max<double>(last, t.keys.back().frame); }
  if (!(first <= last)) return {0, 0};
  return {first, last};
}

// A position, scaling or rotation track as its channel.
void add_track_channel(Builder& b, const TrackData& t, std::int32_t node, std::array<double, 2> range) {
  const std::vector<double> key_frames = frames_of(t);
  if (t.kind == TrackKind::rotation) {
    const TcbCurve curve(curve_keys(t, 4, false), 4, true, t.loop);
    b.add_channel(t.where, node, TargetPath::rotation, key_frames, range[0], range[1], true, kRotationToleranceDegrees,
                  [&](double f) { return curve.at(f); }, math::rotation_angle_degrees);
    return;
  }
  const TcbCurve curve(curve_keys(t, 3, false), 3, false, t.loop);
  const bool position = t.kind == TrackKind::position;
  b.add_channel(t.where, node, position ? TargetPath::translation : TargetPath::scale, key_frames, range[0], range[1], false,
                position ? b.position_tolerance : kRelativeTolerance, [&](double f) { return curve.at(f); },
                [&](const Value4& x, const Value4& y) {
                  return position ? vector_error(x, y) : vector_error(x, y) / std::max(1.0, std::abs(x[0]) + std::abs(x[1]) + std::abs(x[2]));
                });
}

// One node's yaw, pitch and roll tracks as one rotation channel, composed in the file's order.
void add_euler_channel(Builder& b, std::int32_t node, const Euler& euler, std::array<double, 2> range) {
  std::vector<TcbCurve> curves;
  std::vector<int> axes;
  std::vector<double> key_frames;
  std::uint8_t order = 4;
  std::string where;
  for (int axis = 0; axis < 3; ++axis) {
    if (!euler.angle[axis]) continue;
    curves.emplace_back(curve_keys(*euler.angle[axis], 1, true), 1, false, euler.angle[axis]->loop);
    axes.push_back(axis);
    for (double f : frames_of(*euler.angle[axis])) key_frames.push_back(f);
    order = euler.angle[axis]->rotation_order;
    where = where.empty() ? euler.angle[axis]->where : where;
  }
  if (axes.size() < 3 && b.model.nodes[std::size_t(node)].orientation != WFirstQuaternion{})
    b.warnings.warn("euler tracks", where, b.scene.model.string() + ": " + where + ": a node with a rest orientation is animated by only some of "
                                                                    "yaw, pitch and roll; the others are taken as 0");
  std::sort(key_frames.begin(), key_frames.end());
  // Order n names the axes in the order they apply (0 xyz: x first): the spec's table.
  static constexpr int kOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const auto value_at = [&](double f) {
    double angle[3] = {0, 0, 0};
    for (std::size_t i = 0; i < curves.size(); ++i) angle[axes[i]] = curves[i].at(f)[0];
    Value4 q{0, 0, 0, 1};
    for (int axis : kOrders[order]) q = math::quaternion_product(math::quaternion_about_axis(axis, angle[axis]), q);
    return q;
  };
  b.add_channel(where + " (yaw/pitch/roll)", node, TargetPath::rotation, key_frames, range[0], range[1], true,
                kRotationToleranceDegrees, value_at, math::rotation_angle_degrees);
}

// The mesh a node places, or nullptr (the geometry builder has checked that the ID exists).
const MeshData* mesh_placed_by(const Model& model, const NodeData& node) {
  if (!node.mesh_id) return nullptr;
  for (const MeshData& m : model.meshes)
    if (m.id == *node.mesh_id) return &m;
  return nullptr;
}

// A node's morph tracks by morph index: those naming a morph its mesh lacks are dropped, and a
// later track of one index replaces an earlier one (Ecere applies both in order), each warned.
std::map<std::uint32_t, const TrackData*> morph_tracks_by_index(Builder& b, const NodeData& node, const MeshData* mesh,
                                                               const std::vector<const TrackData*>& tracks) {
  const std::string name = b.scene.model.string();
  const std::size_t morphs = mesh ? mesh->morphs.size() : 0;
  std::map<std::uint32_t, const TrackData*> out;
  for (const TrackData* t : tracks) {
    const std::string at = name + ": " + t->block + ": " + t->where + " animates morph " + std::to_string(t->morph_index) + " of " + node.where;
    if (t->morph_index >= morphs)
      b.warnings.warn("morph targets", t->where, at + ", whose mesh has " + (morphs == 0 ? "no morphs" : "only " + std::to_string(morphs)) +
                                                    "; the track is dropped, as Ecere ignores it");
    else if (!out.emplace(t->morph_index, t).second) {
      b.warnings.warn("morph targets", t->where, at + " again; the later track replaces the earlier, as in Ecere");
      out[t->morph_index] = t;
    }
  }
  return out;
}

// One node's morph weight tracks as one weights channel over all its mesh's morphs: each tracked
// morph resampled on its own within kWeightTolerance, the frames merged; a morph without a track
// holds its default weight.
void add_morph_channel(Builder& b, std::int32_t node, const std::vector<const TrackData*>& tracks, std::array<double, 2> range) {
  constexpr double kWeightTolerance = 1e-4;
  const NodeData& n = b.model.nodes[std::size_t(node)];
  const MeshData* mesh = mesh_placed_by(b.model, n);
  const std::map<std::uint32_t, const TrackData*> by_index = morph_tracks_by_index(b, n, mesh, tracks);
  if (by_index.empty()) return;
  const std::string where = by_index.begin()->second->where + " (morph weights)";
  const auto over_limit = [&] {
    throw BakeError(b.scene.model.string() + ": " + where + ": resampling needs more than the " + std::to_string(b.keys_left) +
                    " animation keys left of --max-animation-keys");
  };
  std::map<std::uint32_t, TcbCurve> curves;
  std::vector<double> frames;
  for (const auto& [index, t] : by_index) {
    const TcbCurve& curve = curves.try_emplace(index, curve_keys(*t, 1, false), 1, false, t->loop).first->second;
    const std::vector<double> own = resample_frames([&](double f) { return curve.at(f); }, frames_of(*t), range[0], range[1], false,
        kWeightTolerance, std::size_t(b.keys_left), [](const Value4& x, const Value4& y) { return std::abs(x[0] - y[0]); });
    if (own.empty()) over_limit();
    frames.insert(frames.end(), own.begin(), own.end());
  }
  std::sort(frames.begin(), frames.end());
  frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
  if (frames.size() > b.keys_left) over_limit();
  b.keys_left -= frames.size();
  std::vector<float> times, weights;
  for (double f : frames) {
    times.push_back(float((f - range[0]) / kFramesPerSecond));
    for (std::size_t i = 0; i < mesh->morphs.size(); ++i) {
      const auto curve = curves.find(std::uint32_t(i));
      weights.push_back(curve == curves.end() ? mesh->morphs[i].default_weight : float(curve->second.at(f)[0]));
    }
  }
  const std::int32_t input = b.stream(where + " times", 1, times);
  add_linear_channel(b.animation, where, node, TargetPath::weights, input, b.stream(where + " values", 1, weights));
}

}  // namespace

void add_animations(const Model& model, Scene& scene, const BakeOptions& options, WarningLog& warnings) {
  if (model.animations.empty()) return;
  const NodeLookup nodes(model);
  const std::string name = scene.model.string();
  std::uint64_t keys_left = options.limits.max_animation_keys;
  const double size = model_size(model);
  for (const AnimationData& a : model.animations) {
    Builder b{model, scene, warnings, keys_left, kRelativeTolerance * size, {}, add_buffer(scene, {}), {}};
    b.animation.where = a.where;
    b.animation.name = a.name;
    const std::array<double, 2> range = frame_range(a);
    std::map<std::int32_t, Euler> eulers;
    std::map<std::int32_t, std::vector<const TrackData*>> morphs;
    for (const TrackData& t : a.tracks) {
      if (t.keys.empty()) continue;
      const std::int32_t node = nodes.node_of(t);
      if (node == kNone) {
        warnings.warn("animation targets", t.where, name + ": " + t.where + " animates a node the file does not have; it is dropped");
        continue;
      }
      switch (t.kind) {
        case TrackKind::position: case TrackKind::scaling: case TrackKind::rotation: add_track_channel(b, t, node, range); break;
        case TrackKind::pitch: eulers[node].angle[0] = &t; break;
        case TrackKind::yaw: eulers[node].angle[1] = &t; break;
        case TrackKind::roll: eulers[node].angle[2] = &t; break;
        case TrackKind::morph: morphs[node].push_back(&t); break;
      }
    }
    for (const auto& [node, euler] : eulers) add_euler_channel(b, node, euler, range);
    for (const auto& [node, tracks] : morphs) add_morph_channel(b, node, tracks, range);
    keys_left = b.keys_left;
    scene.buffers[std::size_t(b.buffer)] = std::move(b.bytes);
    scene.animations.push_back(std::move(b.animation));
  }
}

}  // namespace aem::pipeline::e3d
