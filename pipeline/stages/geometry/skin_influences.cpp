#include "stages/geometry/skin_influences.hpp"

#include <algorithm>
#include <cmath>

#include "aem/pipeline/bake_error.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {

VertexInfluences anchored_influences(std::size_t vertices, std::int32_t joint) {
  VertexInfluences out;
  out.joints.assign(vertices, {-1, -1, -1, -1});
  out.weights.assign(vertices, {0, 0, 0, 0});
  if (joint >= 0)
    for (std::size_t i = 0; i < vertices; ++i) {
      out.joints[i][0] = joint;
      out.weights[i][0] = 1.0f;
    }
  return out;
}

InfluenceCollector::InfluenceCollector(std::size_t vertices, std::vector<std::int32_t> joint_of_slot)
    : joint_of_slot_(std::move(joint_of_slot)), influences_(vertices) {}

void InfluenceCollector::add(const std::vector<std::uint32_t>& slots, const std::vector<float>& weights,
                             const SetNames& names) {
  for (std::size_t i = 0; i < influences_.size(); ++i)
    for (std::size_t k = 0; k < 4; ++k) {
      const float w = weights[i * 4 + k];
      if (!std::isfinite(w))
        throw BakeError(names.primitive + ": WEIGHTS_" + std::to_string(names.set) + " holds a non-finite weight");
      if (!(w > 0)) continue;
      const std::uint32_t slot = slots[i * 4 + k];
      if (slot >= joint_of_slot_.size())
        throw BakeError(names.joints_accessor + ": joint " + std::to_string(slot) + " out of range for " +
                        names.skin + " with " + std::to_string(joint_of_slot_.size()) + " joints");
      const std::int32_t joint = joint_of_slot_[slot];
      auto& list = influences_[i];
      auto same = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.second == joint; });
      if (same != list.end()) same->first += w;
      else list.emplace_back(w, joint);
    }
}

VertexInfluences InfluenceCollector::finish() {
  VertexInfluences out = anchored_influences(influences_.size(), -1);
  for (std::size_t i = 0; i < influences_.size(); ++i) {
    auto& list = influences_[i];
    // Joints are unique within a list, so this order is total and std::sort is deterministic.
    // (std::stable_sort's temporary buffer also trips clang 14's ASan with libstdc++ 12.)
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (list.size() > 4) {
      list.resize(4);
      out.dropped_any = true;
    }
    double sum = 0;
    for (const auto& e : list) sum += e.first;
    if (!(sum > 0)) {
      out.empty_any = true;
      continue;
    }
    // Weights that already sum to 1 within float precision (the bake's own output) are kept bit
    // for bit: dividing by a sum of 1 - 1e-8 would move their last bits on every re-bake.
    double stored_sum = 0;
    for (const auto& e : list) stored_sum += math::as_stored(e.first);
    const bool unit = std::abs(stored_sum - 1.0) <= math::kFloatUnitTolerance;
    for (std::size_t k = 0; k < list.size(); ++k) {
      out.joints[i][k] = list[k].second;
      out.weights[i][k] = float(unit ? list[k].first : list[k].first / sum);
    }
  }
  return out;
}

}  // namespace aem::pipeline
