#include "output/extensions/encode_morph_targets.hpp"

#include <limits>
#include <span>
#include <string>
#include <tuple>
#include <utility>

#include "aem/ext_morph_targets.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {
namespace {

[[noreturn]] void invalid(const std::string& what) { throw InvalidContent("morph_targets: " + what); }

std::uint32_t u32(std::size_t n, const char* what) {
  if (n > std::numeric_limits<std::uint32_t>::max()) invalid(std::string(what) + " past 32 bits");
  return std::uint32_t(n);
}


// The records' arrays, gathered in order, each checked against the content.
struct Arrays {
  MorphTargetsHeader header{};
  std::vector<MorphGroup> groups;
  std::vector<MorphTarget> targets;
  std::vector<MorphWeightTrack> tracks;
  std::vector<float> weight_values, deltas;
  std::vector<std::uint32_t> sparse;
  std::string names;
};

std::pair<std::uint32_t, std::uint32_t> add_name(Arrays& a, const std::string& name) {
  const auto offset = u32(a.names.size(), "names");
  a.names += name;
  return {offset, u32(name.size(), "a name")};
}

void add_target(Arrays& a, const MorphTargetContent& t, std::size_t index, std::size_t vertex_count) {
  const std::string at = "target " + std::to_string(index) + ": ";
  if (t.attributes == 0 || t.attributes > 7) invalid(at + "attributes " + std::to_string(t.attributes));
  if (t.vertex_span == 0 || std::uint64_t(t.first_vertex) + t.vertex_span > vertex_count)
    invalid(at + "vertices " + std::to_string(t.first_vertex) + "+" + std::to_string(t.vertex_span) +
            " outside the model's " + std::to_string(vertex_count));
  const std::size_t moved = t.dense ? t.vertex_span : t.sparse_indices.size();
  if (!t.dense)
    for (std::size_t i = 0; i < t.sparse_indices.size(); ++i)
      if (t.sparse_indices[i] < t.first_vertex || t.sparse_indices[i] - t.first_vertex >= t.vertex_span ||
          (i > 0 && t.sparse_indices[i] <= t.sparse_indices[i - 1]))
        invalid(at + "sparse index " + std::to_string(i) + " out of order or outside the span");
  if (t.deltas.size() != moved * 3 * std::size_t(std::popcount(t.attributes)))
    invalid(at + std::to_string(t.deltas.size()) + " delta floats for " + std::to_string(moved) + " moved vertices");
  MorphTarget r{};
  std::tie(r.name_offset, r.name_length) = add_name(a, t.name);
  r.default_weight = t.default_weight;
  r.attributes = t.attributes;
  r.first_vertex = t.first_vertex;
  r.vertex_span = t.vertex_span;
  r.first_delta = u32(a.deltas.size() / 3, "deltas");
  r.first_sparse_index = t.dense ? kMorphDense : u32(a.sparse.size(), "sparse indices");
  r.sparse_count = t.dense ? 0 : u32(t.sparse_indices.size(), "sparse indices");
  a.deltas.insert(a.deltas.end(), t.deltas.begin(), t.deltas.end());
  if (!t.dense) a.sparse.insert(a.sparse.end(), t.sparse_indices.begin(), t.sparse_indices.end());
  a.targets.push_back(r);
}

Arrays gather(const ModelContent& content) {
  const MorphTargetsContent& m = content.extensions.morph_targets;
  Arrays a;
  std::size_t first_target = 0;
  for (const MorphGroupContent& g : m.groups) {
    if (g.target_count == 0) invalid("group " + std::to_string(a.groups.size()) + " has no targets");
    MorphGroup r{u32(first_target, "targets"), g.target_count, 0, 0};
    std::tie(r.name_offset, r.name_length) = add_name(a, g.name);
    a.groups.push_back(r);
    first_target += g.target_count;
  }
  if (first_target != m.targets.size())
    invalid("the groups hold " + std::to_string(first_target) + " targets, not " + std::to_string(m.targets.size()));
  for (std::size_t t = 0; t < m.targets.size(); ++t) add_target(a, m.targets[t], t, content.vertices.size());
  if (m.weight_tracks.size() != content.animations.size() * m.groups.size())
    invalid(std::to_string(m.weight_tracks.size()) + " weight tracks for " + std::to_string(content.animations.size()) +
            " animations x " + std::to_string(m.groups.size()) + " groups");
  for (std::size_t i = 0; i < m.weight_tracks.size(); ++i) {
    const std::vector<float>& track = m.weight_tracks[i];
    const std::size_t per_key = 1 + a.groups[i % a.groups.size()].target_count;
    if (track.size() % per_key != 0) invalid("weight track " + std::to_string(i) + " is not whole keys");
    a.tracks.push_back({u32(a.weight_values.size(), "weight values"), u32(track.size() / per_key, "weight keys")});
    a.weight_values.insert(a.weight_values.end(), track.begin(), track.end());
  }
  a.header = {u32(a.groups.size(), "groups"), u32(a.targets.size(), "targets"), u32(a.tracks.size(), "weight tracks"),
              u32(a.weight_values.size(), "weight values"), u32(a.deltas.size() / 3, "deltas"),
              u32(a.sparse.size(), "sparse indices"), u32(a.names.size(), "names"), 0};
  return a;
}

// Appends `values` at the next multiple of 16 (every array of the payload is 16-aligned).
template <class T>
void append_aligned(std::vector<std::byte>& out, std::span<const T> values) {
  pad_to_16(out);
  append_array(out, values);
}

}  // namespace

ExtensionPayload encode_morph_targets(const ModelContent& content) {
  const Arrays a = gather(content);
  ExtensionPayload payload{std::string(kMorphTargetsExtension), false, kMorphTargetsRecordVersion, {}};
  std::vector<std::byte>& out = payload.bytes;
  append_record(out, a.header);
  append_aligned(out, std::span<const MorphGroup>(a.groups));
  append_aligned(out, std::span<const MorphTarget>(a.targets));
  append_aligned(out, std::span<const MorphWeightTrack>(a.tracks));
  append_aligned(out, std::span<const float>(a.weight_values));
  append_aligned(out, std::span<const float>(a.deltas));
  append_aligned(out, std::span<const std::uint32_t>(a.sparse));
  append_aligned(out, std::span<const char>(a.names));
  pad_to_16(out);
  return payload;
}

}  // namespace aem::pipeline
