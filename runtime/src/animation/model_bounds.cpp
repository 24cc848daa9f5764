#include "aem/model_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/morph.hpp"

namespace aem {
namespace {

using Point = std::array<float, 3>;

// A column-major 4x4 matrix applied to (p, 1), in float as a vertex shader does.
Point transform_point(const float* m, const Point& p) {
  return {m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12], m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]};
}

Point position(const Vertex& v) { return {v.position[0], v.position[1], v.position[2]}; }

// An influence that applies: a joint the skeleton has, with weight.
bool influences(const Vertex& v, int slot, std::size_t joint_count) {
  const std::int32_t j = v.joints[slot];
  return j >= 0 && std::size_t(j) < joint_count && v.weights[slot] > 0;
}

bool is_skinned(const Vertex& v, std::size_t joint_count) {
  for (int i = 0; i < 4; ++i)
    if (influences(v, i, joint_count)) return true;
  return false;
}

// The vertex under `skinning` (16 floats per joint): its joints' matrices weighted as stored,
// not renormalised, as the viewer's shader skins it.
Point skinned_position(const Vertex& v, std::span<const float> skinning) {
  const std::size_t joint_count = skinning.size() / 16;
  const Point p = position(v);
  Point sum{0, 0, 0};
  for (int i = 0; i < 4; ++i) {
    if (!influences(v, i, joint_count)) continue;
    const Point q = transform_point(skinning.data() + std::size_t(v.joints[i]) * 16, p);
    for (int c = 0; c < 3; ++c) sum[std::size_t(c)] += q[std::size_t(c)] * v.weights[i];
  }
  return sum;
}

// The morph targets (the morph_targets extension) as far as bounds need them: which vertices
// their positions may move, how far each target moves any vertex (the largest |delta|), and the
// weights of the pose being sampled.
struct MorphReach {
  std::optional<MorphTargetsView> view;  // none without targets
  std::vector<bool> moves;               // per vertex: inside a position target's span
  std::vector<float> reach;              // per target
  std::vector<float> weights;

  explicit MorphReach(const Model& model) {
    view = morph_targets_of(model);
    if (view && view->targets.empty()) view.reset();
    if (!view) return;
    moves.assign(model.vertices().size(), false);
    reach.assign(view->targets.size(), 0.0f);
    weights.assign(view->targets.size(), 0.0f);
    for (std::size_t t = 0; t < view->targets.size(); ++t) {
      const MorphTarget& target = view->targets[t];
      if ((target.attributes & kMorphPosition) == 0) continue;
      const std::size_t end = std::min(moves.size(), std::size_t{target.first_vertex} + target.vertex_span);
      for (std::size_t v = target.first_vertex; v < end; ++v) moves[v] = true;
      const std::span<const float> deltas = view->deltas_of(target);
      const std::size_t stride = 3 * morph_attribute_count(target);  // position first
      for (std::size_t d = 0; d + 2 < deltas.size(); d += stride) {
        reach[t] = std::max(reach[t], std::sqrt(deltas[d] * deltas[d] + deltas[d + 1] * deltas[d + 1] + deltas[d + 2] * deltas[d + 2]));
      }
    }
  }
};

// Whether vertex v can leave its stored position: skinned, or inside a position target's span.
bool is_moving(const Model& model, const MorphReach& morph, std::size_t v) {
  return is_skinned(model.vertices()[v], model.joints().size()) || (morph.view && morph.moves[v]);
}

BoundingBox static_bounds(const Model& model, const MorphReach& morph) {
  BoundingBox b;
  for (std::size_t v = 0; v < model.vertices().size(); ++v)
    if (!is_moving(model, morph, v)) b.add(position(model.vertices()[v]));
  return b;
}

// The stored positions of the vertices only morph targets move (not skinned).
BoundingBox morphed_static_bounds(const Model& model, const MorphReach& morph) {
  BoundingBox b;
  for (std::size_t v = 0; v < model.vertices().size(); ++v)
    if (morph.view && morph.moves[v] && !is_skinned(model.vertices()[v], model.joints().size())) b.add(position(model.vertices()[v]));
  return b;
}

// For every joint, the box of the vertices it influences in its own bind space.
std::vector<BoundingBox> joint_local_boxes(const Model& model) {
  const std::span<const Joint> joints = model.joints();
  std::vector<BoundingBox> boxes(joints.size());
  for (const Vertex& v : model.vertices())
    for (int i = 0; i < 4; ++i)
      if (influences(v, i, joints.size())) {
        const std::size_t j = std::size_t(v.joints[i]);
        boxes[j].add(transform_point(joints[j].inverse_bind, position(v)));
      }
  return boxes;
}

void add_joint_boxes(const std::vector<BoundingBox>& boxes, std::span<const Mat4> model_space, BoundingBox& b) {
  for (std::size_t j = 0; j < boxes.size() && j < model_space.size(); ++j) {
    const BoundingBox& box = boxes[j];
    if (box.empty()) continue;
    for (int corner = 0; corner < 8; ++corner) {
      const Point c{corner & 1 ? box.max[0] : box.min[0], corner & 2 ? box.max[1] : box.min[1],
                    corner & 4 ? box.max[2] : box.min[2]};
      b.add(transform_point(model_space[j].m, c));
    }
  }
}

// The conservative pose: the joints' boxes and the morphed static vertices' stored box, grown by
// how far this pose's weights can move a vertex (sum of |w| x reach) times the largest scale a
// skinning matrix applies (its linear part's Frobenius norm bounds it; 1 without joints): a
// skinned vertex's displacement goes through a blend of those matrices.
void add_conservative_pose(const std::vector<BoundingBox>& boxes, const BoundingBox& morphed_static, const MorphReach& morph,
                           const AnimationMixer& mixer, std::span<const float> skinning, BoundingBox& out) {
  BoundingBox pose = morphed_static;
  add_joint_boxes(boxes, mixer.model_space(), pose);
  float grow = 0;
  for (std::size_t t = 0; t < morph.weights.size(); ++t) {
    if (std::isfinite(morph.weights[t])) grow += std::abs(morph.weights[t]) * morph.reach[t];
  }
  float scale = 1;
  for (std::size_t j = 0; j + 16 <= skinning.size(); j += 16) {
    float frobenius = 0;
    for (int column = 0; column < 3; ++column)
      for (int row = 0; row < 3; ++row) frobenius += skinning[j + std::size_t(4 * column + row)] * skinning[j + std::size_t(4 * column + row)];
    scale = std::max(scale, std::sqrt(frobenius));
  }
  if (!pose.empty() && grow > 0) {
    for (std::size_t c = 0; c < 3; ++c) {
      pose.min[c] -= grow * scale;
      pose.max[c] += grow * scale;
    }
  }
  out.add(pose);
}

// How many intervals each animation is sampled over (0 for one without a usable duration).
std::vector<std::size_t> sample_intervals(const Model& model, const AnimationSampling& sampling) {
  std::vector<std::size_t> intervals;
  std::size_t total = 0;
  for (const Animation& animation : model.animations()) {
    const float duration = animation.duration;
    std::size_t n = 0;
    if (std::isfinite(duration) && duration > 0) {
      const float wanted = std::ceil(duration * std::max(sampling.rate, 1.0f));
      n = std::size_t(std::clamp(wanted, 1.0f, float(std::max<std::size_t>(sampling.max_samples, 1))));
    }
    intervals.push_back(n);
    total += n;
  }
  if (total > sampling.max_total_samples)
    for (std::size_t& n : intervals) n = n == 0 ? 0 : std::max<std::size_t>(1, n * sampling.max_total_samples / total);
  return intervals;
}

}  // namespace

void BoundingBox::add(const std::array<float, 3>& point) noexcept {
  for (std::size_t c = 0; c < 3; ++c) {
    min[c] = std::min(min[c], point[c]);
    max[c] = std::max(max[c], point[c]);
  }
}

void BoundingBox::add(const BoundingBox& box) noexcept {
  if (box.empty()) return;
  add(box.min);
  add(box.max);
}

BoundingBox bind_pose_bounds(const Model& model) {
  BoundingBox b;
  for (const Vertex& v : model.vertices()) b.add(position(v));
  return b;
}

BoundingBox mesh_bind_pose_bounds(const Model& model, const Mesh& mesh) {
  BoundingBox b;
  const std::span<const Vertex> vertices = model.vertices();
  for (std::uint32_t index : model.mesh_indices(mesh)) b.add(position(vertices[index]));
  return b;
}

AnimationBounds animation_bounds(const Model& model, const AnimationSampling& sampling) {
  MorphReach morph(model);
  AnimationBounds result{static_bounds(model, morph), 0, true};
  if (model.joints().empty() && !morph.view) return result;
  AnimationMixer mixer(model, 1);
  std::vector<float> skinning(16 * mixer.joint_count());
  const std::vector<std::size_t> intervals = sample_intervals(model, sampling);
  const bool bind_pose = sampling.with_bind_pose || intervals.empty();
  std::size_t poses = bind_pose ? 1 : 0;
  for (std::size_t n : intervals) poses += n + 1;
  std::size_t moving = 0;
  for (std::size_t v = 0; v < model.vertices().size(); ++v) moving += is_moving(model, morph, v) ? 1 : 0;
  result.poses = poses;
  result.per_vertex = moving * poses <= sampling.exact_budget;
  const std::vector<BoundingBox> boxes = result.per_vertex ? std::vector<BoundingBox>{} : joint_local_boxes(model);
  const BoundingBox morphed_static = result.per_vertex ? BoundingBox{} : morphed_static_bounds(model, morph);
  std::vector<Vertex> morphed(morph.view ? model.vertices().size() : 0);
  const auto add_pose = [&] {
    mixer.evaluate(skinning);
    if (morph.view) mixer.evaluate_morph_weights(morph.weights);
    if (!result.per_vertex) return add_conservative_pose(boxes, morphed_static, morph, mixer, skinning, result.box);
    if (morph.view) apply_morph_targets(*morph.view, model.vertices(), morph.weights, morphed);
    const std::span<const Vertex> posed = morph.view ? std::span<const Vertex>(morphed) : model.vertices();
    for (std::size_t v = 0; v < posed.size(); ++v) {
      if (!is_moving(model, morph, v)) continue;
      result.box.add(is_skinned(posed[v], skinning.size() / 16) ? skinned_position(posed[v], skinning) : position(posed[v]));
    }
  };
  if (bind_pose) add_pose();  // nothing playing yet: the bind pose
  for (std::uint32_t a = 0; a < intervals.size(); ++a) {
    const float duration = model.animations()[a].duration;
    // Clamped, so that the sample at the duration is the last pose, not the first again.
    const LayerId layer = mixer.play({.animation = a, .time = 0, .speed = 0, .playback = Playback::clamp});
    for (std::size_t k = 0; k <= intervals[a]; ++k) {
      mixer.settings(layer).time = intervals[a] == 0 ? 0.0f : duration * float(k) / float(intervals[a]);
      add_pose();
    }
    mixer.stop(layer);
  }
  return result;
}

}  // namespace aem
