#include "export/gltf/gltf_double_sided.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <unordered_map>

#include "math/unsign_zeros.hpp"

namespace aem::pipeline::gltf {
namespace {

// A vertex's bytes with every zero unsigned (as a bake writes them), optionally turned round.
std::string vertex_key(const aem::Vertex& v, bool turned) {
  aem::Vertex k = v;
  if (turned)
    for (float* field : {k.normal, k.tangent, k.bitangent})
      for (int c = 0; c < 3; ++c) field[c] = -field[c];
  math::unsign_zeros(k);
  return std::string(reinterpret_cast<const char*>(&k), sizeof k);
}

// A triangle as its corners' keys, rotated to start at the least (winding kept).
std::string triangle_key(std::array<std::string, 3> corners) {
  const auto first = std::min_element(corners.begin(), corners.end()) - corners.begin();
  std::rotate(corners.begin(), corners.begin() + first, corners.end());
  return corners[0] + corners[1] + corners[2];
}

// The back copies among `mesh`'s triangles, or an empty vector when some triangle has none.
std::vector<bool> back_copies(const aem::Model& model, const aem::Mesh& mesh) {
  const auto indices = model.mesh_indices(mesh);
  const std::size_t triangles = indices.size() / 3;
  std::vector<bool> left_out(triangles, false);
  std::unordered_map<std::string, std::vector<std::size_t>> waiting;  // triangle key -> unpaired triangles
  std::size_t unpaired = 0;
  for (std::size_t t = 0; t < triangles; ++t) {
    std::array<std::string, 3> front, back;
    for (std::size_t c = 0; c < 3; ++c) {
      const aem::Vertex& v = model.vertices()[indices[3 * t + c]];
      front[c] = vertex_key(v, false);
      back[c] = vertex_key(v, true);
    }
    std::swap(back[1], back[2]);  // the copy winds the other way
    const auto partner = waiting.find(triangle_key(back));
    if (partner != waiting.end() && !partner->second.empty()) {
      partner->second.pop_back();
      left_out[t] = true;
      --unpaired;
      continue;
    }
    waiting[triangle_key(front)].push_back(t);
    ++unpaired;
  }
  if (unpaired != 0 || triangles == 0) return {};
  return left_out;
}

}  // namespace

BackFaces find_back_faces(const aem::Model& model) {
  BackFaces out;
  out.double_sided.assign(model.materials().size(), true);
  std::vector<bool> used(model.materials().size(), false);
  for (const aem::Mesh& mesh : model.meshes()) {
    out.left_out.push_back(back_copies(model, mesh));
    used[mesh.material] = true;
    if (out.left_out.back().empty()) out.double_sided[mesh.material] = false;
  }
  for (std::size_t m = 0; m < used.size(); ++m) out.double_sided[m] = out.double_sided[m] && used[m];
  // A mesh pairs up whole but shares its material with one that does not: exported as it is.
  for (std::size_t i = 0; i < model.meshes().size(); ++i)
    if (!out.double_sided[model.meshes()[i].material]) out.left_out[i].clear();
  return out;
}

}  // namespace aem::pipeline::gltf
