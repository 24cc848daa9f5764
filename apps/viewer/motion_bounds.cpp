#include "motion_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "posed_vertex.hpp"

namespace aem::viewer {
namespace {

constexpr float kMax = std::numeric_limits<float>::max();

Bounds empty_bounds() { return {{kMax, kMax, kMax}, {-kMax, -kMax, -kMax}}; }
bool is_empty(const Bounds& b) { return b.min.x > b.max.x; }

void grow(Bounds& b, V3 p) {
  b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y), std::min(b.min.z, p.z)};
  b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y), std::max(b.max.z, p.z)};
}

M4 to_m4(const float* m) {
  M4 r;
  std::copy_n(m, 16, r.m.begin());
  return r;
}

// An influence that applies: a joint the skeleton has, with weight.
bool influences(const Vertex& v, int slot, std::size_t joint_count) {
  const std::int32_t j = v.joints[slot];
  return j >= 0 && std::size_t(j) < joint_count && v.weights[slot] > 0;
}

// Whether any joint moves the vertex (as the renderer skins it); otherwise it stays where it is.
bool is_skinned(const Vertex& v, std::size_t joint_count) {
  for (int i = 0; i < 4; ++i) {
    if (influences(v, i, joint_count)) return true;
  }
  return false;
}

Bounds static_bounds(const Model& model) {
  Bounds b = empty_bounds();
  for (const Vertex& v : model.vertices()) {
    if (!is_skinned(v, model.joints().size())) grow(b, V3{v.position[0], v.position[1], v.position[2]});
  }
  return b;
}

// The skinned vertices' positions in one pose, as the vertex shader places them.
void grow_by_skinned_vertices(const Model& model, const std::vector<float>& skinning, Bounds& b) {
  const std::size_t joint_count = skinning.size() / 16;
  for (const Vertex& v : model.vertices()) {
    if (!is_skinned(v, joint_count)) continue;
    grow(b, posed_position(v, skinning));
  }
}

// For every joint, the box of the vertices it influences in its own bind space.
std::vector<Bounds> joint_local_boxes(const Model& model) {
  const std::span<const Joint> joints = model.joints();
  std::vector<Bounds> boxes(joints.size(), empty_bounds());
  for (const Vertex& v : model.vertices()) {
    const V3 p{v.position[0], v.position[1], v.position[2]};
    for (int i = 0; i < 4; ++i) {
      if (!influences(v, i, joints.size())) continue;
      const std::size_t j = std::size_t(v.joints[i]);
      grow(boxes[j], transform_point(to_m4(joints[j].inverse_bind), p));
    }
  }
  return boxes;
}

void grow_by_joint_boxes(const std::vector<Bounds>& boxes, std::span<const Mat4> model_space, Bounds& b) {
  for (std::size_t j = 0; j < boxes.size() && j < model_space.size(); ++j) {
    const Bounds& box = boxes[j];
    if (is_empty(box)) continue;
    const M4 m = to_m4(model_space[j].m);
    for (int corner = 0; corner < 8; ++corner) {
      const V3 c{corner & 1 ? box.max.x : box.min.x, corner & 2 ? box.max.y : box.min.y,
                 corner & 4 ? box.max.z : box.min.z};
      grow(b, transform_point(m, c));
    }
  }
}

// How many intervals each animation is sampled over (0 for one without a usable duration).
std::vector<std::size_t> sample_intervals(const Model& model, const MotionSampling& sampling) {
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
  if (total > sampling.max_total_samples) {
    for (std::size_t& n : intervals) n = n == 0 ? 0 : std::max<std::size_t>(1, n * sampling.max_total_samples / total);
  }
  return intervals;
}

}  // namespace

Bounds motion_bounds(const Model& model, const MotionSampling& sampling) {
  Bounds bounds = static_bounds(model);
  if (!model.joints().empty()) {
    AnimationMixer mixer(model, 1);
    std::vector<float> skinning(16 * mixer.joint_count());
    const std::vector<std::size_t> intervals = sample_intervals(model, sampling);
    const bool bind_pose = sampling.with_bind_pose || intervals.empty();
    std::size_t poses = bind_pose ? 1 : 0;
    for (std::size_t n : intervals) poses += n + 1;
    std::size_t skinned = 0;
    for (const Vertex& v : model.vertices()) skinned += is_skinned(v, model.joints().size()) ? 1 : 0;
    const bool exact = skinned * poses <= sampling.exact_budget;
    const std::vector<Bounds> boxes = exact ? std::vector<Bounds>{} : joint_local_boxes(model);
    const auto grow_by_pose = [&] {
      mixer.evaluate(skinning);
      if (exact) {
        grow_by_skinned_vertices(model, skinning, bounds);
      } else {
        grow_by_joint_boxes(boxes, mixer.model_space(), bounds);
      }
    };
    if (bind_pose) grow_by_pose();  // nothing playing yet: the bind pose
    for (std::uint32_t a = 0; a < intervals.size(); ++a) {
      const float duration = model.animations()[a].duration;
      // Clamped, so that the sample at the duration is the last pose, not the first again.
      const LayerId layer = mixer.play({.animation = a, .time = 0, .speed = 0, .playback = Playback::clamp});
      for (std::size_t k = 0; k <= intervals[a]; ++k) {
        mixer.settings(layer).time = intervals[a] == 0 ? 0.0f : duration * float(k) / float(intervals[a]);
        grow_by_pose();
      }
      mixer.stop(layer);
    }
  }
  if (is_empty(bounds)) return {{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};
  return bounds;
}

}  // namespace aem::viewer
