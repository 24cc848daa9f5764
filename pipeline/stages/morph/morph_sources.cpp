#include "stages/morph/morph_sources.hpp"

#include <cmath>
#include <cstring>

#include "aem/ext_morph_targets.hpp"
#include "aem/pipeline/bake_error.hpp"
#include "scene/stream_reader.hpp"
#include "scene/utf8_repair.hpp"

namespace aem::pipeline {
namespace {

using math::Vec3;

// The back-face copy of a vertex: the same source, its normal and tangent deltas turned.
void mark_back_face(std::byte* value) {
  const std::uint32_t one = 1;
  std::memcpy(value + offsetof(MorphSourceValue, back_face), &one, sizeof one);
}

VertexStream morph_source_stream() {
  VertexStream s;
  s.name = kMorphSourceStream;
  s.stride = sizeof(MorphSourceValue);
  s.fill.assign(sizeof(MorphSourceValue), std::byte{0});
  s.back_face = mark_back_face;
  return s;
}

// The primitive's own attribute of set 0, or kNone.
std::int32_t base_stream(const Primitive& p, Semantic semantic) {
  for (const Attribute& a : p.attributes)
    if (a.semantic == semantic && a.set == 0) return a.stream;
  return kNone;
}

// Per source vertex: 1 / the length `m` gives the primitive's own unit vectors, where that is not
// 1 within float rounding (a scaling placement); 1 where the primitive has none.
std::vector<double> inverse_lengths(const Scene& scene, std::int32_t base, std::size_t components,
                                    const math::Mat4& m, std::size_t count, const std::string& what) {
  std::vector<double> out(count, 1.0);
  if (base == kNone || stream_count(scene, base) != count) return out;
  const std::vector<float> v = read_floats(scene, base, components, what);
  for (std::size_t i = 0; i < count; ++i) {
    const double length = math::length(math::transform_vector(m, {v[i * components], v[i * components + 1], v[i * components + 2]}));
    if (std::isfinite(length) && length > 0 && std::abs(length - 1) > 1e-6) out[i] = 1 / length;
  }
  return out;
}

MorphSourceGroup& group_of(MorphSources& sources, const Scene& scene, int node, std::size_t target_count,
                           WarningLog& warnings) {
  if (!sources.groups.empty() && sources.groups.back().node == node) return sources.groups.back();
  const Node& n = scene.nodes[std::size_t(node)];
  const Mesh& mesh = scene.meshes[std::size_t(n.mesh)];
  const bool node_weights = n.weights.size() == target_count;
  if (!n.weights.empty() && !node_weights)
    warnings.warn("morph targets", n.where, scene.model.string() + ": " + n.where + " has " + std::to_string(n.weights.size()) +
                                                " weights for " + std::to_string(target_count) + " morph targets; its mesh's are used");
  MorphSourceGroup g;
  g.node = node;
  g.name = stored_name(n.name);  // names come from any producer: valid UTF-8 without NUL here
  g.targets.resize(target_count);
  for (std::size_t t = 0; t < target_count; ++t) {
    if (t < mesh.target_names.size()) g.targets[t].name = stored_name(mesh.target_names[t]);
    if (node_weights) g.targets[t].default_weight = float(n.weights[t]);
    else if (t < mesh.weights.size()) g.targets[t].default_weight = float(mesh.weights[t]);
  }
  sources.groups.push_back(std::move(g));
  return sources.groups.back();
}

// One attribute's deltas of one target into `out` (9 per vertex, at `slot` 0, 3 or 6).
void add_deltas(const Scene& scene, std::int32_t stream, const math::Mat4& m, const std::vector<double>& scale,
                std::size_t slot, std::vector<float>& out, const std::string& what) {
  const std::vector<float> d = read_floats(scene, stream, 3, what);
  for (float x : d)
    if (!std::isfinite(x)) throw BakeError(what + ": " + scene.streams[std::size_t(stream)].where + " holds a non-finite delta");
  for (std::size_t i = 0; i < scale.size(); ++i) {
    const Vec3 v = math::transform_vector(m, {d[i * 3], d[i * 3 + 1], d[i * 3 + 2]});
    for (std::size_t c = 0; c < 3; ++c) {
      out[i * 9 + slot + c] = float(v[c] * scale[i]);
      // A finite delta can leave float's range under a node's scale (the positions' own check).
      if (!std::isfinite(out[i * 9 + slot + c]))
        throw BakeError(what + ": " + scene.streams[std::size_t(stream)].where + " vertex " + std::to_string(i) +
                        " is not finite once node transforms are applied");
    }
  }
}

}  // namespace

std::optional<PrimitiveStreamValues> morph_source_values(MorphSources& sources, const Scene& scene, int node,
                                                         const Primitive& p, const MorphPlacement& place,
                                                         std::size_t count, const std::string& at, WarningLog& warnings) {
  if (p.morph_targets.empty()) return std::nullopt;
  MorphSourceGroup& group = group_of(sources, scene, node, p.morph_targets.size(), warnings);
  const std::vector<double> ones(count, 1.0);
  std::vector<double> normal_scale, tangent_scale;
  for (std::size_t t = 0; t < p.morph_targets.size(); ++t) {
    const MorphTargetStreams& target = p.morph_targets[t];
    MorphSourceTarget& out = group.targets[t];
    out.deltas.resize(std::size_t(group.source_count + count) * 9, 0.0f);
    std::vector<float> deltas(count * 9, 0.0f);
    const std::string what = at + " morph target " + std::to_string(t);
    if (target.position != kNone) {
      add_deltas(scene, target.position, place.transform, ones, 0, deltas, what + " POSITION");
      out.attributes |= kMorphPosition;
    }
    if (target.normal != kNone) {
      if (normal_scale.empty())
        normal_scale = inverse_lengths(scene, base_stream(p, Semantic::normal), 3, place.normal_matrix, count, at + " NORMAL");
      add_deltas(scene, target.normal, place.normal_matrix, normal_scale, 3, deltas, what + " NORMAL");
      out.attributes |= kMorphNormal;
    }
    if (target.tangent != kNone) {
      if (tangent_scale.empty())
        tangent_scale = inverse_lengths(scene, base_stream(p, Semantic::tangent), 4, place.transform, count, at + " TANGENT");
      add_deltas(scene, target.tangent, place.transform, tangent_scale, 6, deltas, what + " TANGENT");
      out.attributes |= kMorphTangent;
    }
    std::copy(deltas.begin(), deltas.end(), out.deltas.begin() + std::ptrdiff_t(group.source_count) * 9);
  }
  PrimitiveStreamValues values{morph_source_stream(), {}};
  const auto group_plus_one = std::uint32_t(&group - sources.groups.data()) + 1;
  std::vector<MorphSourceValue> per_source(count);
  for (std::size_t i = 0; i < count; ++i) per_source[i] = {group_plus_one, group.source_count + std::uint32_t(i), 0};
  set_per_source(values, std::span<const MorphSourceValue>(per_source));
  group.source_count += std::uint32_t(count);
  return values;
}

}  // namespace aem::pipeline
