#include "stages/geometry/double_sided.hpp"

#include <limits>
#include <vector>

#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline {
namespace {

bool is_double_sided(const Scene& scene, int material) {
  return material >= 0 && std::size_t(material) < scene.materials.size() &&
         scene.materials[std::size_t(material)].double_sided;
}

// The same surface seen from behind: the whole tangent frame turns round, normal, tangent and
// bitangent, as glTF renderers (the Khronos sample viewer, three.js) turn it for back faces of
// double-sided materials. A normal map's perturbed normal is then the front's reversed: a bump
// seen from behind is a dent, as on a thin sheet. (Only the normal reversed would keep the
// bump's slope pointing the front's way.)
Vertex back_face_vertex(const Vertex& front) {
  Vertex back = front;
  for (float& n : back.normal) n = -n;
  for (float& t : back.tangent) t = -t;
  for (float& b : back.bitangent) b = -b;
  return back;
}

}  // namespace

std::uint64_t add_back_faces(const Scene& scene, GeometryBuild& geometry) {
  constexpr std::uint32_t kNoBack = std::numeric_limits<std::uint32_t>::max();
  std::uint64_t added = 0;
  // Front vertex -> its back copy in the current range; reset entry by entry after each range, so
  // that many double-sided materials cost their own indices, not the model's vertices each.
  std::vector<std::uint32_t> back_of(geometry.vertices.size(), kNoBack);
  for (MaterialRange& range : geometry.ranges) {
    if (!is_double_sided(scene, range.material)) continue;
    const std::size_t front_indices = range.indices.size();
    if (geometry.vertices.size() + front_indices > kMaxBakedVertices)
      throw BakeError(scene.model.string() + ": more vertices than an AEM file can hold once double-sided "
                      "materials get their back faces");
    range.indices.reserve(front_indices * 2);
    for (std::size_t t = 0; t + 2 < front_indices; t += 3) {
      std::uint32_t corners[3];
      for (int c = 0; c < 3; ++c) {
        const std::uint32_t front = range.indices[t + std::size_t(c)];
        if (back_of[front] == kNoBack) {
          back_of[front] = std::uint32_t(geometry.vertices.size());
          geometry.vertices.push_back(back_face_vertex(geometry.vertices[front]));
          append_back_face_values(geometry.streams, front);
        }
        corners[c] = back_of[front];
      }
      range.indices.insert(range.indices.end(), {corners[0], corners[2], corners[1]});
      ++added;
    }
    for (std::size_t i = 0; i < front_indices; ++i) back_of[range.indices[i]] = kNoBack;
  }
  return added;
}

}  // namespace aem::pipeline
