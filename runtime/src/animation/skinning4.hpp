#pragma once
// The skeleton's per-frame step for the joints of one pose in registers (two groups of four
// in Skeleton::local_to_skinning), from their local poses to model-space and skinning matrices.
// Private to the runtime.
#include <cstddef>
#include <cstdint>

#include "aem/transform.hpp"
#include "animation/pose4.hpp"

namespace aem::skinning4 {

using simd::Float4;

// parent * local, column by column: each result column is the parent's columns weighted by
// one column of the local matrix, whose top three rows local[column][row] holds (the bottom row
// is 0, 0, 0, 1).
template <class Local>
AEM_ALWAYS_INLINE void multiply_local(const Float4* parent, const Local& local, Float4 (&out)[4]) {
  for (int c = 0; c < 3; ++c) {
    out[c] = parent[0] * local(c, 0) + parent[1] * local(c, 1) + parent[2] * local(c, 2);
  }
  out[3] = parent[0] * local(3, 0) + parent[1] * local(3, 1) + parent[2] * local(3, 2) + parent[3];
}

AEM_ALWAYS_INLINE void load_columns(const Mat4& m, Float4 (&out)[4]) {
  for (int c = 0; c < 4; ++c) out[c] = simd::load(m.m + 4 * c);
}

AEM_ALWAYS_INLINE void store_columns(const Float4 (&columns)[4], float* out) {
  for (int c = 0; c < 4; ++c) simd::store(out + 4 * c, columns[c]);
}

// The skinning matrix model_space * inverse_bind, two columns at a time. `splat` holds the
// inverse bind's elements already spread over the lanes (32-byte aligned), 8 floats for each
// pair of columns p and row r: element (2p, r) four times, then element (2p + 1, r) four times.
// Affine: the inverse bind's bottom row is 0, 0, 0, 1.
template <bool Affine>
AEM_ALWAYS_INLINE void skin(const Float4 (&model_space)[4], const float* splat, float* out) {
  simd::Float8 m[4];
  for (int k = 0; k < (Affine ? 3 : 4); ++k) m[k] = simd::twice(model_space[k]);
  for (int p = 0; p < 2; ++p) {
    const float* pair = splat + 32 * p;
    simd::Float8 r = m[0] * simd::load8_aligned(pair) + m[1] * simd::load8_aligned(pair + 8) +
                     m[2] * simd::load8_aligned(pair + 16);
    if constexpr (!Affine) r += m[3] * simd::load8_aligned(pair + 24);
    if constexpr (Affine) {
      if (p == 1) r += simd::high_only(model_space[3]);
    }
    simd::store(out + 8 * p, r);
  }
}

// Where a frame's matrices go, and what the skeleton knows about its joints.
struct Target {
  std::size_t joints;
  const std::int32_t* parents;  // -1 or an earlier joint (ParentsFirst)
  const float* splats;          // the skeleton's inverse bind splats (see skin), 64 floats per joint
  Mat4* model_space;
  float* skinning;
};

// Joints first .. first + lanes - 1, one per lane of `pose`, from their local poses: each
// joint's local matrix times its parent's model-space matrix, and its skinning matrix, while
// both are in registers. Without ParentsFirst the local matrices are only parked in
// model_space, for the skeleton to finish.
template <bool ParentsFirst, bool Affine, class V>
AEM_ALWAYS_INLINE void joints_to_skinning(const Target& target, std::size_t first, std::size_t lanes,
                                          const simd::PoseOf<V>& pose) {
  // All lanes' local matrices at once; each joint then reads its own lane of each element.
  const simd::AffineOf<V> local_lanes = simd::to_matrix(pose);
  Float4 global[4];
  for (std::size_t k = 0; k < lanes; ++k) {
    const std::size_t j = first + k;
    const auto local = [&local_lanes, k](int c, int row) AEM_LAMBDA_ALWAYS_INLINE { return local_lanes.m[c][row][k]; };
    const std::int32_t p = ParentsFirst ? target.parents[j] : -1;
    Float4 parent[4];
    if (k > 0 && p == std::int32_t(j) - 1) {
      // The joint just done, as chains (spines, limbs, fingers) have it: from registers, not
      // through a store and a load on the hierarchy's critical path.
      for (int c = 0; c < 4; ++c) parent[c] = global[c];
    } else if (p >= 0) {
      load_columns(target.model_space[std::size_t(p)], parent);
    } else {
      load_columns(Mat4{}, parent);
    }
    multiply_local(parent, local, global);
    store_columns(global, target.model_space[j].m);
    if constexpr (ParentsFirst) skin<Affine>(global, target.splats + 64 * j, target.skinning + 16 * j);
  }
}

}  // namespace aem::skinning4
