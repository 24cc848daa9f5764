#pragma once
// Four joints' local transforms stored component by component, so the runtime can sample, blend
// and convert four joints with each instruction. Joint 4 * g + k is lane k of group g; the lanes
// past the last joint of a skeleton hold the identity and are never read back.
#include <cstddef>

#include "aem/transform.hpp"

namespace aem {

struct alignas(16) Transform4 {
  float translation[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};                 // x, y, z
  float rotation[4][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 1, 1}};      // x, y, z, w
  float scale[3][4] = {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};                       // x, y, z

  Transform get(std::size_t lane) const {
    return {{translation[0][lane], translation[1][lane], translation[2][lane]},
            {rotation[0][lane], rotation[1][lane], rotation[2][lane], rotation[3][lane]},
            {scale[0][lane], scale[1][lane], scale[2][lane]}};
  }
  void set(std::size_t lane, const Transform& t) {
    translation[0][lane] = t.translation.x, translation[1][lane] = t.translation.y, translation[2][lane] = t.translation.z;
    rotation[0][lane] = t.rotation.x, rotation[1][lane] = t.rotation.y;
    rotation[2][lane] = t.rotation.z, rotation[3][lane] = t.rotation.w;
    scale[0][lane] = t.scale.x, scale[1][lane] = t.scale.y, scale[2][lane] = t.scale.z;
  }
};

// Running sums of a weighted blend of four joints' poses (the mixer's), all zero to begin with.
struct alignas(16) BlendSum4 {
  float translation[3][4] = {};
  float rotation[4][4] = {};
  float scale[3][4] = {};
  float weight[4] = {};
};

// Groups of four that hold `joints` joints.
constexpr std::size_t group_count(std::size_t joints) { return (joints + 3) / 4; }
// How many of group `group`'s lanes hold joints: 4, or fewer in the last group.
constexpr std::size_t group_lanes(std::size_t joints, std::size_t group) {
  return joints - 4 * group < 4 ? joints - 4 * group : 4;
}

}  // namespace aem
