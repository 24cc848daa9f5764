#pragma once
// The pieces of the morph loop (apply_morph_targets): a range of one target's weighted deltas
// added to the vertices it moves, in four-lane registers. Private to the runtime.
//
// A vertex's position, normal and tangent are floats 0-8 of its record, and a moved vertex's
// deltas are the stored attributes' floats back to back, so a target moving adjacent attributes
// (position + normal, normal + tangent, all three) adds 6 or 9 contiguous floats: one or two
// four-lane operations and the rest lane by lane, never one store overlapping the next load
// (which would stall store-to-load forwarding). A single attribute, or position + tangent, adds
// three lanes and keeps the fourth float's bits.
#include <bit>
#include <cstdint>

#include "aem/ext_morph_targets.hpp"
#include "aem/format.hpp"
#include "simd/simd4.hpp"

namespace aem::morph4 {

using simd::Float4;

// The three floats at `p`, and a fourth that is not used: the next one when reading it stays
// inside the deltas (Safe = false), 0 for the last delta of a range (which may end the payload).
template <bool Safe>
AEM_ALWAYS_INLINE Float4 load3(const float* p) {
  if constexpr (Safe) {
    return Float4{p[0], p[1], p[2], 0.0f};
  } else {
    return simd::load(p);
  }
}

// field[0..2] += w * delta[0..2], field[3] keeping its bits: its lane adds -0, the one value
// that leaves every float as it was (+0 would turn -0 into +0).
template <bool Safe>
AEM_ALWAYS_INLINE void add3(float* field, Float4 weight, const float* delta) {
  const simd::Mask4 fourth{0, 0, 0, -1};
  const Float4 step = simd::select(fourth, simd::splat(-0.0f), weight * load3<Safe>(delta));
  simd::store(field, simd::load(field) + step);
}

// field[0..n) += w * delta[0..n) for 6 or 9 contiguous floats.
template <int N>
AEM_ALWAYS_INLINE void add_contiguous(float* field, Float4 weight, const float* delta) {
  simd::store(field, simd::load(field) + weight * simd::load(delta));
  if constexpr (N == 9) {
    simd::store(field + 4, simd::load(field + 4) + weight * simd::load(delta + 4));
    field[8] += weight[0] * delta[8];
  } else {
    field[4] += weight[0] * delta[4];
    field[5] += weight[0] * delta[5];
  }
}

// One vertex's deltas for the attributes in A (position, normal, tangent order).
template <std::uint32_t A, bool Safe>
AEM_ALWAYS_INLINE void add_vertex(Vertex& vertex, Float4 weight, const float* delta) {
  float* const floats = reinterpret_cast<float*>(&vertex);  // position, normal, tangent: floats 0-8
  if constexpr (A == 7) {
    add_contiguous<9>(floats, weight, delta);
  } else if constexpr (A == 3) {
    add_contiguous<6>(floats, weight, delta);
  } else if constexpr (A == 6) {
    add_contiguous<6>(floats + 3, weight, delta);
  } else if constexpr (A == 5) {
    add3<false>(floats, weight, delta);
    add3<Safe>(floats + 6, weight, delta + 3);
  } else {
    add3<Safe>(floats + (A == 1 ? 0 : A == 2 ? 3 : 6), weight, delta);
  }
}

// `count` vertices of one target from `delta`: out[first + i] (dense) or out[index[i]] (sparse).
template <std::uint32_t A>
AEM_ALWAYS_INLINE void add_range(Vertex* out, std::uint32_t first, const std::uint32_t* index, std::uint32_t count,
                                 const float* delta, float w) {
  constexpr std::uint32_t kStride = 3 * std::uint32_t(std::popcount(A));
  if (count == 0) return;
  const Float4 weight = simd::splat(w);
  const auto vertex = [&](std::uint32_t i) -> Vertex& { return out[index != nullptr ? index[i] : first + i]; };
  for (std::uint32_t i = 0; i + 1 < count; ++i, delta += kStride) add_vertex<A, false>(vertex(i), weight, delta);
  add_vertex<A, true>(vertex(count - 1), weight, delta);
}

// add_range for a target's attributes, known only at run time.
AEM_ALWAYS_INLINE void add_any_range(std::uint32_t attributes, Vertex* out, std::uint32_t first, const std::uint32_t* index,
                                     std::uint32_t count, const float* delta, float w) {
  switch (attributes) {
    case 1: return add_range<1>(out, first, index, count, delta, w);
    case 2: return add_range<2>(out, first, index, count, delta, w);
    case 3: return add_range<3>(out, first, index, count, delta, w);
    case 4: return add_range<4>(out, first, index, count, delta, w);
    case 5: return add_range<5>(out, first, index, count, delta, w);
    case 6: return add_range<6>(out, first, index, count, delta, w);
    case 7: return add_range<7>(out, first, index, count, delta, w);
    default: return;  // not in a checked payload
  }
}

}  // namespace aem::morph4
