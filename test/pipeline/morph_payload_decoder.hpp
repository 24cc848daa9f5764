#pragma once
// The tests' own reading of a `morph_targets` payload (specs/aem-extensions.md section 4), written
// from the spec's layout and independent of the runtime's view: each target's deltas expanded to
// one 9-float row (position, normal, tangent) per vertex of the model, zero where it stores none.
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "aem/ext_morph_targets.hpp"

namespace aem::test {

struct DecodedMorphs {
  MorphTargetsHeader header{};
  std::vector<MorphGroup> groups;
  std::vector<MorphTarget> targets;
  std::vector<MorphWeightTrack> tracks;
  std::vector<float> weight_values, deltas;
  std::vector<std::uint32_t> sparse;
  std::string names;
  std::string name(std::uint32_t offset, std::uint32_t length) const { return names.substr(offset, length); }
  // Target t's deltas for every vertex of a model of `vertex_count` vertices, 9 floats each.
  std::vector<float> expanded(std::size_t t, std::size_t vertex_count) const {
    const MorphTarget& r = targets[t];
    std::vector<float> out(vertex_count * 9, 0.0f);
    const std::uint32_t moved = r.first_sparse_index == kMorphDense ? r.vertex_span : r.sparse_count;
    std::size_t delta = r.first_delta;
    for (std::uint32_t i = 0; i < moved; ++i) {
      const std::uint32_t v = r.first_sparse_index == kMorphDense ? r.first_vertex + i : sparse[r.first_sparse_index + i];
      for (std::uint32_t a = 0; a < 3; ++a)
        if (r.attributes & (1u << a)) {
          for (std::size_t c = 0; c < 3; ++c) out[v * 9 + a * 3 + c] = deltas[delta * 3 + c];
          ++delta;
        }
    }
    return out;
  }
};

// Decodes the arrays at the offsets the layout gives; `size_problem` says where the payload's size
// disagrees with its header (empty when it matches).
inline DecodedMorphs decode_morphs(std::span<const std::byte> payload, std::string& size_problem) {
  DecodedMorphs d;
  std::size_t at = 0;
  auto take = [&](auto& vec, std::size_t count) {
    using T = typename std::remove_reference_t<decltype(vec)>::value_type;
    at = (at + 15) & ~std::size_t(15);
    if (at + count * sizeof(T) > payload.size()) {
      size_problem = "array at " + std::to_string(at) + " past the payload";
      return;
    }
    vec.resize(count);
    if (count) std::memcpy(vec.data(), payload.data() + at, count * sizeof(T));
    at += count * sizeof(T);
  };
  if (payload.size() < sizeof d.header) {
    size_problem = "shorter than its header";
    return d;
  }
  std::memcpy(&d.header, payload.data(), sizeof d.header);
  at = sizeof d.header;
  take(d.groups, d.header.group_count);
  take(d.targets, d.header.target_count);
  take(d.tracks, d.header.weight_track_count);
  take(d.weight_values, d.header.weight_value_count);
  take(d.deltas, std::size_t(d.header.delta_count) * 3);
  take(d.sparse, d.header.sparse_index_count);
  take(d.names, d.header.text_size);
  if (size_problem.empty() && ((at + 15) & ~std::size_t(15)) != payload.size())
    size_problem = "payload of " + std::to_string(payload.size()) + " bytes, layout ends at " + std::to_string(at);
  return d;
}

}  // namespace aem::test
