#include "aem/pipeline/geometry_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <string>

#include <tiny_gltf.h>

#include "stream_reader.hpp"
#include "aem/pipeline/primitive_triangulation.hpp"
#include "aem/pipeline/texture_transform.hpp"
#include "aem/pipeline/vertex_normals.hpp"
#include "bake_math.hpp"
#include "node_tree.hpp"
#include "primitive_surface.hpp"
#include "skin_influences.hpp"

namespace aem::pipeline {
namespace {

using math::Mat4;
using math::Vec3;

struct Context {
  const GltfDocument& doc;
  const Scene& scene;
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

// Mode, dropped data and POSITION: the primitive's vertices as stored, or nothing when it has
// no triangles to bake (points, lines, no positions; each warned about).
std::optional<std::vector<float>> primitive_positions(Context& ctx, const tinygltf::Primitive& p,
                                                      const std::string& at) {
  if (p.mode < 0 || p.mode > 6)
    throw BakeError(at + ": unknown primitive mode " + std::to_string(p.mode));
  if (p.mode < 4) {
    ctx.warnings.warn("points and lines", at + ": " + (p.mode == 0 ? "points" : "lines") +
                                              " skipped (AEM holds triangles only)");
    return std::nullopt;
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
    return std::nullopt;
  }
  std::vector<float> positions = read_floats(ctx.scene, pos_acc, 3, at + " POSITION");
  if (!all_finite(positions))
    throw BakeError(at + ": POSITION accessor " + std::to_string(pos_acc) + " holds a non-finite value");
  return positions;
}

// An attribute's accessor must have one element per vertex.
void check_count(const Context& ctx, int acc, std::size_t count, const char* name, const std::string& at) {
  if (stream_count(ctx.scene, acc) != count)
    throw BakeError(at + ": " + name + " accessor " + std::to_string(acc) + " has " +
                    std::to_string(stream_count(ctx.scene, acc)) + " elements but POSITION has " +
                    std::to_string(count));
}

// The indices (0, 1, 2... when there are none), range-checked, as a triangle list.
std::vector<std::uint32_t> primitive_triangles(const Context& ctx, const tinygltf::Primitive& p,
                                               std::size_t count, const std::string& at) {
  std::vector<std::uint32_t> indices;
  if (p.indices >= 0) {
    const tinygltf::Accessor& ia = ctx.doc.model->accessors[std::size_t(p.indices)];
    if (ia.type != TINYGLTF_TYPE_SCALAR)
      throw BakeError(at + ": indices accessor " + std::to_string(p.indices) + " is not SCALAR");
    indices = read_uints(ctx.scene, p.indices, 1, at + " indices");
    for (std::uint32_t i : indices)
      if (i >= count)
        throw BakeError(ctx.doc.path.string() + ": accessor " + std::to_string(p.indices) + ": index " +
                        std::to_string(i) + " out of range for " + std::to_string(count) + " vertices");
  } else {
    indices.resize(count);
    std::iota(indices.begin(), indices.end(), 0u);
  }
  return *triangulate(indices, PrimitiveMode(p.mode));
}

struct Placement {
  bool skinned = false;  // vertices stay in bind pose and follow their own joints
  int anchor = -1;       // otherwise, the joint they follow rigidly (-1: static)
  Mat4 transform = math::kIdentity;  // applied to positions and given tangents
  bool mirrored = false;             // the transform flips handedness: winding must flip too
  Mat4 normal_matrix = math::kIdentity;
  std::vector<float> positions;      // transformed
};

// Where the vertices go: skinned (bind pose as stored), rigid under a joint, or static.
Placement primitive_placement(Context& ctx, int node, const tinygltf::Node& n, const tinygltf::Primitive& p,
                              const std::vector<float>& positions, const std::string& at) {
  Placement out;
  out.skinned = n.skin >= 0 && attribute(p, "JOINTS_0") >= 0 && attribute(p, "WEIGHTS_0") >= 0;
  if (n.skin >= 0 && !out.skinned)
    ctx.warnings.warn("skin without weights", at + ": node " + std::to_string(node) +
                                                  " has a skin but the primitive has no JOINTS_0/WEIGHTS_0; baked rigid");
  out.transform = ctx.skeleton.rest_global[std::size_t(node)];
  if (!out.skinned) {
    out.anchor = ctx.anchor_joint[std::size_t(node)];
    if (out.anchor >= 0) {
      // The joint's skinning matrix is G(joint) * IBM(joint); store v = inverse(IBM) *
      // inverse(G_rest(joint)) * G_rest(node) * p so that at rest the vertex lands where glTF puts it.
      const int anchor_node = ctx.skeleton.node_of_joint[std::size_t(out.anchor)];
      Mat4 inv_ibm, inv_global;
      if (math::invert(ctx.skeleton.inverse_bind[std::size_t(out.anchor)], inv_ibm) &&
          math::invert(ctx.skeleton.rest_global[std::size_t(anchor_node)], inv_global))
        out.transform = math::mul(inv_ibm, math::mul(inv_global, out.transform));
    }
  } else {
    out.transform = math::kIdentity;
  }
  out.mirrored = math::det3(out.transform) < 0;
  out.normal_matrix = math::normal_matrix(out.transform);
  const std::size_t count = positions.size() / 3;
  out.positions.resize(count * 3);
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3 q = math::transform_point(out.transform, {positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]});
    for (int c = 0; c < 3; ++c) out.positions[i * 3 + std::size_t(c)] = float(q[std::size_t(c)]);
  }
  if (!all_finite(out.positions)) throw BakeError(at + ": positions are not finite once node transforms are applied");
  return out;
}

// Given normals turned with the geometry, or (none, or unusable) angle-weighted ones.
std::vector<float> primitive_normals(Context& ctx, const tinygltf::Primitive& p, const Placement& place,
                                     const std::vector<std::uint32_t>& triangles, const std::string& at) {
  const std::size_t count = place.positions.size() / 3;
  std::vector<float> normals;
  if (const int acc = attribute(p, "NORMAL"); acc >= 0) {
    check_count(ctx, acc, count, "NORMAL", at);
    normals = read_floats(ctx.scene, acc, 3, at + " NORMAL");
    bool bad = !all_finite(normals);
    for (std::size_t i = 0; i < count && !bad; ++i) {
      const Vec3 nn = math::normalize(math::transform_vector(place.normal_matrix, {normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]}));
      if (nn == Vec3{0, 0, 0}) bad = true;
      for (int c = 0; c < 3; ++c) normals[i * 3 + std::size_t(c)] = float(nn[std::size_t(c)]);
    }
    if (bad) {
      ctx.warnings.warn("bad normals", at + ": NORMAL accessor " + std::to_string(acc) +
                                           " has zero-length or non-finite normals; normals regenerated");
      normals.clear();
    }
  }
  if (normals.empty()) normals = angle_weighted_normals(place.positions, triangles, ctx.cancel);
  return normals;
}

struct PrimitiveUvs {
  std::vector<float> values;  // 2 per vertex; 0 when the primitive lacks the set
  bool present = false;       // the primitive has the material's set
};

// UVs of the material's set, with its texture transform baked in.
PrimitiveUvs primitive_uvs(Context& ctx, const tinygltf::Primitive& p, std::size_t count, const std::string& at) {
  const int material = p.material;
  auto uv_it = ctx.uv_of_material.find(material);
  if (uv_it == ctx.uv_of_material.end())
    uv_it = ctx.uv_of_material.emplace(material, plan_material_uv(ctx.doc, material, ctx.warnings)).first;
  const MaterialUv& plan = uv_it->second;
  PrimitiveUvs out;
  out.values.assign(count * 2, 0.0f);
  if (const int acc = attribute(p, "TEXCOORD_" + std::to_string(plan.set)); acc >= 0) {
    check_count(ctx, acc, count, "TEXCOORD", at);
    out.values = read_floats(ctx.scene, acc, 2, at + " TEXCOORD_" + std::to_string(plan.set));
    if (!all_finite(out.values)) throw BakeError(at + ": TEXCOORD_" + std::to_string(plan.set) + " holds a non-finite value");
    out.present = true;
    if (!is_identity(plan.transform)) {
      const auto& t = plan.transform.m;
      for (std::size_t i = 0; i < count; ++i) {
        const double u = out.values[i * 2], v = out.values[i * 2 + 1];
        out.values[i * 2] = float(t[0] * u + t[1] * v + t[2]);
        out.values[i * 2 + 1] = float(t[3] * u + t[4] * v + t[5]);
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
  return out;
}

// The primitive's own tangents, turned with the geometry, when it has usable ones and they are
// kept; empty otherwise (primitive_surface generates them).
std::vector<float> primitive_tangents(Context& ctx, const tinygltf::Primitive& p, const Placement& place,
                                      const std::vector<float>& normals, const std::string& at) {
  std::vector<float> tangents;
  const int acc = attribute(p, "TANGENT");
  if (acc < 0 || ctx.regenerate_tangents) return tangents;
  check_count(ctx, acc, normals.size() / 3, "TANGENT", at);
  tangents = read_floats(ctx.scene, acc, 4, at + " TANGENT");
  if (!all_finite(tangents)) {
    ctx.warnings.warn("bad tangents", at + ": TANGENT accessor " + std::to_string(acc) + " holds non-finite values; regenerated");
    tangents.clear();
  }
  const std::size_t degenerate = orient_given_tangents(tangents, normals, place.transform, place.mirrored);
  if (degenerate > 0)
    ctx.warnings.warn("bad tangents", at + ": TANGENT accessor " + std::to_string(acc) + ": " + std::to_string(degenerate) +
                                          " tangents are zero or along their normal; those vertices get a tangent perpendicular to the normal");
  return tangents;
}

// Skin weights: the four largest of every JOINTS_n/WEIGHTS_n set (n < 8, up to the first
// missing one), renormalised.
VertexInfluences skin_influences(Context& ctx, const tinygltf::Node& n, const tinygltf::Primitive& p,
                                 std::size_t count, const std::string& at) {
  const tinygltf::Skin& skin = ctx.doc.model->skins[std::size_t(n.skin)];
  std::vector<std::int32_t> joint_of_slot;
  for (int joint_node : skin.joints) joint_of_slot.push_back(ctx.skeleton.joint_of_node[std::size_t(joint_node)]);
  InfluenceCollector collector(count, std::move(joint_of_slot));
  for (int set = 0; set < 8; ++set) {
    const int ja = attribute(p, "JOINTS_" + std::to_string(set));
    const int wa = attribute(p, "WEIGHTS_" + std::to_string(set));
    if (ja < 0 || wa < 0) break;
    check_count(ctx, ja, count, "JOINTS", at);
    check_count(ctx, wa, count, "WEIGHTS", at);
    const std::vector<std::uint32_t> js = read_uints(ctx.scene, ja, 4, at + " JOINTS_" + std::to_string(set));
    const std::vector<float> ws = read_floats(ctx.scene, wa, 4, at + " WEIGHTS_" + std::to_string(set));
    collector.add(js, ws, {at, ctx.doc.path.string() + ": accessor " + std::to_string(ja), "skin " + std::to_string(n.skin), set});
  }
  VertexInfluences out = collector.finish();
  if (out.dropped_any)
    ctx.warnings.warn("more than 4 weights", at + ": vertices with more than 4 joint influences keep the 4 largest, renormalised");
  if (out.empty_any)
    ctx.warnings.warn("zero weights", at + ": skinned vertices with no weight are baked static (weights 0)");
  return out;
}

// Appends the primitive's vertices and triangles to its material's range. Split vertices
// (tangent seams) take the influences of the vertex they copy.
void emit_vertices(Context& ctx, int material, const PrimitiveSurface& surface, const VertexInfluences& influences) {
  auto range_it = ctx.range_of_material.find(material);
  if (range_it == ctx.range_of_material.end()) {
    range_it = ctx.range_of_material.emplace(material, ctx.out.ranges.size()).first;
    ctx.out.ranges.push_back(MaterialRange{material, {}});
  }
  MaterialRange& range = ctx.out.ranges[range_it->second];
  const auto base = std::uint32_t(ctx.out.vertices.size());
  const std::size_t count = influences.joints.size();
  const std::size_t total = surface.positions.size() / 3;
  if (ctx.out.vertices.size() + total > kMaxBakedVertices)
    throw BakeError(ctx.doc.path.string() + ": more vertices than an AEM file can hold");
  const std::vector<float>& tangents = surface.tangents;
  for (std::size_t i = 0; i < total; ++i) {
    const std::size_t src = i < count ? i : surface.split_from[i - count];
    Vertex v{};
    for (int c = 0; c < 3; ++c) {
      v.position[c] = surface.positions[i * 3 + std::size_t(c)];
      v.normal[c] = surface.normals[i * 3 + std::size_t(c)];
      v.tangent[c] = tangents[i * 4 + std::size_t(c)];
    }
    const Vec3 nn{v.normal[0], v.normal[1], v.normal[2]};
    const Vec3 tt{v.tangent[0], v.tangent[1], v.tangent[2]};
    const Vec3 b = math::normalize(math::scale(math::cross(nn, tt), tangents[i * 4 + 3]));
    for (int c = 0; c < 3; ++c) v.bitangent[c] = float(b[std::size_t(c)]);
    v.uv[0] = surface.uvs[i * 2];
    v.uv[1] = surface.uvs[i * 2 + 1];
    for (std::size_t k = 0; k < 4; ++k) {
      v.joints[k] = influences.joints[src][k];
      v.weights[k] = influences.weights[src][k];
    }
    ctx.out.vertices.push_back(v);
  }
  for (std::uint32_t idx : surface.triangles) range.indices.push_back(base + idx);
}

void bake_primitive(Context& ctx, int node, std::size_t mesh_index, std::size_t prim_index) {
  const tinygltf::Node& n = ctx.doc.model->nodes[std::size_t(node)];
  const tinygltf::Primitive& p = ctx.doc.model->meshes[mesh_index].primitives[prim_index];
  const std::string at = where(ctx, mesh_index, prim_index);
  throw_if_cancelled(ctx.cancel);
  const std::optional<std::vector<float>> positions = primitive_positions(ctx, p, at);
  if (!positions) return;
  const std::size_t count = positions->size() / 3;
  std::vector<std::uint32_t> triangles = primitive_triangles(ctx, p, count, at);
  if (triangles.empty()) return;
  Placement place = primitive_placement(ctx, node, n, p, *positions, at);
  if (place.mirrored)
    for (std::size_t t = 0; t < triangles.size(); t += 3) std::swap(triangles[t + 1], triangles[t + 2]);
  std::vector<float> normals = primitive_normals(ctx, p, place, triangles, at);
  throw_if_cancelled(ctx.cancel);
  PrimitiveUvs uvs = primitive_uvs(ctx, p, count, at);
  std::vector<float> tangents = primitive_tangents(ctx, p, place, normals, at);
  const PrimitiveSurface surface =
      primitive_surface(std::move(place.positions), std::move(normals), std::move(uvs.values),
                        std::move(triangles), std::move(tangents), uvs.present, ctx.cancel);
  throw_if_cancelled(ctx.cancel);
  const VertexInfluences influences =
      place.skinned ? skin_influences(ctx, n, p, count, at) : anchored_influences(count, place.anchor);
  emit_vertices(ctx, p.material, surface, influences);
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
  Context ctx{doc, doc.scene_description, skeleton, warnings, options.regenerate_tangents, options.signals.cancel,
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
