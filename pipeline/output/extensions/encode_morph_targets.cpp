#include "output/extensions/encode_morph_targets.hpp"

#include <bit>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

#include "aem/ext_morph_targets.hpp"
#include "aem/extension_format.hpp"
#include "aem/pipeline/model_writer.hpp"

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

// Appends `bytes` bytes from `data` at the next multiple of 16; 4-byte words (every record here
// is made of u32 and f32) turned little-endian unless `text`.
void append_aligned(std::vector<std::byte>& out, const void* data, std::size_t bytes, bool text = false) {
  out.resize(std::size_t(align16(out.size())), std::byte{0});
  const std::size_t at = out.size();
  out.resize(at + bytes);
  if (bytes > 0) std::memcpy(out.data() + at, data, bytes);
  if constexpr (std::endian::native == std::endian::big)
    for (std::size_t i = at; !text && i + 4 <= out.size(); i += 4) {
      std::swap(out[i], out[i + 3]);
      std::swap(out[i + 1], out[i + 2]);
    }
}

}  // namespace

ExtensionPayload encode_morph_targets(const ModelContent& content) {
  const Arrays a = gather(content);
  ExtensionPayload payload{std::string(kMorphTargetsExtension), false, kMorphTargetsRecordVersion, {}};
  std::vector<std::byte>& out = payload.bytes;
  append_aligned(out, &a.header, sizeof a.header);
  append_aligned(out, a.groups.data(), a.groups.size() * sizeof(MorphGroup));
  append_aligned(out, a.targets.data(), a.targets.size() * sizeof(MorphTarget));
  append_aligned(out, a.tracks.data(), a.tracks.size() * sizeof(MorphWeightTrack));
  append_aligned(out, a.weight_values.data(), a.weight_values.size() * sizeof(float));
  append_aligned(out, a.deltas.data(), a.deltas.size() * sizeof(float));
  append_aligned(out, a.sparse.data(), a.sparse.size() * sizeof(std::uint32_t));
  append_aligned(out, a.names.data(), a.names.size(), true);
  out.resize(std::size_t(align16(out.size())), std::byte{0});
  return payload;
}

}  // namespace aem::pipeline
