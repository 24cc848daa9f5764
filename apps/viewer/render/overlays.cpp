#include "render/overlays.hpp"

namespace aem::viewer {

void build_skeleton(const Skeleton& skeleton, std::span<const Mat4> model_space, float joint_size,
                    std::vector<ColoredVertex>& out, int selected) {
  const auto parents = skeleton.parents();
  for (std::size_t j = 0; j < model_space.size() && j < parents.size(); ++j) {
    const float* m = model_space[j].m;
    const Vec3 p{m[12], m[13], m[14]};
    const bool chosen = int(j) == selected;
    if (parents[j] >= 0) {
      const float* q = model_space[std::size_t(parents[j])].m;
      const float r = 1.0f, g = chosen ? 0.2f : 0.85f, b = chosen ? 1.0f : 0.2f;
      out.push_back({q[12], q[13], q[14], r, g, b, 1});
      out.push_back({p.x, p.y, p.z, r, g, b, 1});
    }
    const float s = chosen ? joint_size * 3 : joint_size;
    const float r = chosen ? 1.0f : 0.2f, g = chosen ? 0.2f : 1.0f, b = chosen ? 1.0f : 0.4f;
    const Vec3 axes[3] = {{s, 0, 0}, {0, s, 0}, {0, 0, s}};
    for (int a = 0; a < 3; ++a) {
      out.push_back({p.x - axes[a].x, p.y - axes[a].y, p.z - axes[a].z, r, g, b, 1});
      out.push_back({p.x + axes[a].x, p.y + axes[a].y, p.z + axes[a].z, r, g, b, 1});
    }
  }
}

}  // namespace aem::viewer
