#pragma once
// Walks over a glTF node forest given as each node's parent (-1 for roots). Private to the
// pipeline.
#include <span>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Per node: itself when it is `marked`, else its nearest marked ancestor, else -1. Linear in the
// node count however deep the forest (each walk up the parents stops at the first node already
// answered), so a hostile 100,000-deep chain costs its length, not its square. `parent` must be
// acyclic (import_gltf checks).
std::vector<int> nearest_marked_nodes(const std::vector<int>& parent, const std::vector<char>& marked);

// The nodes below `starts` (each start included), depth first, each node before its children
// and the children in the order their parent lists them: the order the stages visit nodes in,
// which decides joint and mesh order. `nodes` must form a forest (check_scene checks), so each
// node is listed once per start it lies below.
std::vector<int> preorder_nodes(const std::vector<Node>& nodes, std::span<const int> starts);

}  // namespace aem::pipeline
