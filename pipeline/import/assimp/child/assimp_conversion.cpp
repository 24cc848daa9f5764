#include "import/assimp/child/assimp_conversion.hpp"

#include "import/assimp/child/assimp_materials.hpp"
#include "import/assimp/child/assimp_morphs.hpp"
#include "import/assimp/child/message_number.hpp"
#include "scene/utf8_repair.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <unordered_map>
#include <utility>

#include <assimp/material.h>
#include <assimp/metadata.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

namespace aem::pipeline {
namespace {

constexpr std::uint64_t kMaxStreamElements = std::uint64_t(1) << 28;
constexpr std::size_t kMaxInfluenceSets = 8;  // JOINTS_0..7, as the geometry stage reads

std::string quoted(const aiString& s) {
  std::string out(1, '\'');
  out += utf8_from_unknown(s.C_Str());
  out += '\'';
  return out;
}

// `n` vectors as x, y, z floats.
std::vector<float> vec3_floats(const aiVector3D* v, std::uint64_t n) {
  std::vector<float> f(n * 3);
  for (std::uint64_t i = 0; i < n; ++i) {
    f[i * 3] = v[i].x;
    f[i * 3 + 1] = v[i].y;
    f[i * 3 + 2] = v[i].z;
  }
  return f;
}

template <class T>
std::vector<unsigned char> bytes_of(const std::vector<T>& values) {
  std::vector<unsigned char> out(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// Column-major doubles from Assimp's row-major matrix (the transpose).
std::array<double, 16> column_major(const aiMatrix4x4& m) {
  const ai_real* rows = m[0];
  std::array<double, 16> out{};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out[std::size_t(c * 4 + r)] = double(rows[r * 4 + c]);
  return out;
}

// The correction that brings a file's axes and units to glTF's (+Y up, metres), from the axis
// metadata FBX files carry (Assimp leaves FBX coordinates as written). Identity for formats
// without it: Assimp's COLLADA reader applies <up_axis> and <unit> itself, and OBJ, PLY, STL
// and most others declare neither (they are taken as Y-up metres).
aiMatrix4x4 axis_and_unit_correction(const aiScene& scene, std::vector<DeferredWarning>& notes,
                                     const std::string& model) {
  const aiMetadata* meta = scene.mMetaData;
  if (!meta) return {};
  int up = 1, up_sign = 1, front = 2, front_sign = 1, coord = 0, coord_sign = 1;
  double unit_cm = 0;
  const bool has_axes = meta->Get("UpAxis", up) && meta->Get("FrontAxis", front) && meta->Get("CoordAxis", coord);
  meta->Get("UpAxisSign", up_sign);
  meta->Get("FrontAxisSign", front_sign);
  meta->Get("CoordAxisSign", coord_sign);
  if (float f = 0; meta->Get("UnitScaleFactor", f)) unit_cm = f;
  else if (double d = 0; meta->Get("UnitScaleFactor", d)) unit_cm = d;
  aiMatrix4x4 c;
  if (has_axes) {
    const bool valid = up >= 0 && up < 3 && front >= 0 && front < 3 && coord >= 0 && coord < 3 && up != front &&
                       up != coord && front != coord;
    if (!valid) {
      notes.push_back({"axis system", "", model + ": the file's axis metadata (up " + std::to_string(up) + ", front " +
                                              std::to_string(front) + ", coord " + std::to_string(coord) +
                                              ") is not an axis system; coordinates are taken as Y-up"});
    } else {
      // Rows: the file's right, up and front directions, which become +X, +Y and +Z.
      aiMatrix4x4 r;
      for (int k = 0; k < 3; ++k) r[0][k] = r[1][k] = r[2][k] = 0;
      r[0][coord] = ai_real(coord_sign < 0 ? -1 : 1);
      r[1][up] = ai_real(up_sign < 0 ? -1 : 1);
      r[2][front] = ai_real(front_sign < 0 ? -1 : 1);
      c = r;
    }
  }
  if (unit_cm > 0 && std::isfinite(unit_cm) && unit_cm != 100) {
    aiMatrix4x4 s;
    aiMatrix4x4::Scaling(aiVector3D(ai_real(unit_cm / 100)), s);
    c = s * c;
  }
  return c;
}

struct MeshStreams {
  std::vector<Attribute> attributes;  // position, normal, tangent, texcoords, colours
  std::int32_t indices = kNone;
  PrimitiveMode mode = PrimitiveMode::triangles;
  std::string error;                  // the primitive cannot be baked
  std::vector<DeferredWarning> warnings;
  AnimMeshTargets morphs;             // its own morph targets, and their losses
  std::vector<MorphTargetStreams> morph_streams;  // one per morphs.targets
};

class Converter {
 public:
  Converter(const aiScene& source, const std::filesystem::path& model) : src_(source), model_(model.string()) {
    out_.scene.model = model;
  }

  SerializedImport run() {
    add_nodes();
    node_targets_.assign(ai_nodes_.size(), 0);
    mesh_streams_.resize(src_.mNumMeshes);
    converted_.assign(src_.mNumMeshes, 0);
    AssimpMaterials materials(src_, out_.scene);
    for (std::size_t i = 0; i < src_.mNumMaterials; ++i) out_.scene.materials.push_back(materials.convert(i));
    for (std::size_t n = 0; n < ai_nodes_.size(); ++n)
      if (ai_nodes_[n]->mNumMeshes > 0) add_node_meshes(n);
    for (std::size_t a = 0; a < src_.mNumAnimations; ++a) add_animation(a);
    for (std::size_t c = 0; c < src_.mNumCameras; ++c)
      if (const auto it = node_by_name_.find(src_.mCameras[c]->mName.C_Str()); it != node_by_name_.end())
        out_.scene.nodes[std::size_t(it->second)].has_camera = true;
    if (has_unread_collada_morphs(src_, model_))
      warn("morph targets", model_ + ": the file has COLLADA <morph> controllers, which Assimp 5.2.5 does not read: "
                                     "the meshes they deform are missing from the import");
    if (src_.mNumLights > 0)
      warn("lights", model_ + ": " + std::to_string(src_.mNumLights) + " light(s) dropped: AEM has no lights");
    return std::move(out_);
  }

 private:
  void warn(const std::string& kind, const std::string& detail) { out_.warnings.push_back({kind, "", detail}); }

  std::int32_t add_stream(std::string where, ComponentType type, std::uint8_t components, std::uint64_t count,
                          std::vector<unsigned char> bytes, std::uint32_t element_size) {
    Scene& s = out_.scene;
    Stream stream;
    stream.where = std::move(where);
    stream.component = type;
    stream.components = components;
    stream.count = count;
    stream.buffer = std::int32_t(s.buffers.size());
    stream.stride = element_size;
    s.buffers.push_back(std::move(bytes));
    s.streams.push_back(std::move(stream));
    return std::int32_t(s.streams.size() - 1);
  }
  std::int32_t add_floats(std::string where, std::uint8_t components, const std::vector<float>& values) {
    return add_stream(std::move(where), ComponentType::f32, components, values.size() / components, bytes_of(values),
                      std::uint32_t(4 * components));
  }

  // ---- nodes ----------------------------------------------------------------------------------

  void add_nodes() {
    Scene& s = out_.scene;
    const aiMatrix4x4 correction = axis_and_unit_correction(src_, out_.warnings, model_);
    std::vector<std::pair<const aiNode*, std::int32_t>> stack{{src_.mRootNode, kNone}};
    while (!stack.empty()) {
      const auto [ai, parent] = stack.back();
      stack.pop_back();
      const auto index = std::int32_t(s.nodes.size());
      Node node;
      node.name = utf8_from_unknown(ai->mName.C_Str());
      node.where = "node '" + node.name + "' (aiNode " + std::to_string(index) + ")";
      node.parent = parent;
      const aiMatrix4x4 local = parent == kNone ? correction * ai->mTransformation : ai->mTransformation;
      set_transform(node, local);
      global_.push_back(parent == kNone ? local : global_[std::size_t(parent)] * local);
      if (parent == kNone) s.roots.push_back(index);
      else s.nodes[std::size_t(parent)].children.push_back(index);
      node_by_name_.emplace(ai->mName.C_Str(), index);  // the first node of a name wins
      s.nodes.push_back(std::move(node));
      ai_nodes_.push_back(ai);
      for (unsigned c = ai->mNumChildren; c-- > 0;) stack.emplace_back(ai->mChildren[c], index);
    }
  }

  // T/R/S when the matrix is exactly one (animation channels replace T, R or S), else the matrix.
  static void set_transform(Node& node, const aiMatrix4x4& m) {
    aiVector3D scaling, position;
    aiQuaternion rotation;
    m.Decompose(scaling, rotation, position);
    const aiMatrix4x4 again(scaling, rotation, position);
    double largest = 1, error = 0;
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) {
        largest = std::max(largest, double(std::fabs(m[r][c])));
        error = std::max(error, double(std::fabs(m[r][c] - again[r][c])));
      }
    if (!(error <= 1e-5 * largest)) {
      node.matrix = column_major(m);
      return;
    }
    node.translation = {position.x, position.y, position.z};
    node.rotation = {rotation.x, rotation.y, rotation.z, rotation.w};
    node.scale = {scaling.x, scaling.y, scaling.z};
  }

  // ---- meshes ---------------------------------------------------------------------------------

  void add_node_meshes(std::size_t node_index) {
    Scene& s = out_.scene;
    const aiNode& ai = *ai_nodes_[node_index];
    Node& node = s.nodes[node_index];
    Mesh mesh;
    mesh.where = "meshes of " + node.where;
    // The node's aiMeshes become one mesh: it takes the first of their names that is not empty.
    for (unsigned k = 0; k < ai.mNumMeshes && mesh.name.empty(); ++k)
      if (ai.mMeshes[k] < src_.mNumMeshes) mesh.name = utf8_from_unknown(src_.mMeshes[ai.mMeshes[k]]->mName.C_Str());
    // One skin per node: the bones of all its meshes, in order of first appearance.
    std::vector<std::int32_t> joints;
    std::vector<aiMatrix4x4> inverse_bind;
    std::map<std::string, std::size_t> joint_of_bone;
    std::vector<std::string> missing_bones;
    for (unsigned k = 0; k < ai.mNumMeshes; ++k) {
      if (ai.mMeshes[k] >= src_.mNumMeshes) continue;
      const aiMesh& m = *src_.mMeshes[ai.mMeshes[k]];
      for (unsigned b = 0; b < m.mNumBones; ++b) {
        const aiBone& bone = *m.mBones[b];
        const std::string name = bone.mName.C_Str();
        if (joint_of_bone.count(name)) continue;
        const auto it = node_by_name_.find(name);
        if (it == node_by_name_.end()) {
          missing_bones.push_back(name);
          continue;
        }
        joint_of_bone[name] = joints.size();
        joints.push_back(it->second);
        inverse_bind.push_back(bone.mOffsetMatrix);
      }
    }
    if (!joints.empty()) add_unweighted_bones(node_index, joints, inverse_bind);
    std::vector<const MeshStreams*> sources;
    for (unsigned k = 0; k < ai.mNumMeshes; ++k) {
      const unsigned mi = ai.mMeshes[k];
      if (mi >= src_.mNumMeshes) continue;
      mesh.primitives.push_back(primitive(mi, joint_of_bone, missing_bones));
      sources.push_back(&mesh_streams_[mi]);
    }
    add_morph_targets(mesh, sources);
    node_targets_[node_index] = mesh.weights.size();
    node.mesh = std::int32_t(s.meshes.size());
    s.meshes.push_back(std::move(mesh));
    if (!joints.empty()) {
      Skin skin;
      skin.where = "skin of " + s.nodes[node_index].where;
      skin.joints = joints;
      std::vector<float> matrices;
      for (const aiMatrix4x4& ibm : inverse_bind)
        for (double v : column_major(ibm)) matrices.push_back(float(v));
      skin.inverse_bind = add_floats(skin.where + " inverse bind matrices", 16, matrices);
      s.nodes[node_index].skin = std::int32_t(s.skins.size());
      s.skins.push_back(std::move(skin));
    }
  }

  // Bones that skin no vertex are no aiBone, but they are part of the skeleton (end bones, IK
  // targets): every mesh-less node below a bone joins the skin, bound at its rest pose.
  void add_unweighted_bones(std::size_t mesh_node, std::vector<std::int32_t>& joints,
                            std::vector<aiMatrix4x4>& inverse_bind) {
    std::vector<char> is_joint(out_.scene.nodes.size(), 0);
    for (std::int32_t j : joints) is_joint[std::size_t(j)] = 1;
    const std::size_t weighted = joints.size();
    for (std::size_t k = 0; k < weighted; ++k) {
      std::vector<std::int32_t> stack(out_.scene.nodes[std::size_t(joints[k])].children);
      std::reverse(stack.begin(), stack.end());
      while (!stack.empty()) {
        const std::int32_t n = stack.back();
        stack.pop_back();
        if (ai_nodes_[std::size_t(n)]->mNumMeshes > 0) continue;
        if (!is_joint[std::size_t(n)]) {
          is_joint[std::size_t(n)] = 1;
          joints.push_back(n);
          aiMatrix4x4 inv = global_[std::size_t(n)];
          inv.Inverse();
          inverse_bind.push_back(inv * global_[mesh_node]);
        }
        const auto& c = out_.scene.nodes[std::size_t(n)].children;
        stack.insert(stack.end(), c.rbegin(), c.rend());
      }
    }
  }

  Primitive primitive(unsigned mi, const std::map<std::string, std::size_t>& joint_of_bone,
                      const std::vector<std::string>& missing_bones) {
    const aiMesh& m = *src_.mMeshes[mi];
    if (!converted_[mi]) {
      mesh_streams_[mi] = convert_mesh(mi);
      converted_[mi] = 1;
    }
    const MeshStreams& ms = mesh_streams_[mi];
    Primitive p;
    p.where = "mesh " + quoted(m.mName) + " (aiMesh " + std::to_string(mi) + ")";
    p.mode = ms.mode;
    p.indices = ms.indices;
    p.attributes = ms.attributes;
    p.material = m.mMaterialIndex < src_.mNumMaterials ? std::int32_t(m.mMaterialIndex) : kNone;
    p.deferred.error = ms.error;
    p.deferred.warnings = ms.warnings;
    p.deferred.warnings.insert(p.deferred.warnings.end(), ms.morphs.warnings.begin(), ms.morphs.warnings.end());
    if (!p.deferred.error.empty() || m.mNumBones == 0) return p;
    for (unsigned b = 0; b < m.mNumBones; ++b)
      if (std::find(missing_bones.begin(), missing_bones.end(), m.mBones[b]->mName.C_Str()) != missing_bones.end()) {
        p.deferred.error = "bone " + quoted(m.mBones[b]->mName) + " names no node";
        return p;
      }
    add_influences(p, m, joint_of_bone);
    return p;
  }

  // Positions, and normals and tangents where the mesh has them.
  void add_surface_attributes(const aiMesh& m, const std::string& where, MeshStreams& out) {
    const std::uint64_t n = m.mNumVertices;
    out.attributes.push_back({Semantic::position, 0, add_floats(where + " positions", 3, vec3_floats(m.mVertices, n)), "POSITION"});
    if (m.mNormals) out.attributes.push_back({Semantic::normal, 0, add_floats(where + " normals", 3, vec3_floats(m.mNormals, n)), "NORMAL"});
    if (m.mTangents && m.mBitangents && m.mNormals) {
      // w: the handedness, with bitangent = cross(normal, tangent) * w pointing to increasing
      // Assimp v (up the image), which is glTF's convention for its flipped V.
      std::vector<float> t(n * 4);
      for (std::uint64_t i = 0; i < n; ++i) {
        const aiVector3D& tn = m.mTangents[i];
        const aiVector3D c = m.mNormals[i] ^ tn;
        t[i * 4] = tn.x;
        t[i * 4 + 1] = tn.y;
        t[i * 4 + 2] = tn.z;
        t[i * 4 + 3] = (c * m.mBitangents[i]) < 0 ? -1.0f : 1.0f;
      }
      out.attributes.push_back({Semantic::tangent, 0, add_floats(where + " tangents", 4, t), "TANGENT"});
    }
  }

  // TEXCOORD_n (V flipped to glTF's top-left origin) and COLOR_n, one per set the mesh has.
  void add_uv_and_color_sets(const aiMesh& m, const std::string& where, MeshStreams& out) {
    const std::uint64_t n = m.mNumVertices;
    for (unsigned set = 0; set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
      if (!m.mTextureCoords[set]) continue;
      if (m.mNumUVComponents[set] > 2)
        out.warnings.push_back({"uvw coordinates", where, "texture coordinate set " + std::to_string(set) +
                                                              " has 3 components; the third is dropped"});
      std::vector<float> uv(n * 2);
      for (std::uint64_t i = 0; i < n; ++i) {
        uv[i * 2] = m.mTextureCoords[set][i].x;
        uv[i * 2 + 1] = 1.0f - m.mTextureCoords[set][i].y;  // glTF's origin is the top-left
      }
      const std::string name = "TEXCOORD_" + std::to_string(set);
      out.attributes.push_back({Semantic::texcoord, set, add_floats(where + " " + name, 2, uv), name});
    }
    for (unsigned set = 0; set < AI_MAX_NUMBER_OF_COLOR_SETS; ++set) {
      if (!m.mColors[set]) continue;
      std::vector<float> c(n * 4);
      for (std::uint64_t i = 0; i < n; ++i) {
        c[i * 4] = m.mColors[set][i].r;
        c[i * 4 + 1] = m.mColors[set][i].g;
        c[i * 4 + 2] = m.mColors[set][i].b;
        c[i * 4 + 3] = m.mColors[set][i].a;
      }
      const std::string name = "COLOR_" + std::to_string(set);
      out.attributes.push_back({Semantic::color, set, add_floats(where + " " + name, 4, c), name});
    }
  }

  // The mode and index stream from the faces: one primitive type per mesh
  // (aiProcess_SortByPType), polygons triangulated. Sets out.error and returns at the first
  // problem.
  void add_faces(const aiMesh& m, const std::string& where, MeshStreams& out) {
    const std::uint64_t n = m.mNumVertices;
    // The n-gon flag only says that triangles came from polygons.
    unsigned corners = 3;
    switch (m.mPrimitiveTypes & ~unsigned(aiPrimitiveType_NGONEncodingFlag)) {
      case aiPrimitiveType_POINT: out.mode = PrimitiveMode::points; corners = 1; break;
      case aiPrimitiveType_LINE: out.mode = PrimitiveMode::lines; corners = 2; break;
      case aiPrimitiveType_TRIANGLE: out.mode = PrimitiveMode::triangles; corners = 3; break;
      default:
        out.error = "mixes primitive types (" + std::to_string(m.mPrimitiveTypes) + ") or has untriangulated polygons";
        return;
    }
    if (std::uint64_t(m.mNumFaces) * corners > kMaxStreamElements) {
      out.error = std::to_string(m.mNumFaces) + " faces, more than 2^28 indices";
      return;
    }
    std::vector<std::uint32_t> indices;
    indices.reserve(std::size_t(m.mNumFaces) * corners);
    for (unsigned f = 0; f < m.mNumFaces; ++f) {
      const aiFace& face = m.mFaces[f];
      if (face.mNumIndices != corners) {
        out.error = "face " + std::to_string(f) + " has " + std::to_string(face.mNumIndices) + " corners, expected " +
                    std::to_string(corners);
        return;
      }
      for (unsigned k = 0; k < corners; ++k) {
        if (face.mIndices[k] >= n) {
          out.error = "face " + std::to_string(f) + " names vertex " + std::to_string(face.mIndices[k]) + " of " +
                      std::to_string(n);
          return;
        }
        indices.push_back(face.mIndices[k]);
      }
    }
    out.indices = add_stream(where + " indices", ComponentType::u32, 1, indices.size(), bytes_of(indices), 4);
  }

  MeshStreams convert_mesh(unsigned mi) {
    const aiMesh& m = *src_.mMeshes[mi];
    MeshStreams out;
    const std::string where = "mesh " + quoted(m.mName) + " (aiMesh " + std::to_string(mi) + ")";
    const std::uint64_t n = m.mNumVertices;
    if (n > kMaxStreamElements) {
      out.error = std::to_string(n) + " vertices, more than 2^28";
      return out;
    }
    if (!m.mVertices || n == 0) {
      out.error = "has no vertex positions";
      return out;
    }
    add_surface_attributes(m, where, out);
    add_uv_and_color_sets(m, where, out);
    add_faces(m, where, out);
    if (out.error.empty()) add_morph_streams(m, where, out);
    return out;
  }

  // The aiMesh's targets as VEC3 delta streams (kNone where a target does not move an attribute).
  void add_morph_streams(const aiMesh& m, const std::string& where, MeshStreams& out) {
    out.morphs = anim_mesh_targets(m, where, morph_weight_rule(model_));
    for (std::size_t t = 0; t < out.morphs.targets.size(); ++t) {
      const AnimMeshTarget& target = out.morphs.targets[t];
      const std::string at = where + " morph target " + std::to_string(t) + " '" + target.name + "' ";
      auto stream = [&](const std::vector<float>& d, const char* name) {
        return d.empty() ? kNone : add_floats(at + name + " deltas", 3, d);
      };
      out.morph_streams.push_back({stream(target.position, "POSITION"), stream(target.normal, "NORMAL"),
                                   stream(target.tangent, "TANGENT")});
    }
  }

  // The node's mesh's targets: each primitive's own, matched across its aiMeshes (`sources`, one
  // per primitive) by node_morph_layout.
  void add_morph_targets(Mesh& mesh, const std::vector<const MeshStreams*>& sources) {
    std::vector<const AnimMeshTargets*> targets;
    for (const MeshStreams* ms : sources) targets.push_back(&ms->morphs);
    NodeMorphLayout layout = node_morph_layout(targets, model_ + ": " + mesh.where);
    if (layout.weights.empty()) return;
    out_.warnings.insert(out_.warnings.end(), layout.warnings.begin(), layout.warnings.end());
    for (std::size_t k = 0; k < sources.size(); ++k)
      for (int own : layout.source[k])
        mesh.primitives[k].morph_targets.push_back(own < 0 ? MorphTargetStreams{} : sources[k]->morph_streams[std::size_t(own)]);
    mesh.weights = std::move(layout.weights);
    mesh.target_names = std::move(layout.names);
  }

  // JOINTS_n/WEIGHTS_n: every influence of every vertex, largest first, four per set (up to
  // eight sets); the geometry stage keeps the four largest and renormalises, as for glTF.
  void add_influences(Primitive& p, const aiMesh& m, const std::map<std::string, std::size_t>& joint_of_bone) {
    const std::size_t n = m.mNumVertices;
    std::vector<std::vector<std::pair<float, std::uint16_t>>> influences(n);
    for (unsigned b = 0; b < m.mNumBones; ++b) {
      const aiBone& bone = *m.mBones[b];
      const std::size_t joint = joint_of_bone.at(bone.mName.C_Str());
      if (joint > 0xFFFF) {
        p.deferred.error = "more than 65536 bones";
        return;
      }
      for (unsigned w = 0; w < bone.mNumWeights; ++w) {
        const aiVertexWeight& vw = bone.mWeights[w];
        if (vw.mVertexId >= n) {
          p.deferred.error = "bone " + quoted(bone.mName) + " weighs vertex " + std::to_string(vw.mVertexId) + " of " +
                             std::to_string(n);
          return;
        }
        if (vw.mWeight != 0) influences[vw.mVertexId].emplace_back(vw.mWeight, std::uint16_t(joint));
      }
    }
    std::size_t most = 0;
    for (auto& list : influences) {
      std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      most = std::max(most, list.size());
    }
    const std::size_t sets = std::min(kMaxInfluenceSets, (most + 3) / 4);
    if (most > sets * 4)
      p.deferred.warnings.push_back({"skin influences", p.where, "a vertex has " + std::to_string(most) +
                                                                    " bone influences; only the " +
                                                                    std::to_string(sets * 4) + " largest are read"});
    for (std::size_t set = 0; set < sets; ++set) {
      std::vector<std::uint16_t> joints(n * 4, 0);
      std::vector<float> weights(n * 4, 0.0f);
      for (std::size_t v = 0; v < n; ++v)
        for (std::size_t k = 0; k < 4 && set * 4 + k < influences[v].size(); ++k) {
          joints[v * 4 + k] = influences[v][set * 4 + k].second;
          weights[v * 4 + k] = influences[v][set * 4 + k].first;
        }
      const std::string jn = "JOINTS_" + std::to_string(set), wn = "WEIGHTS_" + std::to_string(set);
      p.attributes.push_back({Semantic::joints, std::uint32_t(set),
                              add_stream(p.where + " " + jn, ComponentType::u16, 4, n, bytes_of(joints), 8), jn});
      p.attributes.push_back({Semantic::weights, std::uint32_t(set), add_floats(p.where + " " + wn, 4, weights), wn});
    }
  }

  // ---- animations -----------------------------------------------------------------------------

  // One sampler (linear) and its channel, named `base` and the path; nothing without keys.
  void add_channel(Animation& anim, const std::string& base, std::int32_t node, TargetPath path, const char* path_name,
                   const std::vector<float>& times, const std::vector<float>& values, std::uint8_t components) {
    if (times.empty()) return;
    AnimationSampler sampler;
    sampler.where = base + " " + path_name;
    const float last = *std::max_element(times.begin(), times.end());
    sampler.input = add_floats(sampler.where + " times", 1, times);
    last_time_.resize(out_.scene.streams.size(), 0.0f);
    last_time_[std::size_t(sampler.input)] = last;
    sampler.output = add_floats(sampler.where + " values", components, values);
    Channel channel;
    channel.where = sampler.where;
    channel.sampler = std::int32_t(anim.samplers.size());
    channel.node = node;
    channel.path = path;
    channel.path_name = path_name;
    anim.samplers.push_back(std::move(sampler));
    anim.channels.push_back(std::move(channel));
  }

  // The node an aiMeshMorphAnim names: COLLADA names the node; FBX names it followed by '*' and
  // the index of its geometry ("Face*0").
  std::int32_t morph_channel_node(const std::string& name) const {
    if (const auto it = node_by_name_.find(name); it != node_by_name_.end()) return it->second;
    const std::size_t star = name.rfind('*');
    if (star == std::string::npos || star + 1 == name.size() ||
        name.find_first_not_of("0123456789", star + 1) != std::string::npos)
      return kNone;
    const auto it = node_by_name_.find(name.substr(0, star));
    return it == node_by_name_.end() ? kNone : it->second;
  }

  // A morph channel as a `weights` channel of its node, one weight per target of the node's mesh
  // per key. A channel of a node without morph targets is dropped with a warning.
  void add_weights_channel(Animation& anim, const aiMeshMorphAnim& ch, double ticks) {
    const std::string base = anim.where + " morph channel " + quoted(ch.mName);
    const std::int32_t node = morph_channel_node(ch.mName.C_Str());
    const std::size_t targets = node == kNone ? 0 : node_targets_[std::size_t(node)];
    if (targets == 0) {
      warn("morph animation", model_ + ": " + base + ": " +
                                  (node == kNone ? std::string("names no node") : "its node's mesh has no morph targets") +
                                  "; dropped");
      return;
    }
    MorphWeightKeys keys = morph_weight_keys(ch, targets, ticks, model_ + ": " + base);
    out_.warnings.insert(out_.warnings.end(), keys.warnings.begin(), keys.warnings.end());
    add_channel(anim, base, node, TargetPath::weights, "weights", keys.times, keys.weights, 1);
  }

  void add_animation(std::size_t ai_index) {
    const aiAnimation& a = *src_.mAnimations[ai_index];
    Animation anim;
    anim.name = utf8_from_unknown(a.mName.C_Str());
    anim.where = "animation '" + anim.name + "' (aiAnimation " + std::to_string(ai_index) + ")";
    const double ticks = a.mTicksPerSecond > 0 ? a.mTicksPerSecond : 25.0;
    for (unsigned c = 0; c < a.mNumChannels; ++c) {
      const aiNodeAnim& ch = *a.mChannels[c];
      const auto it = node_by_name_.find(ch.mNodeName.C_Str());
      const std::int32_t node = it == node_by_name_.end() ? kNone : it->second;
      const std::string base = anim.where + " channel " + quoted(ch.mNodeName);
      auto add = [&](TargetPath path, const char* path_name, std::vector<float> times, std::vector<float> values,
                     std::uint8_t components) {
        add_channel(anim, base, node, path, path_name, times, values, components);
      };
      std::vector<float> times, values;
      for (unsigned k = 0; k < ch.mNumPositionKeys; ++k) {
        times.push_back(float(ch.mPositionKeys[k].mTime / ticks));
        const aiVector3D& v = ch.mPositionKeys[k].mValue;
        values.insert(values.end(), {v.x, v.y, v.z});
      }
      add(TargetPath::translation, "translation", std::move(times), std::move(values), 3);
      times.clear();
      values.clear();
      for (unsigned k = 0; k < ch.mNumRotationKeys; ++k) {
        times.push_back(float(ch.mRotationKeys[k].mTime / ticks));
        const aiQuaternion& q = ch.mRotationKeys[k].mValue;
        values.insert(values.end(), {q.x, q.y, q.z, q.w});  // Assimp stores w first
      }
      add(TargetPath::rotation, "rotation", std::move(times), std::move(values), 4);
      times.clear();
      values.clear();
      for (unsigned k = 0; k < ch.mNumScalingKeys; ++k) {
        times.push_back(float(ch.mScalingKeys[k].mTime / ticks));
        const aiVector3D& v = ch.mScalingKeys[k].mValue;
        values.insert(values.end(), {v.x, v.y, v.z});
      }
      add(TargetPath::scale, "scale", std::move(times), std::move(values), 3);
    }
    for (unsigned c = 0; c < a.mNumMorphMeshChannels; ++c)
      if (a.mMorphMeshChannels && a.mMorphMeshChannels[c]) add_weights_channel(anim, *a.mMorphMeshChannels[c], ticks);
    // glTF (and AEM) clips end at their last key; a longer declared length would be lost.
    float last_key = 0;
    for (const AnimationSampler& sampler : anim.samplers) last_key = std::max(last_key, last_time_[std::size_t(sampler.input)]);
    const double declared = a.mDuration / ticks;
    if (std::isfinite(declared) && declared > double(last_key) + 1e-3)
      warn("animation length", model_ + ": " + anim.where + " declares " + message_number(declared) + " s but its keys end at " +
                                   message_number(last_key) + " s; the clip ends at its last key");
    if (a.mNumMeshChannels > 0)
      warn("morph animation", model_ + ": " + anim.where + ": " + std::to_string(a.mNumMeshChannels) +
                                  " mesh channel(s) dropped (vertex animation between whole meshes is not morph targets)");
    out_.scene.animations.push_back(std::move(anim));
  }

  const aiScene& src_;
  std::string model_;
  SerializedImport out_;
  std::vector<const aiNode*> ai_nodes_;        // per scene node
  std::vector<aiMatrix4x4> global_;            // per scene node, at rest, corrected
  std::unordered_map<std::string, std::int32_t> node_by_name_;
  std::vector<MeshStreams> mesh_streams_;      // per aiMesh, converted once
  std::vector<char> converted_;
  std::vector<float> last_time_;               // per stream: its largest key time (time streams)
  std::vector<std::size_t> node_targets_;      // per scene node: its mesh's morph targets
};

}  // namespace

unsigned assimp_import_flags() {
  return aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_SortByPType;
}

SerializedImport scene_from_assimp(const aiScene& source, const std::filesystem::path& model) {
  return Converter(source, model).run();
}

}  // namespace aem::pipeline
