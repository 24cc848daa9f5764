#include "import/assimp/child/assimp_morphs.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include <assimp/anim.h>
#include <assimp/mesh.h>
#include <assimp/scene.h>

#include "import/assimp/child/message_number.hpp"
#include "scene/utf8_repair.hpp"

namespace aem::pipeline {
namespace {

// `target - base` per vertex; empty when no vertex moves (Assimp copies the base into every
// attribute a target does not replace).
std::vector<float> deltas(const aiVector3D* target, const aiVector3D* base, unsigned n) {
  std::vector<float> out(std::size_t(n) * 3);
  bool moves = false;
  for (unsigned i = 0; i < n; ++i) {
    const aiVector3D d = target[i] - base[i];
    out[i * 3] = d.x;
    out[i * 3 + 1] = d.y;
    out[i * 3 + 2] = d.z;
    moves = moves || d.x != 0 || d.y != 0 || d.z != 0;
  }
  if (!moves) out.clear();
  return out;
}

template <class T>
bool same_values(const T* a, const T* b, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// The names of the colour and UV sets in which `target` differs from the mesh: AEM morphs
// positions, normals and tangents only.
std::string unmorphable_sets(const aiAnimMesh& target, const aiMesh& mesh) {
  std::string sets;
  auto add = [&](const std::string& name) { sets += (sets.empty() ? "" : ", ") + name; };
  for (unsigned s = 0; s < AI_MAX_NUMBER_OF_COLOR_SETS; ++s)
    if (target.mColors[s] && (!mesh.mColors[s] || !same_values(target.mColors[s], mesh.mColors[s], mesh.mNumVertices)))
      add("COLOR_" + std::to_string(s));
  for (unsigned s = 0; s < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++s)
    if (target.mTextureCoords[s] &&
        (!mesh.mTextureCoords[s] || !same_values(target.mTextureCoords[s], mesh.mTextureCoords[s], mesh.mNumVertices)))
      add("TEXCOORD_" + std::to_string(s));
  return sets;
}

double default_weight(const aiAnimMesh& target, MorphWeightRule rule, const std::string& where,
                      std::vector<DeferredWarning>& warnings) {
  if (rule == MorphWeightRule::none) return 0;
  const double w = target.mWeight;
  if (!std::isfinite(w)) {
    warnings.push_back({"morph targets", where + " weight", "a morph target's default weight is not finite; 0 is used"});
    return 0;
  }
  return rule == MorphWeightRule::collada && w == 1 ? 0 : w;
}

AnimMeshTarget target_of(const aiAnimMesh& am, const aiMesh& m, MorphWeightRule rule, const std::string& where,
                         std::vector<DeferredWarning>& warnings) {
  AnimMeshTarget t;
  t.name = utf8_from_unknown(am.mName.C_Str());
  const std::string at = "morph target '" + t.name + "'";
  if (am.mNumVertices != m.mNumVertices) {
    warnings.push_back({"morph targets", where + " " + at, at + " has " + std::to_string(am.mNumVertices) +
                                                               " vertices, the mesh " + std::to_string(m.mNumVertices) +
                                                               "; the target does not move it"});
    return t;
  }
  t.default_weight = default_weight(am, rule, where, warnings);
  const unsigned n = m.mNumVertices;
  if (am.mVertices) t.position = deltas(am.mVertices, m.mVertices, n);
  if (am.mNormals && m.mNormals) t.normal = deltas(am.mNormals, m.mNormals, n);
  if (am.mTangents && m.mTangents && m.mBitangents && m.mNormals) t.tangent = deltas(am.mTangents, m.mTangents, n);
  if (const std::string sets = unmorphable_sets(am, m); !sets.empty())
    warnings.push_back({"morph targets", where + " " + at + " sets",
                        at + " changes " + sets + ", which AEM does not morph; the base values are kept"});
  return t;
}

// Linear interpolation of one target's weight at `time` between its listed keys (key index,
// weight), held outside them.
double weight_at(const std::vector<std::pair<std::size_t, double>>& listed, const std::vector<float>& times,
                 std::size_t key) {
  const auto after = std::find_if(listed.begin(), listed.end(), [&](const auto& l) { return l.first >= key; });
  if (after != listed.end() && after->first == key) return after->second;
  if (after == listed.begin()) return after->second;
  if (after == listed.end()) return listed.back().second;
  const auto before = after - 1;
  const double t0 = times[before->first], t1 = times[after->first];
  const double f = t1 > t0 ? (double(times[key]) - t0) / (t1 - t0) : 0.0;
  return before->second + (after->second - before->second) * f;
}

}  // namespace

MorphWeightRule morph_weight_rule(const std::string& model) {
  std::string ext = std::filesystem::path(model).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == ".fbx") return MorphWeightRule::none;
  if (ext == ".dae" || ext == ".zae") return MorphWeightRule::collada;
  return MorphWeightRule::as_written;
}

AnimMeshTargets anim_mesh_targets(const aiMesh& m, const std::string& where, MorphWeightRule rule) {
  AnimMeshTargets out;
  if (m.mNumAnimMeshes == 0) return out;
  const std::string count = std::to_string(m.mNumAnimMeshes) + " morph target(s)";
  if (!m.mAnimMeshes) {
    out.warnings.push_back({"morph targets", where, count + " listed without data; dropped"});
    return out;
  }
  if (m.mMethod != 0 && m.mMethod != aiMorphingMethod_MORPH_NORMALIZED && m.mMethod != aiMorphingMethod_MORPH_RELATIVE) {
    const std::string method = m.mMethod == aiMorphingMethod_VERTEX_BLEND ? "vertex blend (between the targets)"
                                                                         : std::to_string(m.mMethod);
    out.warnings.push_back({"morph targets", where, count + " dropped: morphing method " + method +
                                                        " is not AEM's (the base plus weighted deltas)"});
    return out;
  }
  for (unsigned k = 0; k < m.mNumAnimMeshes; ++k) {
    if (!m.mAnimMeshes[k]) {
      out.warnings.push_back({"morph targets", where + " target " + std::to_string(k),
                              "morph target " + std::to_string(k) + " has no data; it does not move the mesh"});
      out.targets.emplace_back();
      continue;
    }
    out.targets.push_back(target_of(*m.mAnimMeshes[k], m, rule, where, out.warnings));
  }
  std::set<std::string> seen;
  for (const AnimMeshTarget& t : out.targets)
    if (!t.name.empty() && !seen.insert(t.name).second)
      out.warnings.push_back({"morph targets", where + " name " + t.name,
                              "morph target name '" + t.name + "' repeats: those targets are told apart by their order "
                              "only (an FBX in-between shape becomes a target of its own, reached at weight 1)"});
  return out;
}

NodeMorphLayout node_morph_layout(const std::vector<const AnimMeshTargets*>& meshes, const std::string& mesh_where) {
  NodeMorphLayout out;
  out.source.resize(meshes.size());
  bool by_name = true, named = false;
  std::size_t most = 0, fewest = SIZE_MAX;
  for (const AnimMeshTargets* m : meshes) {
    if (m->targets.empty()) continue;
    std::set<std::string> names;
    for (const AnimMeshTarget& t : m->targets) {
      by_name = by_name && !t.name.empty() && names.insert(t.name).second;
      named = named || !t.name.empty();
    }
    most = std::max(most, m->targets.size());
    fewest = std::min(fewest, m->targets.size());
  }
  if (most == 0) return out;
  if (!by_name && fewest != most)
    out.warnings.push_back({"morph targets", mesh_where, mesh_where + ": its aiMeshes have " + std::to_string(fewest) +
                                                             " to " + std::to_string(most) +
                                                             " morph targets without unique names; they are matched by position"});
  for (std::size_t k = 0; k < meshes.size(); ++k) {
    const std::vector<AnimMeshTarget>& own = meshes[k]->targets;
    out.source[k].assign(out.weights.size(), -1);
    for (std::size_t t = 0; t < own.size(); ++t) {
      std::size_t at = t;
      if (by_name) at = std::size_t(std::find(out.names.begin(), out.names.end(), own[t].name) - out.names.begin());
      if (at >= out.weights.size()) {
        out.names.push_back(own[t].name);
        out.weights.push_back(own[t].default_weight);
        for (auto& s : out.source) s.resize(out.weights.size(), -1);
      } else if (own[t].default_weight != out.weights[at]) {
        out.warnings.push_back({"morph targets", mesh_where, mesh_where + ": morph target '" + out.names[at] +
                                                                 "' has default weights " + message_number(out.weights[at]) +
                                                                 " and " + message_number(own[t].default_weight) +
                                                                 " in two aiMeshes; the first is kept"});
      }
      out.source[k][at] = int(t);
    }
  }
  if (!named) out.names.clear();
  return out;
}

bool has_unread_collada_morphs(const aiScene& scene, const std::string& model) {
  if (morph_weight_rule(model) != MorphWeightRule::collada) return false;
  for (unsigned m = 0; m < scene.mNumMeshes; ++m)
    if (scene.mMeshes[m]->mNumAnimMeshes > 0) return false;
  // The file is text: the tag is looked for in chunks that overlap by its length.
  const std::string tag = "<morph";
  std::ifstream in(model, std::ios::binary);
  std::string chunk(1 << 16, '\0'), carry;
  while (in) {
    in.read(chunk.data(), std::streamsize(chunk.size()));
    const std::string text = carry + chunk.substr(0, std::size_t(in.gcount()));
    if (text.find(tag) != std::string::npos) return true;
    carry = text.substr(text.size() - std::min(text.size(), tag.size() - 1));
  }
  return false;
}

MorphWeightKeys morph_weight_keys(const aiMeshMorphAnim& channel, std::size_t target_count, double ticks_per_second,
                                  const std::string& where) {
  MorphWeightKeys out;
  std::vector<std::vector<std::pair<std::size_t, double>>> listed(target_count);
  std::size_t ignored = 0;
  for (unsigned k = 0; channel.mKeys && k < channel.mNumKeys; ++k) {  // no keys: no channel
    const aiMeshMorphKey& key = channel.mKeys[k];
    out.times.push_back(float(key.mTime / ticks_per_second));
    if (!key.mValues || !key.mWeights) continue;
    for (unsigned v = 0; v < key.mNumValuesAndWeights; ++v) {
      if (key.mValues[v] >= target_count) ++ignored;
      else listed[key.mValues[v]].emplace_back(k, key.mWeights[v]);
    }
  }
  if (ignored > 0)
    out.warnings.push_back({"morph animation", where, where + ": " + std::to_string(ignored) +
                                                          " weight(s) name a morph target past the mesh's " +
                                                          std::to_string(target_count) + "; ignored"});
  out.weights.assign(out.times.size() * target_count, 0.0f);
  for (std::size_t t = 0; t < target_count; ++t) {
    if (listed[t].empty()) continue;
    for (std::size_t k = 0; k < out.times.size(); ++k)
      out.weights[k * target_count + t] = float(weight_at(listed[t], out.times, k));
  }
  return out;
}

}  // namespace aem::pipeline
