#include "animated_models.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "aem/transform.hpp"

namespace aem::test {

pipeline::ModelContent animated_model(std::uint32_t seed, const AnimatedModelShape& shape) {
  std::mt19937 rng(seed);
  const auto real = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); };
  const auto below = [&](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); };
  const auto random_rotation = [&] {
    return normalize(Quat{real(-1, 1), real(-1, 1), real(-1, 1), real(-1, 1)});
  };

  pipeline::ModelContent m;
  // Build the hierarchy parents-first, then optionally shuffle the storage order.
  const std::uint32_t n = shape.joints;
  std::vector<std::int32_t> parent(n);
  std::vector<Transform> bind_local(n);
  for (std::uint32_t j = 0; j < n; ++j) {
    parent[j] = j == 0 || below(8) == 0 ? -1 : std::int32_t(below(j));
    bind_local[j] = {{real(-1, 1), real(-1, 1), real(-1, 1)}, random_rotation(), {real(0.8f, 1.25f), real(0.8f, 1.25f), real(0.8f, 1.25f)}};
  }
  std::vector<std::uint32_t> slot(n);  // storage position of logical joint j
  std::iota(slot.begin(), slot.end(), 0u);
  if (!shape.parents_first) std::shuffle(slot.begin(), slot.end(), rng);

  std::vector<Mat4> bind_global(n);
  for (std::uint32_t j = 0; j < n; ++j) {
    const Mat4 local = to_matrix(bind_local[j]);
    bind_global[j] = parent[j] < 0 ? local : bind_global[std::size_t(parent[j])] * local;
  }
  m.joints.resize(n);
  for (std::uint32_t j = 0; j < n; ++j) {
    pipeline::JointDesc& joint = m.joints[slot[j]];
    joint.name = "joint_" + std::to_string(j);
    joint.parent = parent[j] < 0 ? -1 : std::int32_t(slot[std::size_t(parent[j])]);
    const Mat4 ibm = inverse(bind_global[j]);
    std::copy(std::begin(ibm.m), std::end(ibm.m), joint.inverse_bind.begin());
  }

  for (std::uint32_t a = 0; a < shape.animations; ++a) {
    pipeline::AnimationDesc anim{"animation_" + std::to_string(a), shape.duration, {}};
    anim.joints.resize(n);
    const auto random_times = [&](std::uint32_t count) {
      std::vector<float> t(count);
      for (float& v : t) v = real(0, shape.duration);
      std::sort(t.begin(), t.end());
      if (count > 2) t.front() = 0, t.back() = shape.duration;
      return t;
    };
    const std::vector<float> grid = random_times(2 + below(shape.max_keys - 1));
    for (std::uint32_t j = 0; j < n; ++j) {
      pipeline::JointKeys& keys = anim.joints[slot[j]];
      // Some kinds get no key or a single one on purpose; the rest any number, or the shared grid.
      std::vector<std::uint32_t> counts(3);
      for (std::uint32_t& c : counts) {
        const std::uint32_t r = below(10);
        c = r == 0 ? 0u : r == 1 ? 1u : shape.shared_times ? std::uint32_t(grid.size()) : 2 + below(shape.max_keys - 1);
      }
      std::uint32_t next_kind = 0;
      const auto key_count = [&] { return counts[next_kind++]; };
      const auto times = [&](std::uint32_t count) {
        if (shape.shared_times && count == grid.size()) return grid;
        return count == 1 ? std::vector<float>{real(0, shape.duration)} : random_times(count);
      };
      const Transform& rest = bind_local[j];
      for (float t : times(key_count())) {
        keys.translations.push_back({t, {rest.translation.x + real(-0.3f, 0.3f), rest.translation.y + real(-0.3f, 0.3f), rest.translation.z + real(-0.3f, 0.3f), 0}});
      }
      Quat q = rest.rotation;
      for (float t : times(key_count())) {
        // Mostly small steps, now and then a wide one (past the series' range) or a sign flip.
        const float step = below(6) == 0 ? 2.0f : 0.3f;
        q = normalize(Quat{q.x + real(-step, step), q.y + real(-step, step), q.z + real(-step, step), q.w + real(-step, step)});
        if (below(5) == 0) q = {-q.x, -q.y, -q.z, -q.w};
        keys.rotations.push_back({t, {q.x, q.y, q.z, q.w}});
      }
      for (float t : times(key_count())) {
        keys.scales.push_back({t, {real(0.8f, 1.25f), real(0.8f, 1.25f), real(0.8f, 1.25f), 0}});
      }
    }
    m.animations.push_back(std::move(anim));
  }
  // One zero-length animation holding single keys.
  pipeline::AnimationDesc still{"still", 0.0f, {}};
  still.joints.resize(n);
  for (std::uint32_t j = 0; j < n; ++j) {
    const Transform& rest = bind_local[j];
    still.joints[slot[j]].rotations.push_back({0, {rest.rotation.x, rest.rotation.y, rest.rotation.z, rest.rotation.w}});
  }
  m.animations.push_back(std::move(still));
  return m;
}

}  // namespace aem::test
