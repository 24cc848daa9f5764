#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "aem/morph.hpp"
#include "morph/morph4.hpp"

namespace aem {
namespace {

constexpr std::uint32_t kMovesDirections = kMorphNormal | kMorphTangent;

bool weighted(float w) { return w != 0 && std::isfinite(w); }

// Every weighted target's deltas added to `out`, which holds the base vertices.
AEM_FRAME_LOOP void add_weighted_targets(const MorphTargetsView& morphs, std::span<const float> weights, Vertex* out) {
  for (std::size_t t = 0; t < morphs.targets.size(); ++t) {
    if (weighted(weights[t])) morph4::add_any_target(out, morphs, morphs.targets[t], morph4::weight_lanes(weights[t]));
  }
}

void normalise(float (&v)[3]) {
  const float length_squared = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  if (!(length_squared > 0)) return;
  const float scale = 1 / std::sqrt(length_squared);
  for (float& c : v) c *= scale;
}

void cross(const float (&a)[3], const float (&b)[3], float (&out)[3]) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

// Unit normal and tangent again, and the bitangent rebuilt with the core one's handedness.
void renormalise(const Vertex& base, Vertex& out) {
  normalise(out.normal);
  normalise(out.tangent);
  float core_cross[3];
  cross(base.normal, base.tangent, core_cross);
  const float handedness_dot = core_cross[0] * base.bitangent[0] + core_cross[1] * base.bitangent[1] +
                               core_cross[2] * base.bitangent[2];
  cross(out.normal, out.tangent, out.bitangent);
  if (handedness_dot < 0) {
    for (float& c : out.bitangent) c = -c;
  }
}

}  // namespace

void default_morph_weights(const MorphTargetsView& morphs, std::span<float> weights) {
  if (weights.size() != morphs.targets.size()) {
    throw std::invalid_argument("default_morph_weights: " + std::to_string(weights.size()) + " weights for " +
                                std::to_string(morphs.targets.size()) + " targets");
  }
  for (std::size_t t = 0; t < weights.size(); ++t) weights[t] = morphs.targets[t].default_weight;
}

void apply_morph_targets(const MorphTargetsView& morphs, std::span<const Vertex> base, std::span<const float> weights,
                         std::span<Vertex> out) {
  if (weights.size() != morphs.targets.size() || out.size() != base.size()) {
    throw std::invalid_argument("apply_morph_targets: " + std::to_string(weights.size()) + " weights for " +
                                std::to_string(morphs.targets.size()) + " targets, " + std::to_string(out.size()) +
                                " output vertices for " + std::to_string(base.size()));
  }
  std::copy(base.begin(), base.end(), out.begin());
  add_weighted_targets(morphs, weights, out.data());
  // The vertices whose directions may have moved.
  std::size_t low = base.size(), high = 0;
  for (std::size_t t = 0; t < morphs.targets.size(); ++t) {
    const MorphTarget& target = morphs.targets[t];
    if (!weighted(weights[t]) || (target.attributes & kMovesDirections) == 0) continue;
    low = std::min<std::size_t>(low, target.first_vertex);
    high = std::max<std::size_t>(high, std::size_t{target.first_vertex} + target.vertex_span);
  }
  for (std::size_t v = low; v < high; ++v) renormalise(base[v], out[v]);
}

}  // namespace aem
