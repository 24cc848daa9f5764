#include "aem/skeleton.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "pose4.hpp"

namespace aem {
namespace {

void check_size(std::size_t got, std::size_t want, const char* what) {
  if (got != want) {
    throw std::invalid_argument(std::string(what) + " holds " + std::to_string(got) +
                                " elements; the skeleton needs " + std::to_string(want));
  }
}

}  // namespace

Skeleton::Skeleton(const Model& model) {
  const auto joints = model.joints();
  const std::size_t count = joints.size();
  parents_.resize(count);
  inverse_binds_.resize(count);
  inverse_bind_splats_.resize(16 * count);
  for (std::size_t j = 0; j < count; ++j) {
    const std::int32_t parent = joints[j].parent;
    // Trusted files may hold anything; a parent out of range is treated as a root.
    parents_[j] = (parent >= 0 && std::size_t(parent) < count && std::size_t(parent) != j) ? parent : -1;
    std::memcpy(inverse_binds_[j].m, joints[j].inverse_bind, sizeof(float) * 16);
    for (int e = 0; e < 16; ++e) {
      Splat& splat = inverse_bind_splats_[16 * j + std::size_t(e)];
      std::fill_n(splat.lanes, 4, inverse_binds_[j].m[e]);
    }
    parents_first_ = parents_first_ && parents_[j] < std::int32_t(j);
    const float* m = inverse_binds_[j].m;
    affine_binds_ = affine_binds_ && m[3] == 0 && m[7] == 0 && m[11] == 0 && m[15] == 1;
  }

  // Kahn's order over the parent links; joints left over sit on a cycle (only possible in a
  // trusted file) and become roots.
  order_.reserve(count);
  if (parents_first_) {
    for (std::size_t j = 0; j < count; ++j) order_.push_back(std::uint32_t(j));
  } else {
    std::vector<std::vector<std::uint32_t>> children(count);
    for (std::size_t j = 0; j < count; ++j) {
      if (parents_[j] < 0) order_.push_back(std::uint32_t(j));
      else children[std::size_t(parents_[j])].push_back(std::uint32_t(j));
    }
    for (std::size_t next = 0; next < order_.size(); ++next) {
      for (std::uint32_t child : children[order_[next]]) order_.push_back(child);
    }
    if (order_.size() < count) {
      std::vector<bool> placed(count);
      for (std::uint32_t j : order_) placed[j] = true;
      for (std::size_t j = 0; j < count; ++j) {
        if (!placed[j]) {
          parents_[j] = -1;
          order_.push_back(std::uint32_t(j));
        }
      }
    }
  }

  // Bind pose: global = inverse(inverse bind); local = inverse(parent global) * global.
  std::vector<Mat4> bind_globals(count);
  for (std::size_t j = 0; j < count; ++j) bind_globals[j] = inverse(inverse_binds_[j]);
  bind_pose_.resize(count);
  for (std::size_t j = 0; j < count; ++j) {
    const Mat4 local = parents_[j] < 0 ? bind_globals[j]
                                       : inverse_binds_[std::size_t(parents_[j])] * bind_globals[j];
    bind_pose_[j] = decompose(local);
  }
}

void Skeleton::local_to_model(std::span<const Transform> locals, std::span<Mat4> model_space) const {
  check_size(locals.size(), joint_count(), "locals");
  check_size(model_space.size(), joint_count(), "model_space");
  const auto joint = [&](std::uint32_t j) {
    const Mat4 local = to_matrix(locals[j]);
    const std::int32_t parent = parents_[j];
    if (parent < 0) {
      model_space[j] = local;
    } else {
      // Local matrices are affine by construction, so their last row need not be multiplied.
      multiply_affine(model_space[std::size_t(parent)], local, model_space[j].m);
    }
  };
  if (parents_first_) {
    for (std::uint32_t j = 0; j < joint_count(); ++j) joint(j);
  } else {
    for (std::uint32_t j : order_) joint(j);
  }
}

void Skeleton::skinning_matrices(std::span<const Mat4> model_space, std::span<float> out) const {
  check_size(model_space.size(), joint_count(), "model_space");
  check_size(out.size(), 16 * joint_count(), "out (16 floats per joint)");
  if (affine_binds_) {
    for (std::size_t j = 0; j < joint_count(); ++j) {
      multiply_affine(model_space[j], inverse_binds_[j], out.data() + 16 * j);
    }
  } else {
    for (std::size_t j = 0; j < joint_count(); ++j) {
      multiply(model_space[j], inverse_binds_[j], out.data() + 16 * j);
    }
  }
}

namespace {

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

// The skinning matrix model_space * inverse_bind, with each element of the inverse bind matrix
// already in all four lanes (splat[4 * e .. 4 * e + 3] is element e, 16-byte aligned). Affine:
// the inverse bind's bottom row is 0, 0, 0, 1.
template <bool Affine>
AEM_ALWAYS_INLINE void skin(const Float4 (&model_space)[4], const float* splat, float* out) {
  const auto element = [splat](int e) { return simd::load_aligned(splat + 4 * e); };
  Float4 r[4];
  for (int c = 0; c < 4; ++c) {
    r[c] = model_space[0] * element(4 * c) + model_space[1] * element(4 * c + 1) +
           model_space[2] * element(4 * c + 2);
    if constexpr (!Affine) r[c] += model_space[3] * element(4 * c + 3);
  }
  if constexpr (Affine) r[3] += model_space[3];
  store_columns(r, out);
}

// The first pass over the groups: each joint's local matrix times its parent's model-space
// matrix, and its skinning matrix, while both are in registers. Children-first skeletons
// (ParentsFirst false) only park the local matrices in model_space here, for a second pass.
template <bool ParentsFirst, bool Affine>
AEM_ALWAYS_INLINE void groups_to_skinning(const Transform4* locals, std::size_t joints,
                                          const std::int32_t* parents, const float* splats,
                                          Mat4* model_space, float* skinning) {
  Float4 identity[4];
  load_columns(Mat4{}, identity);
  for (std::size_t group = 0; 4 * group < joints; ++group) {
    // Four local matrices at once, kept lane by lane for each joint to read its own.
    const simd::Affine4 local4 = simd::to_matrix(simd::load(locals[group]));
    alignas(16) float lanes4[4][3][4];  // [column][row][lane]
    for (int c = 0; c < 4; ++c)
      for (int row = 0; row < 3; ++row) simd::store(lanes4[c][row], local4.m[c][row]);
    const std::size_t lanes = group_lanes(joints, group);
    for (std::size_t k = 0; k < lanes; ++k) {
      const std::size_t j = 4 * group + k;
      const auto local = [&lanes4, k](int c, int row) { return lanes4[c][row][k]; };
      Float4 parent[4];
      const bool has_parent = ParentsFirst && parents[j] >= 0;
      if (has_parent) load_columns(model_space[std::size_t(parents[j])], parent);
      Float4 global[4];
      multiply_local(has_parent ? parent : identity, local, global);
      store_columns(global, model_space[j].m);
      if constexpr (ParentsFirst) skin<Affine>(global, splats + 64 * j, skinning + 16 * j);
    }
  }
}

template <bool Affine>
AEM_ALWAYS_INLINE void skin_all(const Mat4* model_space, std::size_t joints, const float* splats,
                                float* skinning) {
  for (std::size_t j = 0; j < joints; ++j) {
    Float4 global[4];
    load_columns(model_space[j], global);
    skin<Affine>(global, splats + 64 * j, skinning + 16 * j);
  }
}

}  // namespace

AEM_FRAME_LOOP
void Skeleton::local_to_skinning(std::span<const Transform4> locals, std::span<Mat4> model_space,
                                 std::span<float> skinning) const {
  check_size(locals.size(), group_count(joint_count()), "locals (groups of four joints)");
  check_size(model_space.size(), joint_count(), "model_space");
  check_size(skinning.size(), 16 * joint_count(), "skinning (16 floats per joint)");
  const std::size_t joints = joint_count();
  const float* splats = reinterpret_cast<const float*>(inverse_bind_splats_.data());  // null without joints
  if (parents_first_) {
    if (affine_binds_) {
      groups_to_skinning<true, true>(locals.data(), joints, parents_.data(), splats, model_space.data(), skinning.data());
    } else {
      groups_to_skinning<true, false>(locals.data(), joints, parents_.data(), splats, model_space.data(), skinning.data());
    }
    return;
  }
  groups_to_skinning<false, false>(locals.data(), joints, parents_.data(), splats, model_space.data(), skinning.data());
  for (std::uint32_t j : order_) {
    if (parents_[j] < 0) continue;
    const Mat4 parked = model_space[j];
    const auto local = [&parked](int c, int row) { return parked.m[4 * c + row]; };
    Float4 parent[4], global[4];
    load_columns(model_space[std::size_t(parents_[j])], parent);
    multiply_local(parent, local, global);
    store_columns(global, model_space[j].m);
  }
  if (affine_binds_) {
    skin_all<true>(model_space.data(), joints, splats, skinning.data());
  } else {
    skin_all<false>(model_space.data(), joints, splats, skinning.data());
  }
}

}  // namespace aem
