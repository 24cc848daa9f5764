#pragma once
// The pieces of the morph loop (apply_morph_targets): one target's weighted deltas added to the
// vertices it moves, a vertex's three floats at a time in four-lane registers. Private to the
// runtime.
#include <bit>
#include <cstdint>

#include "aem/ext_morph_targets.hpp"
#include "aem/format.hpp"
#include "simd/simd4.hpp"

namespace aem::morph4 {

using simd::Float4;

// The weight for add3: w in the three lanes that move, -0 in the fourth, so that the float after
// the field (the next field's first) gets x + (-0 * 0) = x, its bits kept (+0 would turn -0 into
// +0).
AEM_ALWAYS_INLINE Float4 weight_lanes(float w) { return Float4{w, w, w, -0.0f}; }

// field[0..2] += w * delta[0..2]; field[3] is read and written back unchanged. Unaligned: the
// fields sit at 4-byte offsets of 88-byte vertices, and the deltas at 12-byte steps.
AEM_ALWAYS_INLINE void add3(float* field, Float4 weight, const float* delta) {
  simd::store(field, simd::load(field) + weight * Float4{delta[0], delta[1], delta[2], 0.0f});
}

// One vertex's deltas for the attributes in A (position, normal, tangent order).
template <std::uint32_t A>
AEM_ALWAYS_INLINE void add_vertex(Vertex& vertex, Float4 weight, const float* delta) {
  float* const floats = reinterpret_cast<float*>(&vertex);  // position, normal, tangent: floats 0-8
  if constexpr ((A & kMorphPosition) != 0) {
    add3(floats + 0, weight, delta);
    delta += 3;
  }
  if constexpr ((A & kMorphNormal) != 0) {
    add3(floats + 3, weight, delta);
    delta += 3;
  }
  if constexpr ((A & kMorphTangent) != 0) add3(floats + 6, weight, delta);
}

// Every vertex one target moves: its span in order (dense) or the ones its indices name.
template <std::uint32_t A>
AEM_ALWAYS_INLINE void add_target(Vertex* out, const MorphTargetsView& morphs, const MorphTarget& target, Float4 weight) {
  constexpr std::uint32_t kStride = 3 * std::uint32_t(std::popcount(A));
  const float* delta = morphs.deltas.data() + std::size_t{target.first_delta} * 3;
  if (is_sparse(target)) {
    const std::uint32_t* index = morphs.sparse_indices.data() + target.first_sparse_index;
    for (std::uint32_t i = 0; i < target.sparse_count; ++i, delta += kStride) add_vertex<A>(out[index[i]], weight, delta);
  } else {
    Vertex* vertex = out + target.first_vertex;
    for (std::uint32_t i = 0; i < target.vertex_span; ++i, delta += kStride) add_vertex<A>(vertex[i], weight, delta);
  }
}

// add_target for a target's attributes, known only at run time.
AEM_ALWAYS_INLINE void add_any_target(Vertex* out, const MorphTargetsView& morphs, const MorphTarget& target, Float4 weight) {
  switch (target.attributes) {
    case 1: return add_target<1>(out, morphs, target, weight);
    case 2: return add_target<2>(out, morphs, target, weight);
    case 3: return add_target<3>(out, morphs, target, weight);
    case 4: return add_target<4>(out, morphs, target, weight);
    case 5: return add_target<5>(out, morphs, target, weight);
    case 6: return add_target<6>(out, morphs, target, weight);
    case 7: return add_target<7>(out, morphs, target, weight);
    default: return;  // not in a checked payload
  }
}

}  // namespace aem::morph4
