// Meshes and nodes of an E3D model as scene streams, primitives and nodes, converted to the
// scene's right-handed space (e3d_handedness.hpp).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "import/e3d/e3d_handedness.hpp"
#include "import/e3d/e3d_scene_builder.hpp"
#include "scene/scene_building.hpp"

namespace aem::pipeline::e3d {
namespace {

// Appends `count` elements of `components` x `type` to `bytes` through `write`, and a stream for them.
template <typename Write>
std::int32_t add_stream(Scene& scene, std::vector<unsigned char>& bytes, std::int32_t buffer, const std::string& where,
                        ComponentType type, std::uint8_t components, bool normalized, std::size_t count, Write write) {
  const std::int32_t index = append_stream(scene, bytes, buffer, where, type, components, normalized, count);
  const Stream& s = scene.streams[std::size_t(index)];
  unsigned char* out = bytes.data() + s.offset;
  for (std::size_t i = 0; i < count; ++i) write(i, out + i * s.stride);
  return index;
}

void put_floats(unsigned char* out, std::initializer_list<float> values) {
  for (float v : values) { std::memcpy(out, &v, 4); out += 4; }
}

// The tangent's w: +1 when the turned bitangent agrees with cross(normal, tangent), else -1
// (the scene's convention, bitangent = cross(normal, tangent.xyz) * w).
float handedness(const Vec3& n, const Vec3& t, const Vec3& b) {
  const Vec3 c{n[1] * t[2] - n[2] * t[1], n[2] * t[0] - n[0] * t[2], n[0] * t[1] - n[1] * t[0]};
  return c[0] * b[0] + c[1] * b[1] + c[2] * b[2] < 0 ? -1.0f : 1.0f;
}

struct MeshLookups {
  std::map<std::uint32_t, std::int32_t> material_of_id, mesh_of_id;  // into model.materials, model.meshes
};

void add_mesh(const Model& source, const MeshData& m, const MeshLookups& ids, Scene& scene, WarningLog& warnings) {
  const std::string model = scene.model.string();
  const std::int32_t buffer = std::int32_t(scene.buffers.size());
  scene.buffers.emplace_back();
  std::vector<unsigned char> bytes;  // filled here, moved into the buffer at the end
  const std::size_t n = m.positions.size();
  Primitive base;
  base.attributes.push_back({Semantic::position, 0, add_stream(scene, bytes, buffer, m.where + " positions", ComponentType::f32, 3, false, n,
      [&](std::size_t i, unsigned char* out) { const Vec3 p = to_scene_vector(m.positions[i]); put_floats(out, {p[0], p[1], p[2]}); }), "POSITION"});
  if (!m.normals.empty())
    base.attributes.push_back({Semantic::normal, 0, add_stream(scene, bytes, buffer, m.where + " normals", ComponentType::f32, 3, false, n,
        [&](std::size_t i, unsigned char* out) { const Vec3 v = to_scene_vector(m.normals[i]); put_floats(out, {v[0], v[1], v[2]}); }), "NORMAL"});
  if (!m.tangents.empty() && m.normals.empty())
    warnings.warn("tangents", m.where, model + ": " + m.where + ": tangents without normals cannot form a frame; tangents are generated instead");
  if (!m.tangents.empty() && !m.normals.empty())
    base.attributes.push_back({Semantic::tangent, 0, add_stream(scene, bytes, buffer, m.where + " tangents", ComponentType::f32, 4, false, n,
        [&](std::size_t i, unsigned char* out) {
          const Vec3 t = to_scene_vector(m.tangents[i]), b = to_scene_vector(m.bitangents[i]), nn = to_scene_vector(m.normals[i]);
          put_floats(out, {t[0], t[1], t[2], handedness(nn, t, b)});
        }), "TANGENT"});
  for (std::uint32_t set = 0; set < m.texcoords.size(); ++set) {
    if (m.texcoords[set].empty()) continue;
    // E3D's UV origin is the image's top-left (Ecere uploads rows top first), as the scene's.
    base.attributes.push_back({Semantic::texcoord, set, add_stream(scene, bytes, buffer, m.where + " texCoords" + std::to_string(set + 1),
        ComponentType::f32, 2, false, n, [&](std::size_t i, unsigned char* out) { put_floats(out, {m.texcoords[set][i][0], m.texcoords[set][i][1]}); }),
        "TEXCOORD_" + std::to_string(set)});
  }
  if (!m.colors.empty())
    base.attributes.push_back({Semantic::color, 0, add_stream(scene, bytes, buffer, m.where + " colors", ComponentType::u8, 4, true, n,
        [&](std::size_t i, unsigned char* out) { std::memcpy(out, m.colors[i].data(), 4); }), "COLOR_0"});
  const std::size_t triangles = m.indices.size() / 3;
  const std::int32_t all_indices = add_stream(scene, bytes, buffer, m.where + " triangles", ComponentType::u32, 1, false, triangles * 3,
      [&](std::size_t i, unsigned char* out) {
        const std::size_t t = i / 3;
        const auto corners = to_scene_winding(m.indices[t * 3], m.indices[t * 3 + 1], m.indices[t * 3 + 2]);
        std::memcpy(out, &corners[i % 3], 4);
      });
  Mesh mesh;
  mesh.where = m.where;
  add_morph_targets(source, m, ids.mesh_of_id, scene, bytes, buffer, base, mesh, warnings);
  scene.buffers[std::size_t(buffer)] = std::move(bytes);

  std::vector<MeshData::FaceRun> runs = m.face_runs;
  if (runs.empty()) runs.push_back({0, std::uint32_t(triangles), 0});
  std::vector<bool> covered(triangles, false);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const MeshData::FaceRun& run = runs[r];
    if (run.count == 0) continue;
    for (std::uint32_t t = run.first; t < run.first + run.count; ++t) covered[t] = true;
    Primitive p = base;
    p.where = m.where + " faces " + std::to_string(run.first) + "-" + std::to_string(std::uint64_t(run.first) + run.count - 1);
    Stream indices = scene.streams[std::size_t(all_indices)];
    indices.where = p.where;
    indices.offset += std::uint64_t(run.first) * 12;
    indices.count = std::uint64_t(run.count) * 3;
    scene.streams.push_back(std::move(indices));
    p.indices = std::int32_t(scene.streams.size() - 1);
    if (run.material_id != 0) {  // ID 0: no material (the spec's cube)
      const auto it = ids.material_of_id.find(run.material_id);
      if (it != ids.material_of_id.end()) p.material = it->second;
      else warnings.warn("missing materials", p.where, model + ": " + p.where + ": material ID " + std::to_string(run.material_id) +
                                                          " is not in the file; the default material is used");
    }
    mesh.primitives.push_back(std::move(p));
  }
  const auto uncovered = std::size_t(std::count(covered.begin(), covered.end(), false));
  if (uncovered > 0)
    warnings.warn("faces without material", m.where, model + ": " + m.where + ": " + std::to_string(uncovered) +
        " triangles belong to no facesMaterials run; they are dropped, as Ecere's loader draws only the runs");
  scene.meshes.push_back(std::move(mesh));
}

}  // namespace

std::int32_t add_buffer(Scene& scene, std::vector<unsigned char> bytes) {
  scene.buffers.push_back(std::move(bytes));
  return std::int32_t(scene.buffers.size() - 1);
}

void add_geometry(const Model& model, Scene& scene, WarningLog& warnings) {
  const std::string name = scene.model.string();
  MeshLookups ids;
  for (std::size_t i = 0; i < model.materials.size(); ++i)
    if (!ids.material_of_id.emplace(model.materials[i].id, std::int32_t(i)).second)
      warnings.warn("duplicate IDs", model.materials[i].where, name + ": " + model.materials[i].where +
                                                                 " repeats an earlier material's ID; faces use the first");
  for (std::size_t i = 0; i < model.meshes.size(); ++i)
    if (!ids.mesh_of_id.emplace(model.meshes[i].id, std::int32_t(i)).second)
      throw BakeError(name + ": " + model.meshes[i].where + " repeats an earlier mesh's ID, so nodes and morphs cannot tell them apart");
  // Every mesh, targets included: a scene mesh no node places is not baked, so a target mesh
  // (which Ecere's writer places nowhere) is not baked as a mesh of its own.
  for (const MeshData& m : model.meshes) add_mesh(model, m, ids, scene, warnings);
  const std::map<std::uint32_t, std::int32_t>& mesh_of_id = ids.mesh_of_id;
  for (const NodeData& n : model.nodes) {
    Node node;
    node.where = n.where;
    node.name = n.name;
    node.parent = n.parent;
    node.children = n.children;
    node.translation = to_scene_vector(n.position);
    node.scale = {n.scaling[0], n.scaling[1], n.scaling[2]};
    node.rotation = to_scene_rotation(n.orientation);
    if (n.mesh_id) {
      const auto it = mesh_of_id.find(*n.mesh_id);
      if (it == mesh_of_id.end())
        throw BakeError(name + ": " + n.where + " places mesh ID " + std::to_string(*n.mesh_id) + ", which no mesh has");
      node.mesh = it->second;
    }
    scene.nodes.push_back(std::move(node));
  }
  scene.roots = model.roots;
}

}  // namespace aem::pipeline::e3d
