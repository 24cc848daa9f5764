#include "picking/posed_vertex.hpp"

#include <algorithm>
#include <cstdint>

namespace aem::viewer {

Vec3 posed_position(const Vertex& vertex, std::span<const float> skinning) {
  const Vec3 p{vertex.position[0], vertex.position[1], vertex.position[2]};
  Vec3 sum;
  float total = 0;
  for (int i = 0; i < 4; ++i) {
    const std::int32_t j = vertex.joints[i];
    if (j < 0 || vertex.weights[i] <= 0 || std::size_t(j) * 16 + 16 > skinning.size()) continue;
    Mat4 matrix;
    std::copy_n(skinning.data() + std::size_t(j) * 16, 16, matrix.m);
    sum = sum + transform_point(matrix, p) * vertex.weights[i];
    total += vertex.weights[i];
  }
  return total > 0 ? sum : p;
}

}  // namespace aem::viewer
