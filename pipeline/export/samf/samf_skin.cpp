#include "export/samf/samf_skin.hpp"

#include <cmath>

namespace aem::pipeline::samf {

SkinWeight quantize_skin(const Vertex& v, const Bones& bones) {
  SkinWeight out;
  const std::size_t joint_count = bones.bone_of_joint.size();
  if (is_static(v, joint_count)) {
    out.bones[0] = std::uint8_t(bones.static_bone());
    out.weights[0] = 255;
    return out;
  }
  int used = 0;
  double sum = 0;
  std::array<double, 4> weight{};
  for (int k = 0; k < 4; ++k) {
    if (v.joints[k] < 0 || std::size_t(v.joints[k]) >= joint_count || !(v.weights[k] > 0)) continue;
    out.bones[std::size_t(used)] = std::uint8_t(bones.bone_of_joint[std::size_t(v.joints[k])]);
    weight[std::size_t(used)] = v.weights[k];
    sum += v.weights[k];
    ++used;
  }
  std::array<double, 4> remainder{};
  int missing = 255;
  for (std::size_t k = 0; k < std::size_t(used); ++k) {
    const double share = weight[k] / sum * 255.0;
    const double whole = std::floor(share);
    out.weights[k] = std::uint8_t(whole);
    remainder[k] = share - whole;
    missing -= int(whole);
  }
  for (; missing > 0; --missing) {  // at most `used` rounds: the remainders sum to `missing`
    std::size_t best = 0;
    for (std::size_t k = 1; k < std::size_t(used); ++k)
      if (remainder[k] > remainder[best]) best = k;
    ++out.weights[best];
    remainder[best] = -1;
  }
  return out;
}

}  // namespace aem::pipeline::samf
