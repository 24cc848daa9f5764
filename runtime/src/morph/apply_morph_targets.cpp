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

// Vertices are morphed a chunk at a time, every target's part of it in turn, so that the chunk
// stays in the L2 cache while the targets' deltas stream past: 1,024 vertices are 90 KB (256
// and 2,048 measured no faster on dense targets and slower on sparse ones, whose ranges each
// chunk finds by binary search).
constexpr std::uint32_t kChunk = 1024;

// The part of `target` inside vertices [first, end) added to `out`.
AEM_ALWAYS_INLINE void add_target_chunk(const MorphTargetsView& morphs, const MorphTarget& target, float w, Vertex* out,
                                        std::uint32_t first, std::uint32_t end) {
  const std::uint32_t low = std::max(first, target.first_vertex);
  const std::uint32_t high = std::uint32_t(std::min<std::uint64_t>(end, std::uint64_t{target.first_vertex} + target.vertex_span));
  if (low >= high) return;
  const std::uint32_t stride = 3 * morph_attribute_count(target);
  const float* deltas = morphs.deltas.data() + std::size_t{target.first_delta} * 3;
  if (!is_sparse(target)) {
    morph4::add_any_range(target.attributes, out, low, nullptr, high - low, deltas + std::size_t{low - target.first_vertex} * stride, w);
    return;
  }
  const std::span<const std::uint32_t> indices = morphs.sparse_indices_of(target);
  const auto from = std::lower_bound(indices.begin(), indices.end(), low);
  const auto to = std::lower_bound(from, indices.end(), high);
  const std::size_t skipped = std::size_t(from - indices.begin());
  morph4::add_any_range(target.attributes, out, 0, indices.data() + skipped, std::uint32_t(to - from), deltas + skipped * stride, w);
}

// Vertices [first, end) copied from `base` into `out`, then every weighted target's deltas added.
AEM_FRAME_LOOP void morph_chunk(const MorphTargetsView& morphs, std::span<const float> weights, const Vertex* base,
                                Vertex* out, std::uint32_t first, std::uint32_t end) {
  std::copy(base + first, base + end, out + first);
  for (std::size_t t = 0; t < morphs.targets.size(); ++t) {
    if (weighted(weights[t])) add_target_chunk(morphs, morphs.targets[t], weights[t], out, first, end);
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
  // The vertices whose directions may have moved.
  std::size_t low = base.size(), high = 0;
  for (std::size_t t = 0; t < morphs.targets.size(); ++t) {
    const MorphTarget& target = morphs.targets[t];
    if (!weighted(weights[t]) || (target.attributes & kMovesDirections) == 0) continue;
    low = std::min<std::size_t>(low, target.first_vertex);
    high = std::max<std::size_t>(high, std::size_t{target.first_vertex} + target.vertex_span);
  }
  for (std::size_t first = 0; first < base.size(); first += kChunk) {
    const std::size_t end = std::min(base.size(), first + kChunk);
    morph_chunk(morphs, weights, base.data(), out.data(), std::uint32_t(first), std::uint32_t(end));
    // While the chunk is still in the cache.
    for (std::size_t v = std::max(first, low); v < std::min(end, high); ++v) renormalise(base[v], out[v]);
  }
}

}  // namespace aem
