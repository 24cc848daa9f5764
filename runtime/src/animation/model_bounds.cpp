#include "aem/model_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "aem/animation_mixer.hpp"

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

BoundingBox static_bounds(const Model& model) {
  BoundingBox b;
  for (const Vertex& v : model.vertices())
    if (!is_skinned(v, model.joints().size())) b.add(position(v));
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
  AnimationBounds result{static_bounds(model), 0, true};
  if (model.joints().empty()) return result;
  AnimationMixer mixer(model, 1);
  std::vector<float> skinning(16 * mixer.joint_count());
  const std::vector<std::size_t> intervals = sample_intervals(model, sampling);
  const bool bind_pose = sampling.with_bind_pose || intervals.empty();
  std::size_t poses = bind_pose ? 1 : 0;
  for (std::size_t n : intervals) poses += n + 1;
  std::size_t skinned = 0;
  for (const Vertex& v : model.vertices()) skinned += is_skinned(v, model.joints().size()) ? 1 : 0;
  result.poses = poses;
  result.per_vertex = skinned * poses <= sampling.exact_budget;
  const std::vector<BoundingBox> boxes = result.per_vertex ? std::vector<BoundingBox>{} : joint_local_boxes(model);
  const auto add_pose = [&] {
    mixer.evaluate(skinning);
    if (!result.per_vertex) return add_joint_boxes(boxes, mixer.model_space(), result.box);
    for (const Vertex& v : model.vertices())
      if (is_skinned(v, skinning.size() / 16)) result.box.add(skinned_position(v, skinning));
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
