#include "aem/pipeline/geometry_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include <tiny_gltf.h>

#include "aem/pipeline/accessor_reader.hpp"
#include "aem/pipeline/primitive_triangulation.hpp"
#include "aem/pipeline/tangent_generation.hpp"
#include "aem/pipeline/texture_transform.hpp"
#include "aem/pipeline/vertex_normals.hpp"
#include "bake_math.hpp"
#include "node_tree.hpp"

namespace aem::pipeline {
namespace {

using math::Mat4;
using math::Vec3;

struct Context {
  const GltfDocument& doc;
  const SkeletonBuild& skeleton;
  WarningLog& warnings;
  bool regenerate_tangents;
  const std::atomic<bool>* cancel;
  std::vector<int> anchor_joint;  // per node: the joint of it or of its nearest ancestor, or -1
  GeometryBuild out;
  std::map<int, std::size_t> range_of_material;
  std::map<int, MaterialUv> uv_of_material;
};

std::string where(const Context& ctx, std::size_t mesh, std::size_t prim) {
  return ctx.doc.path.string() + ": mesh " + std::to_string(mesh) + " primitive " + std::to_string(prim);
}

bool all_finite(const std::vector<float>& v) {
  return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}

// The attribute's accessor, or -1.
int attribute(const tinygltf::Primitive& p, const std::string& name) {
  const auto it = p.attributes.find(name);
  return it == p.attributes.end() ? -1 : it->second;
}

void bake_primitive(Context& ctx, int node, std::size_t mesh_index, std::size_t prim_index) {
  const tinygltf::Model& m = *ctx.doc.model;
  const tinygltf::Node& n = m.nodes[std::size_t(node)];
  const tinygltf::Primitive& p = m.meshes[mesh_index].primitives[prim_index];
  const std::string at = where(ctx, mesh_index, prim_index);
  throw_if_cancelled(ctx.cancel);
  if (p.mode < 0 || p.mode > 6)
    throw BakeError(at + ": unknown primitive mode " + std::to_string(p.mode));
  if (p.mode < 4) {
    ctx.warnings.warn("points and lines", at + ": " + (p.mode == 0 ? "points" : "lines") +
                                              " skipped (AEM holds triangles only)");
    return;
  }
  if (!p.targets.empty())
    ctx.warnings.warn("morph targets", at + ": morph targets dropped (AEM has none); the base shape is kept");
  for (const auto& [name, acc] : p.attributes) {
    (void)acc;
    if (name.rfind("COLOR_", 0) == 0)
      ctx.warnings.warn("vertex colours", at + ": vertex colours (" + name + ") dropped: AEM vertices have none");
  }
  const int pos_acc = attribute(p, "POSITION");
  if (pos_acc < 0) {
    ctx.warnings.warn("no positions", at + ": has no POSITION attribute; skipped");
    return;
  }
  const std::vector<float> positions = read_floats(ctx.doc, pos_acc, 3, at + " POSITION");
  if (!all_finite(positions))
    throw BakeError(at + ": POSITION accessor " + std::to_string(pos_acc) + " holds a non-finite value");
  const std::size_t count = positions.size() / 3;
  auto check_count = [&](int acc, const char* name) {
    if (accessor_count(ctx.doc, acc) != count)
      throw BakeError(at + ": " + name + " accessor " + std::to_string(acc) + " has " +
                      std::to_string(accessor_count(ctx.doc, acc)) + " elements but POSITION has " +
                      std::to_string(count));
  };
  std::vector<std::uint32_t> indices;
  if (p.indices >= 0) {
    const tinygltf::Accessor& ia = m.accessors[std::size_t(p.indices)];
    if (ia.type != TINYGLTF_TYPE_SCALAR)
      throw BakeError(at + ": indices accessor " + std::to_string(p.indices) + " is not SCALAR");
    indices = read_uints(ctx.doc, p.indices, 1, at + " indices");
    for (std::uint32_t i : indices)
      if (i >= count)
        throw BakeError(ctx.doc.path.string() + ": accessor " + std::to_string(p.indices) + ": index " +
                        std::to_string(i) + " out of range for " + std::to_string(count) + " vertices");
  } else {
    indices.resize(count);
    std::iota(indices.begin(), indices.end(), 0u);
  }
  std::vector<std::uint32_t> triangles = *triangulate(indices, PrimitiveMode(p.mode));
  if (triangles.empty()) return;

  // Where the vertices go: skinned (bind pose as stored), rigid under a joint, or static.
  const bool skinned = n.skin >= 0 && attribute(p, "JOINTS_0") >= 0 && attribute(p, "WEIGHTS_0") >= 0;
  if (n.skin >= 0 && !skinned)
    ctx.warnings.warn("skin without weights", at + ": node " + std::to_string(node) +
                                                  " has a skin but the primitive has no JOINTS_0/WEIGHTS_0; baked rigid");
  int anchor = -1;
  Mat4 transform = ctx.skeleton.rest_global[std::size_t(node)];
  if (!skinned) {
    anchor = ctx.anchor_joint[std::size_t(node)];
    if (anchor >= 0) {
      // The joint's skinning matrix is G(joint) * IBM(joint); store v = inverse(IBM) *
      // inverse(G_rest(joint)) * G_rest(node) * p so that at rest the vertex lands where glTF puts it.
      const int anchor_node = ctx.skeleton.node_of_joint[std::size_t(anchor)];
      Mat4 inv_ibm, inv_global;
      if (math::invert(ctx.skeleton.inverse_bind[std::size_t(anchor)], inv_ibm) &&
          math::invert(ctx.skeleton.rest_global[std::size_t(anchor_node)], inv_global))
        transform = math::mul(inv_ibm, math::mul(inv_global, transform));
    }
  } else {
    transform = math::kIdentity;
  }
  const bool mirrored = math::det3(transform) < 0;
  const Mat4 nmat = math::normal_matrix(transform);

  std::vector<float> pos(count * 3);
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3 q = math::transform_point(transform, {positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]});
    for (int c = 0; c < 3; ++c) pos[i * 3 + std::size_t(c)] = float(q[std::size_t(c)]);
  }
  if (!all_finite(pos)) throw BakeError(at + ": positions are not finite once node transforms are applied");
  if (mirrored)
    for (std::size_t t = 0; t < triangles.size(); t += 3) std::swap(triangles[t + 1], triangles[t + 2]);

  // Normals.
  std::vector<float> normals;
  if (const int acc = attribute(p, "NORMAL"); acc >= 0) {
    check_count(acc, "NORMAL");
    normals = read_floats(ctx.doc, acc, 3, at + " NORMAL");
    bool bad = !all_finite(normals);
    for (std::size_t i = 0; i < count && !bad; ++i) {
      const Vec3 nn = math::normalize(math::transform_vector(nmat, {normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]}));
      if (nn == Vec3{0, 0, 0}) bad = true;
      for (int c = 0; c < 3; ++c) normals[i * 3 + std::size_t(c)] = float(nn[std::size_t(c)]);
    }
    if (bad) {
      ctx.warnings.warn("bad normals", at + ": NORMAL accessor " + std::to_string(acc) +
                                           " has zero-length or non-finite normals; normals regenerated");
      normals.clear();
    }
  }
  if (normals.empty()) normals = angle_weighted_normals(pos, triangles, ctx.cancel);
  throw_if_cancelled(ctx.cancel);

  // UVs of the material's set, with its texture transform baked in.
  const int material = p.material;
  auto uv_it = ctx.uv_of_material.find(material);
  if (uv_it == ctx.uv_of_material.end())
    uv_it = ctx.uv_of_material.emplace(material, plan_material_uv(ctx.doc, material, ctx.warnings)).first;
  const MaterialUv& plan = uv_it->second;
  std::vector<float> uvs(count * 2, 0.0f);
  bool has_uv = false;
  if (const int acc = attribute(p, "TEXCOORD_" + std::to_string(plan.set)); acc >= 0) {
    check_count(acc, "TEXCOORD");
    uvs = read_floats(ctx.doc, acc, 2, at + " TEXCOORD_" + std::to_string(plan.set));
    if (!all_finite(uvs)) throw BakeError(at + ": TEXCOORD_" + std::to_string(plan.set) + " holds a non-finite value");
    has_uv = true;
    if (!is_identity(plan.transform)) {
      const auto& t = plan.transform.m;
      for (std::size_t i = 0; i < count; ++i) {
        const double u = uvs[i * 2], v = uvs[i * 2 + 1];
        uvs[i * 2] = float(t[0] * u + t[1] * v + t[2]);
        uvs[i * 2 + 1] = float(t[3] * u + t[4] * v + t[5]);
      }
    }
  } else if (plan.textured) {
    ctx.warnings.warn("missing uvs", at + ": material " + std::to_string(material) + " is textured but the primitive has no TEXCOORD_" +
                                         std::to_string(plan.set) + "; UVs set to 0");
  }
  for (const auto& [name, acc] : p.attributes) {
    (void)acc;
    if (name.rfind("TEXCOORD_", 0) == 0 && name != "TEXCOORD_" + std::to_string(plan.set))
      ctx.warnings.warn("extra uv sets", at + ": " + name + " dropped: AEM keeps one UV set (TEXCOORD_" + std::to_string(plan.set) + ")");
  }

  // Tangents: given ones kept (turned with the geometry; a mirroring transform flips w, since
  // the bitangent is cross(normal, tangent) * w), others generated.
  std::vector<float> tangents;
  std::vector<std::uint32_t> split_from;
  if (const int acc = attribute(p, "TANGENT"); acc >= 0 && !ctx.regenerate_tangents) {
    check_count(acc, "TANGENT");
    tangents = read_floats(ctx.doc, acc, 4, at + " TANGENT");
    if (!all_finite(tangents)) {
      ctx.warnings.warn("bad tangents", at + ": TANGENT accessor " + std::to_string(acc) + " holds non-finite values; regenerated");
      tangents.clear();
    }
    std::size_t degenerate = 0;
    for (std::size_t i = 0; i < count && !tangents.empty(); ++i) {
      const Vec3 nrm{normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]};
      Vec3 t = math::transform_vector(transform, {tangents[i * 4], tangents[i * 4 + 1], tangents[i * 4 + 2]});
      t = math::normalize(math::sub(t, math::scale(nrm, math::dot(nrm, t))));
      if (t == Vec3{0, 0, 0}) {
        // Zero or along the normal: no direction to keep, any perpendicular will do.
        ++degenerate;
        float perpendicular[3];
        perpendicular_tangent(&normals[i * 3], perpendicular);
        t = {perpendicular[0], perpendicular[1], perpendicular[2]};
      }
      for (int c = 0; c < 3; ++c) tangents[i * 4 + std::size_t(c)] = float(t[std::size_t(c)]);
      const float w = tangents[i * 4 + 3] < 0 ? -1.0f : 1.0f;
      tangents[i * 4 + 3] = mirrored ? -w : w;
    }
    if (degenerate > 0)
      ctx.warnings.warn("bad tangents", at + ": TANGENT accessor " + std::to_string(acc) + ": " + std::to_string(degenerate) +
                                            " tangents are zero or along their normal; those vertices get a tangent perpendicular to the normal");
  }
  std::vector<float> final_pos = pos, final_normals = normals, final_uvs = uvs;
  if (tangents.empty()) {
    if (has_uv) {
      TangentMesh tm{pos, normals, uvs, triangles};
      generate_tangents(tm, tangents, split_from, ctx.cancel);
      triangles = std::move(tm.triangles);
      final_pos = std::move(tm.positions);
      final_normals = std::move(tm.normals);
      final_uvs = std::move(tm.uvs);
    } else {
      tangents.resize(count * 4);
      for (std::size_t i = 0; i < count; ++i) {
        perpendicular_tangent(&normals[i * 3], &tangents[i * 4]);
        tangents[i * 4 + 3] = 1.0f;
      }
    }
  }

  throw_if_cancelled(ctx.cancel);
  // Skin weights: the four largest of every JOINTS_n/WEIGHTS_n set, renormalised.
  std::vector<std::array<std::int32_t, 4>> joints(count, {-1, -1, -1, -1});
  std::vector<std::array<float, 4>> weights(count, {0, 0, 0, 0});
  if (skinned) {
    const tinygltf::Skin& skin = m.skins[std::size_t(n.skin)];
    std::vector<std::vector<std::pair<float, std::int32_t>>> influences(count);
    for (int set = 0; set < 8; ++set) {
      const int ja = attribute(p, "JOINTS_" + std::to_string(set));
      const int wa = attribute(p, "WEIGHTS_" + std::to_string(set));
      if (ja < 0 || wa < 0) break;
      check_count(ja, "JOINTS");
      check_count(wa, "WEIGHTS");
      const std::vector<std::uint32_t> js = read_uints(ctx.doc, ja, 4, at + " JOINTS_" + std::to_string(set));
      const std::vector<float> ws = read_floats(ctx.doc, wa, 4, at + " WEIGHTS_" + std::to_string(set));
      for (std::size_t i = 0; i < count; ++i)
        for (std::size_t k = 0; k < 4; ++k) {
          const float w = ws[i * 4 + k];
          if (!std::isfinite(w)) throw BakeError(at + ": WEIGHTS_" + std::to_string(set) + " holds a non-finite weight");
          if (!(w > 0)) continue;
          const std::uint32_t sj = js[i * 4 + k];
          if (sj >= skin.joints.size())
            throw BakeError(ctx.doc.path.string() + ": accessor " + std::to_string(ja) + ": joint " +
                            std::to_string(sj) + " out of range for skin " + std::to_string(n.skin) +
                            " with " + std::to_string(skin.joints.size()) + " joints");
          const std::int32_t joint = ctx.skeleton.joint_of_node[std::size_t(skin.joints[sj])];
          auto& list = influences[i];
          auto same = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.second == joint; });
          if (same != list.end()) same->first += w;
          else list.emplace_back(w, joint);
        }
    }
    bool dropped_any = false, empty_any = false;
    for (std::size_t i = 0; i < count; ++i) {
      auto& list = influences[i];
      // Joints are unique within a list, so this order is total and std::sort is deterministic.
      // (std::stable_sort's temporary buffer also trips clang 14's ASan with libstdc++ 12.)
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      if (list.size() > 4) {
        list.resize(4);
        dropped_any = true;
      }
      double sum = 0;
      for (const auto& e : list) sum += e.first;
      if (!(sum > 0)) {
        empty_any = true;
        continue;
      }
      for (std::size_t k = 0; k < list.size(); ++k) {
        joints[i][k] = list[k].second;
        weights[i][k] = float(list[k].first / sum);
      }
    }
    if (dropped_any)
      ctx.warnings.warn("more than 4 weights", at + ": vertices with more than 4 joint influences keep the 4 largest, renormalised");
    if (empty_any)
      ctx.warnings.warn("zero weights", at + ": skinned vertices with no weight are baked static (weights 0)");
  } else if (anchor >= 0) {
    for (std::size_t i = 0; i < count; ++i) {
      joints[i][0] = anchor;
      weights[i][0] = 1.0f;
    }
  }

  // Emit vertices into the material's range.
  auto range_it = ctx.range_of_material.find(material);
  if (range_it == ctx.range_of_material.end()) {
    range_it = ctx.range_of_material.emplace(material, ctx.out.ranges.size()).first;
    ctx.out.ranges.push_back(MaterialRange{material, {}});
  }
  MaterialRange& range = ctx.out.ranges[range_it->second];
  const auto base = std::uint32_t(ctx.out.vertices.size());
  const std::size_t total = final_pos.size() / 3;
  if (ctx.out.vertices.size() + total > kMaxBakedVertices)
    throw BakeError(ctx.doc.path.string() + ": more vertices than an AEM file can hold");
  for (std::size_t i = 0; i < total; ++i) {
    const std::size_t src = i < count ? i : split_from[i - count];
    Vertex v{};
    for (int c = 0; c < 3; ++c) {
      v.position[c] = final_pos[i * 3 + std::size_t(c)];
      v.normal[c] = final_normals[i * 3 + std::size_t(c)];
      v.tangent[c] = tangents[i * 4 + std::size_t(c)];
    }
    const Vec3 nn{v.normal[0], v.normal[1], v.normal[2]};
    const Vec3 tt{v.tangent[0], v.tangent[1], v.tangent[2]};
    const Vec3 b = math::normalize(math::scale(math::cross(nn, tt), tangents[i * 4 + 3]));
    for (int c = 0; c < 3; ++c) v.bitangent[c] = float(b[std::size_t(c)]);
    v.uv[0] = final_uvs[i * 2];
    v.uv[1] = final_uvs[i * 2 + 1];
    for (std::size_t k = 0; k < 4; ++k) {
      v.joints[k] = joints[src][k];
      v.weights[k] = weights[src][k];
    }
    ctx.out.vertices.push_back(v);
  }
  for (std::uint32_t idx : triangles) range.indices.push_back(base + idx);
}

// Each node's own joint or its nearest ancestor's.
std::vector<int> anchor_joints(const GltfDocument& doc, const SkeletonBuild& skeleton) {
  std::vector<char> is_joint(doc.parent.size());
  for (std::size_t n = 0; n < is_joint.size(); ++n) is_joint[n] = skeleton.joint_of_node[n] >= 0;
  std::vector<int> anchor = nearest_marked_nodes(doc.parent, is_joint);
  for (int& a : anchor)
    if (a >= 0) a = skeleton.joint_of_node[std::size_t(a)];
  return anchor;
}

}  // namespace

GeometryBuild build_geometry(const GltfDocument& doc, const SkeletonBuild& skeleton,
                             const BakeOptions& options, WarningLog& warnings) {
  Context ctx{doc, skeleton, warnings, options.regenerate_tangents, options.signals.cancel,
              anchor_joints(doc, skeleton), {}, {}, {}};
  const tinygltf::Model& m = *doc.model;
  std::vector<int> stack(doc.roots.rbegin(), doc.roots.rend());
  while (!stack.empty()) {
    const int node = stack.back();
    stack.pop_back();
    const tinygltf::Node& n = m.nodes[std::size_t(node)];
    if (n.camera >= 0) warnings.warn("cameras", doc.path.string() + ": node " + std::to_string(node) + " has a camera; dropped (AEM has no cameras)");
    if (n.mesh >= 0)
      for (std::size_t pi = 0; pi < m.meshes[std::size_t(n.mesh)].primitives.size(); ++pi)
        bake_primitive(ctx, node, std::size_t(n.mesh), pi);
    // Children in the order the file lists them (the node graph is a checked forest).
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) stack.push_back(*it);
  }
  std::erase_if(ctx.out.ranges, [](const MaterialRange& r) { return r.indices.empty(); });
  return std::move(ctx.out);
}

}  // namespace aem::pipeline
