#include "model/motion_bounds.hpp"

namespace aem::viewer {

Bounds motion_bounds(const Model& model, const MotionSampling& sampling) {
  // The runtime's motion box (runtime/include/aem/model_bounds.hpp), which `aem info` prints too.
  const BoundingBox box = aem::animation_bounds(model, sampling).box;
  if (box.empty()) return {{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};
  return bounds_of(box);
}

}  // namespace aem::viewer
