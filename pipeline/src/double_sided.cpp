#include "double_sided.hpp"

#include <tiny_gltf.h>

#include <limits>
#include <vector>

namespace aem::pipeline {
namespace {

bool is_double_sided(const tinygltf::Model& model, int material) {
  return material >= 0 && std::size_t(material) < model.materials.size() &&
         model.materials[std::size_t(material)].doubleSided;
}

// The same surface seen from behind: the normal turns round, while the UV mapping, and so the
// tangent (+U) and bitangent (+V), stay as they are.
Vertex back_face_vertex(const Vertex& front) {
  Vertex back = front;
  for (float& n : back.normal) n = -n;
  return back;
}

}  // namespace

std::uint64_t add_back_faces(const GltfDocument& doc, GeometryBuild& geometry) {
  constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  std::uint64_t added = 0;
  std::vector<std::uint32_t> back_of;  // front vertex -> its back copy, per range
  for (MaterialRange& range : geometry.ranges) {
    if (!is_double_sided(*doc.model, range.material)) continue;
    back_of.assign(geometry.vertices.size(), kNone);
    const std::size_t front_indices = range.indices.size();
    range.indices.reserve(front_indices * 2);
    for (std::size_t t = 0; t + 2 < front_indices; t += 3) {
      std::uint32_t corners[3];
      for (int c = 0; c < 3; ++c) {
        const std::uint32_t front = range.indices[t + std::size_t(c)];
        if (back_of[front] == kNone) {
          back_of[front] = std::uint32_t(geometry.vertices.size());
          geometry.vertices.push_back(back_face_vertex(geometry.vertices[front]));
        }
        corners[c] = back_of[front];
      }
      range.indices.insert(range.indices.end(), {corners[0], corners[2], corners[1]});
      ++added;
    }
  }
  return added;
}

}  // namespace aem::pipeline
