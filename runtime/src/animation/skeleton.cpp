#include "aem/skeleton.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "animation/skinning4.hpp"

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
  inverse_bind_splats_.resize(8 * count);
  for (std::size_t j = 0; j < count; ++j) {
    const std::int32_t parent = joints[j].parent;
    // Trusted files may hold anything; a parent out of range is treated as a root.
    parents_[j] = (parent >= 0 && std::size_t(parent) < count && std::size_t(parent) != j) ? parent : -1;
    std::memcpy(inverse_binds_[j].m, joints[j].inverse_bind, sizeof(float) * 16);
    for (int pair = 0; pair < 2; ++pair) {
      for (int row = 0; row < 4; ++row) {
        Splat& splat = inverse_bind_splats_[8 * j + std::size_t(4 * pair + row)];
        std::fill_n(splat.lanes, 4, inverse_binds_[j].m[4 * (2 * pair) + row]);
        std::fill_n(splat.lanes + 4, 4, inverse_binds_[j].m[4 * (2 * pair + 1) + row]);
      }
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

using skinning4::Float4;
using skinning4::load_columns;
using skinning4::multiply_local;
using skinning4::store_columns;

}  // namespace

void Skeleton::finish_children_first(std::span<Mat4> model_space, std::span<float> skinning) const {
  for (std::uint32_t j : order_) {
    if (parents_[j] < 0) continue;
    const Mat4 parked = model_space[j];
    const auto local = [&parked](int c, int row) { return parked.m[4 * c + row]; };
    Float4 parent[4], global[4];
    load_columns(model_space[std::size_t(parents_[j])], parent);
    multiply_local(parent, local, global);
    store_columns(global, model_space[j].m);
  }
  const float* splats = reinterpret_cast<const float*>(inverse_bind_splats_.data());
  for (std::size_t j = 0; j < joint_count(); ++j) {
    Float4 global[4];
    load_columns(model_space[j], global);
    if (affine_binds_) {
      skinning4::skin<true>(global, splats + 64 * j, skinning.data() + 16 * j);
    } else {
      skinning4::skin<false>(global, splats + 64 * j, skinning.data() + 16 * j);
    }
  }
}

AEM_FRAME_LOOP
void Skeleton::local_to_skinning(std::span<const Transform4> locals, std::span<Mat4> model_space,
                                 std::span<float> skinning) const {
  check_size(locals.size(), group_count(joint_count()), "locals (groups of four joints)");
  check_size(model_space.size(), joint_count(), "model_space");
  check_size(skinning.size(), 16 * joint_count(), "skinning (16 floats per joint)");
  // Null splats for a skeleton without joints, where nothing reads them.
  const skinning4::Target target{joint_count(), parents_.data(),
                                 reinterpret_cast<const float*>(inverse_bind_splats_.data()), model_space.data(),
                                 skinning.data()};
  // One loop per kind of skeleton (std::true_type or std::false_type for each question), each
  // inlined into this function's x86-64-v3 and v4 copies.
  const auto run = [&](auto parents_first, auto affine) AEM_LAMBDA_ALWAYS_INLINE {
    const auto step = [&](std::size_t first, std::size_t lanes, const auto& pose) AEM_LAMBDA_ALWAYS_INLINE {
      skinning4::joints_to_skinning<decltype(parents_first)::value, decltype(affine)::value>(target, first, lanes, pose);
    };
    // Two groups at a time, so that building the local matrices takes eight joints per
    // instruction where AVX has them; a lone last group on its own.
    std::size_t group = 0;
    for (; group + 1 < locals.size(); group += 2) {
      const std::size_t first = 4 * group;
      step(first, std::min<std::size_t>(8, target.joints - first), simd::load(locals[group], locals[group + 1]));
    }
    if (group < locals.size()) step(4 * group, group_lanes(target.joints, group), simd::load(locals[group]));
  };
  if (!parents_first_) {
    run(std::false_type{}, std::false_type{});
    finish_children_first(model_space, skinning);
  } else if (affine_binds_) {
    run(std::true_type{}, std::true_type{});
  } else {
    run(std::true_type{}, std::false_type{});
  }
}

}  // namespace aem
