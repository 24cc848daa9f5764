#include "bake/limit_checks.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline {

void check_vertex_limit(const Scene& scene, const BakeLimits& limits) {
  std::uint64_t vertices = 0;
  std::vector<int> stack(scene.roots.rbegin(), scene.roots.rend());  // the node graph is a checked forest
  while (!stack.empty()) {
    const Node& node = scene.nodes[std::size_t(stack.back())];
    stack.pop_back();
    if (node.mesh != kNone)
      for (const Primitive& p : scene.meshes[std::size_t(node.mesh)].primitives) {
        // Its POSITION count, or its index count when larger: every index is a corner the
        // geometry reads and keeps. Each count is at most 2^28 (checked by the import).
        std::uint64_t count = p.indices != kNone ? scene.streams[std::size_t(p.indices)].count : 0;
        for (const Attribute& a : p.attributes)
          if (a.semantic == Semantic::position) {
            count = std::max<std::uint64_t>(count, scene.streams[std::size_t(a.stream)].count);
            break;
          }
        vertices += count;
      }
    if (vertices > limits.max_vertices)
      throw BakeError(scene.model.string() + ": the scene places at least " + std::to_string(vertices) +
                      " vertices (POSITION or indices, whichever is more, counted once per node that places a mesh), more than the limit of " +
                      std::to_string(limits.max_vertices) + " (--max-vertices raises it)");
    stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
  }
}

void check_output_limit(const std::filesystem::path& model, std::uint64_t bytes, const BakeLimits& limits) {
  if (bytes > limits.max_output_bytes)
    throw BakeError(model.string() + ": the baked AEM file would be " + std::to_string(bytes) +
                    " bytes, more than the limit of " + std::to_string(limits.max_output_bytes) +
                    " bytes (--max-output-bytes raises it)");
}

}  // namespace aem::pipeline
