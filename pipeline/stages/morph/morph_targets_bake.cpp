#include "stages/morph/morph_targets_bake.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "aem/ext_morph_targets.hpp"
#include "stages/animation/animation_baker.hpp"
#include "stages/morph/morph_weight_keys.hpp"

namespace aem::pipeline {
namespace {

// Per final vertex, its morph source value (all 0 without the stream).
std::vector<MorphSourceValue> vertex_sources(std::span<const VertexStream> streams, std::size_t vertex_count) {
  std::vector<MorphSourceValue> out = stream_values<MorphSourceValue>(streams, kMorphSourceStream);
  out.resize(vertex_count);
  return out;
}

// The attributes of `source` that move some vertex of group `g` (1-based in `values`): an
// attribute whose deltas are all zero is left out (position alone when none moves anything).
std::uint32_t moving_attributes(const MorphSourceTarget& source, const std::vector<MorphSourceValue>& values,
                                std::uint32_t g) {
  std::uint32_t moving = 0;
  for (const MorphSourceValue& v : values)
    if (v.group_plus_one == g)
      for (std::uint32_t a = 0; a < 3; ++a)
        for (std::size_t c = 0; c < 3; ++c)
          if (source.deltas[std::size_t(v.source) * 9 + a * 3 + c] != 0) moving |= 1u << a;
  return moving != 0 ? moving & source.attributes : kMorphPosition;
}

// One target of group `g` (1-based in `values`) over the vertices [first, first + span).
MorphTargetContent target_over(const MorphSourceTarget& source, const std::vector<MorphSourceValue>& values,
                               std::uint32_t g, std::uint32_t first, std::uint32_t span) {
  const std::uint32_t attributes = moving_attributes(source, values, g);
  MorphTargetContent t{source.name, source.default_weight, attributes, first, span, true, {}, {}};
  std::vector<float> dense;
  std::vector<std::uint32_t> moved;
  std::vector<float> sparse;
  for (std::uint32_t v = first; v < first + span; ++v) {
    float d[9] = {};
    if (values[v].group_plus_one == g) {
      std::copy_n(source.deltas.begin() + std::ptrdiff_t(values[v].source) * 9, 9, d);
      if (values[v].back_face)
        for (std::size_t i = 3; i < 9; ++i) d[i] = -d[i];
    }
    const std::size_t before = dense.size();
    bool any = false;
    for (std::uint32_t a = 0; a < 3; ++a)
      if (attributes & (1u << a))
        for (std::size_t c = 0; c < 3; ++c) {
          const float x = d[a * 3 + c] == 0 ? 0.0f : d[a * 3 + c];  // -0 stored as +0
          any = any || x != 0;
          dense.push_back(x);
        }
    if (any) {
      moved.push_back(v);
      sparse.insert(sparse.end(), dense.begin() + std::ptrdiff_t(before), dense.end());
    }
  }
  const std::uint64_t d = 12u * std::uint64_t(std::popcount(attributes));
  if (std::uint64_t(moved.size()) * (4 + d) < std::uint64_t(span) * d) {
    t.dense = false;
    t.sparse_indices = std::move(moved);
    t.deltas = std::move(sparse);
  } else {
    t.deltas = std::move(dense);
  }
  return t;
}

// The weight tracks of every baked animation × kept group, animation-major.
std::vector<std::vector<float>> weight_tracks(const Scene& scene, const MorphSources& sources,
                                              const std::vector<std::size_t>& kept_groups,
                                              std::vector<AnimationDesc>& animations, const BakeOptions& options,
                                              WarningLog& warnings) {
  const std::vector<std::size_t> baked = baked_animation_indices(scene);
  std::vector<std::vector<float>> tracks(baked.size() * kept_groups.size());
  for (std::size_t a = 0; a < baked.size() && a < animations.size(); ++a) {
    const Animation& anim = scene.animations[baked[a]];
    for (const Channel& ch : anim.channels) {
      if (ch.path != TargetPath::weights) continue;
      const std::string at = scene.model.string() + ": " + ch.where;
      const auto g = std::find_if(kept_groups.begin(), kept_groups.end(),
                                  [&](std::size_t k) { return sources.groups[k].node == ch.node; });
      if (g == kept_groups.end()) {
        warnings.warn("morph targets", ch.where, at + ": weights of " + (ch.node == kNone ? std::string("no node") : scene.nodes[std::size_t(ch.node)].where) +
                                           ", which has no baked mesh with morph targets; ignored");
        continue;
      }
      std::vector<float>& track = tracks[a * kept_groups.size() + std::size_t(g - kept_groups.begin())];
      if (!track.empty()) {
        warnings.warn("duplicate channel", at + ": node " + std::to_string(ch.node) + " weights are animated twice; the first channel is kept");
        continue;
      }
      const std::size_t target_count = sources.groups[*g].targets.size();
      const AnimationSampler& sampler = anim.samplers[std::size_t(ch.sampler)];
      track = morph_weight_keys(scene, sampler, target_count, options.resample_tolerance,
                                scene.model.string() + ": " + sampler.where);
      animations[a].duration = std::max(animations[a].duration, track[track.size() - 1 - target_count]);
    }
    for (std::size_t g = 0; g < kept_groups.size(); ++g) {  // times within the (float) duration
      std::vector<float>& track = tracks[a * kept_groups.size() + g];
      for (std::size_t k = 0; k < track.size(); k += 1 + sources.groups[kept_groups[g]].targets.size())
        track[k] = std::min(track[k], animations[a].duration);
    }
  }
  return tracks;
}

}  // namespace

MorphTargetsContent bake_morph_targets(const Scene& scene, const MorphSources& sources,
                                       std::span<const VertexStream> streams, std::size_t vertex_count,
                                       std::vector<AnimationDesc>& animations, const BakeOptions& options,
                                       WarningLog& warnings) {
  MorphTargetsContent out;
  const std::vector<MorphSourceValue> values = vertex_sources(streams, vertex_count);
  std::vector<std::size_t> kept;
  for (std::size_t g = 0; g < sources.groups.size(); ++g) {
    const auto tag = std::uint32_t(g + 1);
    std::uint32_t first = std::uint32_t(vertex_count), last = 0;
    for (std::uint32_t v = 0; v < vertex_count; ++v)
      if (values[v].group_plus_one == tag) first = std::min(first, v), last = std::max(last, v);
    if (first > last) continue;
    kept.push_back(g);
    const MorphSourceGroup& group = sources.groups[g];
    out.groups.push_back({group.name, std::uint32_t(group.targets.size())});
    for (const MorphSourceTarget& t : group.targets) out.targets.push_back(target_over(t, values, tag, first, last - first + 1));
  }
  out.weight_tracks = weight_tracks(scene, sources, kept, animations, options, warnings);
  return out;
}

}  // namespace aem::pipeline
