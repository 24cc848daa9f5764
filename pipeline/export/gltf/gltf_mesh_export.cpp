#include "export/gltf/gltf_mesh_export.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "aem/ext_names.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"


namespace aem::pipeline::gltf {
namespace {

// The vertices one primitive uses, in order of first use, and its indices into them.
struct PrimitiveVertices {
  std::vector<std::uint32_t> source;  // AEM vertex of each primitive vertex
  std::vector<std::uint32_t> indices;
};

bool weighs_on_no_joint(const aem::Vertex& v) { return v.weights[0] + v.weights[1] + v.weights[2] + v.weights[3] == 0.0f; }

// The tangent_handedness glTF's tangent w holds: the sign of dot(cross(N, T), B), +1 where it is 0.
float tangent_handedness(const aem::Vertex& v) {
  const float* n = v.normal;
  const float* t = v.tangent;
  const float c[3] = {n[1] * t[2] - n[2] * t[1], n[2] * t[0] - n[0] * t[2], n[0] * t[1] - n[1] * t[0]};
  return c[0] * v.bitangent[0] + c[1] * v.bitangent[1] + c[2] * v.bitangent[2] < 0 ? -1.0f : 1.0f;
}

// COLOR_0 of the primitive's vertices in the encoding the file stores (RGBA8 and RGBA16 as
// normalized bytes and shorts, f32 as floats), so that a bake of the export stores the same.
int colour_accessor(const aem::VertexColoursView& colours, const PrimitiveVertices& p, Document& doc) {
  const auto gather = [&](const auto& values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    std::vector<T> out;
    out.reserve(p.source.size() * 4);
    for (const std::uint32_t i : p.source) out.insert(out.end(), values.begin() + i * 4, values.begin() + i * 4 + 4);
    return out;
  };
  switch (colours.encoding()) {
    case aem::VertexColourEncoding::rgba8: {
      const std::vector<std::uint8_t> values = gather(colours.rgba8);
      return doc.add_unorm_vec4(std::as_bytes(std::span(values)), kUnsignedByte);
    }
    case aem::VertexColourEncoding::rgba16: {
      const std::vector<std::uint16_t> values = gather(colours.rgba16);
      return doc.add_unorm_vec4(std::as_bytes(std::span(values)), kUnsignedShort);
    }
    case aem::VertexColourEncoding::rgba32f: break;
  }
  return doc.add_floats(gather(colours.rgba32f), "VEC4", 4, kArrayBuffer, false);
}

// A primitive's attributes, one accessor each, as a glTF "attributes" object.
nlohmann::json attributes(const aem::Model& model, const PrimitiveVertices& p, bool skinned, Document& doc) {
  const std::span<const aem::Vertex> vertices = model.vertices();
  std::vector<float> position, normal, tangent, uv, weights;
  std::vector<std::uint16_t> joints;
  for (const std::uint32_t i : p.source) {
    const aem::Vertex& v = vertices[i];
    position.insert(position.end(), v.position, v.position + 3);
    normal.insert(normal.end(), v.normal, v.normal + 3);
    tangent.insert(tangent.end(), v.tangent, v.tangent + 3);
    tangent.push_back(tangent_handedness(v));
    uv.insert(uv.end(), v.uv, v.uv + 2);
    if (!skinned) continue;
    for (int s = 0; s < 4; ++s) {
      joints.push_back(std::uint16_t(v.joints[s] < 0 ? 0 : v.joints[s]));
      weights.push_back(v.weights[s]);
    }
  }
  nlohmann::json out = {{"POSITION", doc.add_floats(position, "VEC3", 3, kArrayBuffer, true)},
                        {"NORMAL", doc.add_floats(normal, "VEC3", 3, kArrayBuffer, false)},
                        {"TANGENT", doc.add_floats(tangent, "VEC4", 4, kArrayBuffer, false)},
                        {"TEXCOORD_0", doc.add_floats(uv, "VEC2", 2, kArrayBuffer, false)}};
  if (const std::optional<aem::VertexColoursView> colours = aem::vertex_colours_of(model))
    out["COLOR_0"] = colour_accessor(*colours, p, doc);
  if (const std::optional<aem::Uv1View> uv1 = aem::uv1_of(model)) {
    std::vector<float> second;
    for (const std::uint32_t i : p.source) second.insert(second.end(), uv1->uvs.begin() + i * 2, uv1->uvs.begin() + i * 2 + 2);
    out["TEXCOORD_1"] = doc.add_floats(second, "VEC2", 2, kArrayBuffer, false);
  }
  if (skinned) {
    out["JOINTS_0"] = doc.add_joints(joints);
    out["WEIGHTS_0"] = doc.add_floats(weights, "VEC4", 4, kArrayBuffer, false);
  }
  return out;
}

// The triangles of `mesh` that are skinned (or not), as offsets of their first index; those
// `left_out` flags (back copies of a double-sided material's) are not.
std::vector<std::size_t> kept_triangles(const aem::Model& model, const aem::Mesh& mesh, const std::vector<bool>& left_out,
                                        bool has_joints, bool skinned) {
  std::vector<std::size_t> out;
  const std::span<const std::uint32_t> indices = model.mesh_indices(mesh);
  const std::span<const aem::Vertex> vertices = model.vertices();
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    const bool rigid = !has_joints || (weighs_on_no_joint(vertices[indices[t]]) && weighs_on_no_joint(vertices[indices[t + 1]]) &&
                                       weighs_on_no_joint(vertices[indices[t + 2]]));
    if (rigid == skinned || (!left_out.empty() && left_out[t / 3])) continue;
    out.push_back(t);
  }
  return out;
}

// The vertices of `triangles` (offsets into `indices`), in order of first use.
PrimitiveVertices gather_primitive(std::span<const std::uint32_t> indices, const std::vector<std::size_t>& triangles) {
  PrimitiveVertices out;
  std::unordered_map<std::uint32_t, std::uint32_t> local;
  for (const std::size_t t : triangles)
    for (std::size_t k = t; k < t + 3; ++k) {
      const auto [it, added] = local.emplace(indices[k], std::uint32_t(out.source.size()));
      if (added) out.source.push_back(indices[k]);
      out.indices.push_back(it->second);
    }
  return out;
}

// The primitive `p` of AEM mesh `index` (its skinned or rigid part) as a glTF mesh carrying morph
// group `group` (1-based; 0 none).
ExportedMesh export_mesh(const aem::Model& model, std::uint32_t index, int material, const PrimitiveVertices& p,
                         bool skinned, std::uint32_t group, const MorphExport& morphs, Document& doc) {
  nlohmann::json primitive = {{"attributes", attributes(model, p, skinned, doc)},
                              {"indices", doc.add_indices(p.indices)},
                              {"material", material},
                              {"mode", 4}};
  // The source's name (the `names` extension) for both parts of a mesh, else none: a name
  // invented here would come back as the mesh's name in a bake of the export.
  const std::optional<NamesView> names = names_of(model);
  const std::string name = names ? std::string(names->mesh_name(index)) : std::string();
  nlohmann::json mesh = {{"primitives", nlohmann::json::array({std::move(primitive)})}};
  if (!name.empty()) mesh["name"] = name;
  ExportedMesh out{-1, skinned, group, name};
  if (group != 0) {
    morphs.add_targets(group - 1, p.source, mesh, doc);
    out.node_name = morphs.view()->name(morphs.view()->groups[group - 1]);  // a bake names the group after its node
  }
  out.mesh = doc.append("meshes", std::move(mesh));
  return out;
}

// texCoord 1 on the texture infos of the glTF materials whose AEM material samples the uv1 set.
void mark_second_set(const aem::Model& model, const std::vector<int>& materials, Document& doc) {
  const std::optional<aem::Uv1View> uv1 = aem::uv1_of(model);
  if (!uv1) return;
  for (std::size_t m = 0; m < materials.size() && m < uv1->materials.size(); ++m) {
    const aem::Uv1Material& sets = uv1->materials[m];
    nlohmann::json& material = doc.json["materials"][std::size_t(materials[m])];
    const auto mark = [](nlohmann::json& parent, const char* texture, std::uint8_t set) {
      if (set != 0 && parent.contains(texture)) parent[texture]["texCoord"] = set;
    };
    if (material.contains("pbrMetallicRoughness")) {
      mark(material["pbrMetallicRoughness"], "baseColorTexture", sets.base_colour_set);
      mark(material["pbrMetallicRoughness"], "metallicRoughnessTexture", sets.pbr_set);
    }
    mark(material, "normalTexture", sets.normal_set);
    mark(material, "occlusionTexture", sets.occlusion_set);
    mark(material, "emissiveTexture", sets.pbr_set);  // its intensity is the PBR texture's A
  }
}

}  // namespace

std::vector<ExportedMesh> export_meshes(const aem::Model& model, const std::vector<int>& materials,
                                        const BackFaces& back_faces, const MorphExport& morphs, Document& document) {
  std::vector<ExportedMesh> out;
  mark_second_set(model, materials, document);
  if (model.joints().size() > 65536)
    throw std::runtime_error(std::to_string(model.joints().size()) +
                             " joints: glTF's JOINTS_0 (unsigned short) indexes at most 65536");
  for (std::uint32_t i = 0; i < model.meshes().size(); ++i) {
    const int material = materials[model.meshes()[i].material];
    const std::span<const std::uint32_t> indices = model.mesh_indices(model.meshes()[i]);
    for (const bool skinned : {true, false}) {
      if (skinned && model.joints().empty()) continue;
      std::vector<std::size_t> triangles =
          kept_triangles(model, model.meshes()[i], back_faces.left_out[i], !model.joints().empty(), skinned);
      if (triangles.empty()) continue;
      for (const auto& [group, part] : morphs.split(indices, std::move(triangles)))
        out.push_back(export_mesh(model, i, material, gather_primitive(indices, part), skinned, group, morphs, document));
    }
  }
  return out;
}

}  // namespace aem::pipeline::gltf
