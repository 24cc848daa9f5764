#pragma once
// Line overlays in model space: the skeleton (a line from each joint to its parent, a cross at
// each joint). The ground grid is grid.hpp.
#include <span>

#include "aem/skeleton.hpp"
#include "aem/transform.hpp"
#include "render/vertex_batch.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

// Bones from the joints' model-space matrices. The `selected` joint (-1: none) and the bone to
// its parent stand out: magenta, with a cross three times the size.
void build_skeleton(const Skeleton& skeleton, std::span<const Mat4> model_space, float joint_size,
                    std::vector<ColoredVertex>& out, int selected = -1);

}  // namespace aem::viewer
