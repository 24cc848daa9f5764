#include "stages/geometry/geometry_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <string>

#include "scene/stream_reader.hpp"
#include "stages/geometry/primitive_triangulation.hpp"
#include "stages/geometry/texture_transform.hpp"
#include "stages/geometry/uv1_stream.hpp"
#include "stages/geometry/vertex_colour_stream.hpp"
#include "stages/geometry/vertex_normals.hpp"
#include "math/bake_math.hpp"
#include "stages/deferred_report.hpp"
#include "scene/node_tree.hpp"
#include "stages/geometry/primitive_surface.hpp"
#include "stages/geometry/skin_influences.hpp"

namespace aem::pipeline {
namespace {

using math::Mat4;
using math::Vec3;

struct Context {
  const Scene& scene;
  const SkeletonBuild& skeleton;
  WarningLog& warnings;
  bool regenerate_tangents;
  bool version_1_only;
  const std::atomic<bool>* cancel;
  std::vector<int> anchor_joint;  // per node: the joint of it or of its nearest ancestor, or -1
  GeometryBuild out;
  std::map<int, std::size_t> range_of_material;
  std::map<int, MaterialUv> uv_of_material;
};

std::string model(const Context& ctx) { return ctx.scene.model.string(); }

const Stream& stream(const Context& ctx, std::int32_t index) { return ctx.scene.streams[std::size_t(index)]; }

bool all_finite(const std::vector<float>& v) {
  return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}

// The stream of the primitive's attribute `semantic` of set `set` (the first, if the producer
// listed it twice), or kNone.
std::int32_t attribute(const Primitive& p, Semantic semantic, std::uint32_t set = 0) {
  for (const Attribute& a : p.attributes)
    if (a.semantic == semantic && a.set == set) return a.stream;
  return kNone;
}

// Mode, dropped data and POSITION: the primitive's vertices as stored, or nothing when it has
// no triangles to bake (points, lines, no positions; each warned about).
std::optional<std::vector<float>> primitive_positions(Context& ctx, const Primitive& p, const std::string& at) {
  throw_if_refused(ctx.scene, p.where, p.deferred);
  report_warnings(ctx.scene, p.where, p.deferred, ctx.warnings);
  switch (p.mode) {
    case PrimitiveMode::points:
    case PrimitiveMode::lines:
    case PrimitiveMode::line_loop:
    case PrimitiveMode::line_strip:
      ctx.warnings.warn("points and lines", at + ": " + (p.mode == PrimitiveMode::points ? "points" : "lines") +
                                                " skipped (AEM holds triangles only)");
      return std::nullopt;
    case PrimitiveMode::triangles:
    case PrimitiveMode::triangle_strip:
    case PrimitiveMode::triangle_fan:
      break;
  }
  if (!p.morph_targets.empty() && ctx.version_1_only)
    ctx.warnings.warn("morph targets", at + ": morph targets dropped (AEM has none); the base shape is kept");
  // COLOR_0 goes to the vertex_colours extension (vertex_colour_stream.hpp) unless version 1 only.
  for (const Attribute& a : p.attributes)
    if (a.semantic == Semantic::color && (ctx.version_1_only || a.set != 0))
      ctx.warnings.warn("vertex colours", at + ": vertex colours (" + a.name + ") dropped: " +
                                              (a.set != 0 ? "AEM keeps one colour set (COLOR_0)" : "AEM vertices have none"));
  const std::int32_t pos_acc = attribute(p, Semantic::position);
  if (pos_acc == kNone) {
    ctx.warnings.warn("no positions", at + ": has no POSITION attribute; skipped");
    return std::nullopt;
  }
  std::vector<float> positions = read_floats(ctx.scene, pos_acc, 3, at + " POSITION");
  if (!all_finite(positions))
    throw BakeError(at + ": POSITION " + stream(ctx, pos_acc).where + " holds a non-finite value");
  return positions;
}

// An attribute's accessor must have one element per vertex.
void check_count(const Context& ctx, std::int32_t acc, std::size_t count, const char* name, const std::string& at) {
  require_vertex_count(ctx.scene, acc, count, at + ": " + name);
}

// The indices (0, 1, 2... when there are none), range-checked, as a triangle list.
std::vector<std::uint32_t> primitive_triangles(const Context& ctx, const Primitive& p,
                                               std::size_t count, const std::string& at) {
  std::vector<std::uint32_t> indices;
  if (p.indices != kNone) {
    const Stream& is = stream(ctx, p.indices);
    if (is.components != 1) throw BakeError(at + ": indices " + is.where + " is not SCALAR");
    indices = read_uints(ctx.scene, p.indices, 1, at + " indices");
    for (std::uint32_t i : indices)
      if (i >= count)
        throw BakeError(model(ctx) + ": " + is.where + ": index " +
                        std::to_string(i) + " out of range for " + std::to_string(count) + " vertices");
  } else {
    indices.resize(count);
    std::iota(indices.begin(), indices.end(), 0u);
  }
  return *triangulate(indices, p.mode);
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
Placement primitive_placement(Context& ctx, int node, const Node& n, const Primitive& p,
                              const std::vector<float>& positions, const std::string& at) {
  Placement out;
  out.skinned = n.skin != kNone && attribute(p, Semantic::joints) != kNone && attribute(p, Semantic::weights) != kNone;
  if (n.skin != kNone && !out.skinned)
    ctx.warnings.warn("skin without weights", at + ": " + n.where +
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
std::vector<float> primitive_normals(Context& ctx, const Primitive& p, const Placement& place,
                                     const std::vector<std::uint32_t>& triangles, const std::string& at) {
  const std::size_t count = place.positions.size() / 3;
  std::vector<float> normals;
  if (const std::int32_t acc = attribute(p, Semantic::normal); acc != kNone) {
    check_count(ctx, acc, count, "NORMAL", at);
    normals = read_floats(ctx.scene, acc, 3, at + " NORMAL");
    bool bad = !all_finite(normals);
    for (std::size_t i = 0; i < count && !bad; ++i) {
      const Vec3 nn = math::renormalize(math::transform_vector(place.normal_matrix, {normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]}));
      if (nn == Vec3{0, 0, 0}) bad = true;
      for (int c = 0; c < 3; ++c) normals[i * 3 + std::size_t(c)] = float(nn[std::size_t(c)]);
    }
    if (bad) {
      ctx.warnings.warn("bad normals", at + ": NORMAL " + stream(ctx, acc).where +
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
PrimitiveUvs primitive_uvs(Context& ctx, const Primitive& p, std::size_t count, const std::string& at) {
  const int material = p.material;
  auto uv_it = ctx.uv_of_material.find(material);
  if (uv_it == ctx.uv_of_material.end())
    uv_it = ctx.uv_of_material.emplace(material, plan_material_uv(ctx.scene, material, !ctx.version_1_only, ctx.warnings)).first;
  const MaterialUv& plan = uv_it->second;
  PrimitiveUvs out;
  out.values.assign(count * 2, 0.0f);
  if (const std::int32_t acc = plan.set >= 0 ? attribute(p, Semantic::texcoord, std::uint32_t(plan.set)) : kNone;
      acc != kNone) {
    check_count(ctx, acc, count, "TEXCOORD", at);
    out.values = read_floats(ctx.scene, acc, 2, at + " TEXCOORD_" + std::to_string(plan.set));
    if (!all_finite(out.values)) throw BakeError(at + ": TEXCOORD_" + std::to_string(plan.set) + " holds a non-finite value");
    out.present = true;
    apply_uv_transform(out.values, plan.transform);
  } else if (plan.textured) {
    ctx.warnings.warn("missing uvs", at + ": material " + std::to_string(material) + " is textured but the primitive has no TEXCOORD_" +
                                         std::to_string(plan.set) + "; UVs set to 0");
  }
  for (const Attribute& a : p.attributes) {
    if (a.semantic == Semantic::texcoord && a.name != "TEXCOORD_" + std::to_string(plan.set) &&
        a.name != "TEXCOORD_" + std::to_string(plan.second_set))  // the uv1 extension's
      ctx.warnings.warn("extra uv sets", at + ": " + a.name + " dropped: AEM keeps one UV set (TEXCOORD_" + std::to_string(plan.set) + ")");
  }
  return out;
}

// The primitive's own tangents, turned with the geometry, when it has usable ones and they are
// kept; empty otherwise (primitive_surface generates them).
std::vector<float> primitive_tangents(Context& ctx, const Primitive& p, const Placement& place,
                                      const std::vector<float>& normals, const std::string& at) {
  std::vector<float> tangents;
  const std::int32_t acc = attribute(p, Semantic::tangent);
  if (acc == kNone || ctx.regenerate_tangents) return tangents;
  check_count(ctx, acc, normals.size() / 3, "TANGENT", at);
  tangents = read_floats(ctx.scene, acc, 4, at + " TANGENT");
  if (!all_finite(tangents)) {
    ctx.warnings.warn("bad tangents", at + ": TANGENT " + stream(ctx, acc).where + " holds non-finite values; regenerated");
    tangents.clear();
  }
  const std::size_t degenerate = orient_given_tangents(tangents, normals, place.transform, place.mirrored);
  if (degenerate > 0)
    ctx.warnings.warn("bad tangents", at + ": TANGENT " + stream(ctx, acc).where + ": " + std::to_string(degenerate) +
                                          " tangents are zero or along their normal; those vertices get a tangent perpendicular to the normal");
  return tangents;
}

// Skin weights: the four largest of every JOINTS_n/WEIGHTS_n set (n < 8, up to the first
// missing one), renormalised.
VertexInfluences skin_influences(Context& ctx, const Node& n, const Primitive& p,
                                 std::size_t count, const std::string& at) {
  const Skin& skin = ctx.scene.skins[std::size_t(n.skin)];
  std::vector<std::int32_t> joint_of_slot;
  for (int joint_node : skin.joints) joint_of_slot.push_back(ctx.skeleton.joint_of_node[std::size_t(joint_node)]);
  InfluenceCollector collector(count, std::move(joint_of_slot));
  for (std::uint32_t set = 0; set < 8; ++set) {
    const std::int32_t ja = attribute(p, Semantic::joints, set);
    const std::int32_t wa = attribute(p, Semantic::weights, set);
    if (ja == kNone || wa == kNone) break;
    check_count(ctx, ja, count, "JOINTS", at);
    check_count(ctx, wa, count, "WEIGHTS", at);
    const std::vector<std::uint32_t> js = read_uints(ctx.scene, ja, 4, at + " JOINTS_" + std::to_string(set));
    const std::vector<float> ws = read_floats(ctx.scene, wa, 4, at + " WEIGHTS_" + std::to_string(set));
    collector.add(js, ws, {at, model(ctx) + ": " + stream(ctx, ja).where, skin.where, int(set)});
  }
  VertexInfluences out = collector.finish();
  if (out.dropped_any)
    ctx.warnings.warn("more than 4 weights", at + ": vertices with more than 4 joint influences keep the 4 largest, renormalised");
  if (out.empty_any)
    ctx.warnings.warn("zero weights", at + ": skinned vertices with no weight are baked static (weights 0)");
  return out;
}

// The primitive's per-vertex data for the extensions' vertex streams (vertex_streams.hpp), one
// entry per stream it has data for; none under BakeOptions::version_1_only.
std::vector<PrimitiveStreamValues> primitive_streams(Context& ctx, int node, const Primitive& p, const Placement& place,
                                                     std::size_t count, const std::string& at) {
  std::vector<PrimitiveStreamValues> streams;
  if (ctx.version_1_only) return streams;
  // One line per extension with per-vertex data.
  if (auto v = morph_source_values(ctx.out.morph, ctx.scene, node, p, {place.transform, place.normal_matrix}, count, at,
                                    ctx.warnings))
    streams.push_back(std::move(*v));
  if (auto colours = primitive_colours(ctx.scene, p, count, at, ctx.warnings)) streams.push_back(*std::move(colours));
  if (auto uv1 = primitive_uv1(ctx.scene, p, ctx.uv_of_material.at(p.material), count, at, ctx.warnings))
    streams.push_back(*std::move(uv1));
  return streams;
}

// Appends the primitive's vertices and triangles to its material's range, and their values to
// the vertex streams. Split vertices (tangent seams) take the influences and stream values of the
// vertex they copy.
void emit_vertices(Context& ctx, int material, std::int32_t mesh, const PrimitiveSurface& surface,
                   const VertexInfluences& influences, std::span<const PrimitiveStreamValues> streams) {
  auto range_it = ctx.range_of_material.find(material);
  if (range_it == ctx.range_of_material.end()) {
    range_it = ctx.range_of_material.emplace(material, ctx.out.ranges.size()).first;
    ctx.out.ranges.push_back(MaterialRange{material, mesh, {}});
  }
  MaterialRange& range = ctx.out.ranges[range_it->second];
  const auto base = std::uint32_t(ctx.out.vertices.size());
  const std::size_t count = influences.joints.size();
  const std::size_t total = surface.positions.size() / 3;
  if (ctx.out.vertices.size() + total > kMaxBakedVertices)
    throw BakeError(model(ctx) + ": more vertices than an AEM file can hold");
  const std::vector<float>& tangents = surface.tangents;
  std::vector<std::uint32_t> sources(total);
  for (std::size_t i = 0; i < total; ++i) {
    if (i % kCancelCheckInterval == 0) throw_if_cancelled(ctx.cancel);
    const std::size_t src = i < count ? i : surface.split_from[i - count];
    sources[i] = std::uint32_t(src);
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
  append_stream_values(ctx.out.streams, base, streams, sources);
  for (std::uint32_t idx : surface.triangles) range.indices.push_back(base + idx);
}

void bake_primitive(Context& ctx, int node, const Primitive& p) {
  const Node& n = ctx.scene.nodes[std::size_t(node)];
  const std::string at = model(ctx) + ": " + p.where;
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
  PrimitiveUvs uvs = primitive_uvs(ctx, p, count, at);  // plans the material's sets first
  std::vector<PrimitiveStreamValues> streams = primitive_streams(ctx, node, p, place, count, at);
  std::vector<float> tangents = primitive_tangents(ctx, p, place, normals, at);
  const PrimitiveSurface surface =
      primitive_surface(std::move(place.positions), std::move(normals), std::move(uvs.values),
                        std::move(triangles), std::move(tangents), uvs.present, ctx.cancel);
  throw_if_cancelled(ctx.cancel);
  const VertexInfluences influences =
      place.skinned ? skin_influences(ctx, n, p, count, at) : anchored_influences(count, place.anchor);
  emit_vertices(ctx, p.material, n.mesh, surface, influences, streams);
}

// Each node's own joint or its nearest ancestor's.
std::vector<int> anchor_joints(const Scene& scene, const SkeletonBuild& skeleton) {
  std::vector<int> parent;
  for (const Node& node : scene.nodes) parent.push_back(node.parent);
  std::vector<char> is_joint(parent.size());
  for (std::size_t n = 0; n < is_joint.size(); ++n) is_joint[n] = skeleton.joint_of_node[n] >= 0;
  std::vector<int> anchor = nearest_marked_nodes(parent, is_joint);
  for (int& a : anchor)
    if (a >= 0) a = skeleton.joint_of_node[std::size_t(a)];
  return anchor;
}

}  // namespace

GeometryBuild build_geometry(const Scene& scene, const SkeletonBuild& skeleton,
                             const BakeOptions& options, WarningLog& warnings) {
  Context ctx{scene, skeleton, warnings, options.regenerate_tangents, options.version_1_only, options.signals.cancel,
              anchor_joints(scene, skeleton), {}, {}, {}};
  for (const int node : preorder_nodes(scene.nodes, scene.roots)) {
    const Node& n = scene.nodes[std::size_t(node)];
    if (n.has_camera) warnings.warn("cameras", scene.model.string() + ": " + n.where + " has a camera; dropped (AEM has no cameras)");
    if (n.mesh != kNone)
      for (const Primitive& p : scene.meshes[std::size_t(n.mesh)].primitives) bake_primitive(ctx, node, p);
  }
  std::erase_if(ctx.out.ranges, [](const MaterialRange& r) { return r.indices.empty(); });
  for (const auto& [material, plan] : ctx.uv_of_material)
    if (plan.second_set >= 0) ctx.out.uv1_sets.emplace(material, plan.sets);
  return std::move(ctx.out);
}

}  // namespace aem::pipeline
