// E3D morphs as scene morph targets (specs/e3d-import.md §2, "Morph targets"). A morph names a
// whole target mesh with absolute positions in the base's vertex order; Ecere draws
// base + sum of w (target - base) over the first min(target, base) vertices and recomputes normals
// afterwards. The scene takes deltas: target minus base in the scene's space, zero past the
// shorter mesh, and normal deltas (target normal minus base normal) where both meshes have normals.
#include <algorithm>
#include <cstring>

#include "import/e3d/e3d_handedness.hpp"
#include "import/e3d/e3d_scene_builder.hpp"
#include "scene/scene_building.hpp"

namespace aem::pipeline::e3d {
namespace {

// `morph`'s target mesh; throws for an ID no mesh has, the base itself, or a target with morphs of
// its own (a chain the scene's one level of targets cannot hold).
const MeshData& target_of(const Model& model, const MeshData& base, const MorphData& morph,
                          const std::map<std::uint32_t, std::int32_t>& mesh_of_id, const std::string& name) {
  const std::string at = name + ": " + morph.block + ": " + morph.where;
  const auto it = mesh_of_id.find(morph.target_mesh_id);
  if (it == mesh_of_id.end())
    throw BakeError(at + " targets mesh ID " + std::to_string(morph.target_mesh_id) + ", which no mesh has");
  const MeshData& target = model.meshes[std::size_t(it->second)];
  if (&target == &base) throw BakeError(at + " targets its own mesh");
  if (!target.morphs.empty())
    throw BakeError(at + " targets " + target.where + ", which has morph targets of its own (chained morphs are refused)");
  return target;
}

// One target's deltas (scene space) over the base's vertices as a stream: target minus base where
// both meshes have the vertex, zero past the shorter one.
std::int32_t delta_stream(Scene& scene, std::vector<unsigned char>& bytes, std::int32_t buffer, const std::string& where,
                          const std::vector<Vec3>& base, const std::vector<Vec3>& target) {
  const std::int32_t index = append_stream(scene, bytes, buffer, where, ComponentType::f32, 3, false, base.size());
  unsigned char* out = bytes.data() + scene.streams[std::size_t(index)].offset;
  for (std::size_t i = 0; i < base.size(); ++i) {
    Vec3 d{0, 0, 0};
    if (i < target.size()) d = to_scene_vector(Vec3{target[i][0] - base[i][0], target[i][1] - base[i][1], target[i][2] - base[i][2]});
    std::memcpy(out + i * 12, d.data(), 12);
  }
  return index;
}

bool moves_a_vertex(const MeshData& base, const MeshData& target) {
  const std::size_t n = std::min(base.positions.size(), target.positions.size());
  for (std::size_t i = 0; i < n; ++i)
    if (target.positions[i] != base.positions[i]) return true;
  return false;
}

}  // namespace

void add_morph_targets(const Model& model, const MeshData& m, const std::map<std::uint32_t, std::int32_t>& mesh_of_id, Scene& scene,
                       std::vector<unsigned char>& bytes, std::int32_t buffer, Primitive& base, Mesh& mesh, WarningLog& warnings) {
  const std::string name = scene.model.string();
  bool named = false;
  for (std::size_t k = 0; k < m.morphs.size(); ++k) {
    const MorphData& morph = m.morphs[k];
    const MeshData& target = target_of(model, m, morph, mesh_of_id, name);
    if (target.positions.size() != m.positions.size())
      warnings.warn("morph targets", morph.where, name + ": " + morph.block + ": " + morph.where + ": its target " + target.where + " has " +
                    std::to_string(target.positions.size()) + " vertices, the base " + std::to_string(m.positions.size()) +
                    "; as in Ecere, only the first " + std::to_string(std::min(target.positions.size(), m.positions.size())) +
                    " vertices morph (the base's others keep their place, the target's others are ignored)");
    MorphTargetStreams streams;
    const std::string where = m.where + " morph " + std::to_string(k);
    streams.position = delta_stream(scene, bytes, buffer, where + " positions", m.positions, target.positions);
    if (!m.normals.empty() && !target.normals.empty())
      streams.normal = delta_stream(scene, bytes, buffer, where + " normals", m.normals, target.normals);
    else if (moves_a_vertex(m, target))
      warnings.warn("morph targets", morph.where, name + ": " + morph.where + " moves positions only: " +
                    (m.normals.empty() ? m.where : target.where) + " has no normals, so the morphed shape is lit with the base " +
                    "shape's normals (Ecere recomputes normals after morphing)");
    base.morph_targets.push_back(streams);
    mesh.weights.push_back(morph.default_weight);
    mesh.target_names.push_back(morph.name);
    named = named || !morph.name.empty();
  }
  if (!named) mesh.target_names.clear();
}

}  // namespace aem::pipeline::e3d
