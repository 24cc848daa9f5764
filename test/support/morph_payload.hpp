#pragma once
// Builds morph_targets payloads (specs/aem-extensions.md section 4) byte by byte from a plain
// description, for the runtime's tests: the layout is written out here field by field, not taken
// from the runtime's records, so that the tests check the runtime against the spec.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace aem::test {

struct MorphTargetSpec {
  std::string name;
  float default_weight = 0;
  std::uint32_t attributes = 1;  // bit 0 position, 1 normal, 2 tangent
  std::uint32_t first_vertex = 0;
  std::uint32_t vertex_span = 0;
  bool sparse = false;
  std::vector<std::uint32_t> sparse_indices;
  std::vector<float> deltas;  // 3 floats per attribute per moved vertex
};

struct MorphGroupSpec {
  std::string name;
  std::uint32_t target_count = 0;
};

struct MorphSpec {
  std::vector<MorphGroupSpec> groups;
  std::vector<MorphTargetSpec> targets;
  // Animation-major, one per (animation, group): its keys' values (time, then the group's weights).
  std::vector<std::vector<float>> tracks;
};

namespace morph_bytes {
inline void u32(std::vector<std::byte>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(std::byte(v >> (8 * i) & 0xFF));
}
inline void f32(std::vector<std::byte>& out, float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  u32(out, bits);
}
inline void pad16(std::vector<std::byte>& out) {
  while (out.size() % 16 != 0) out.push_back(std::byte{0});
}
}  // namespace morph_bytes

inline std::vector<std::byte> morph_payload(const MorphSpec& spec) {
  using namespace morph_bytes;
  std::string text;
  std::vector<std::byte> groups, targets, tracks, values, deltas, sparse;
  const auto name = [&](std::vector<std::byte>& out, const std::string& n) {
    u32(out, std::uint32_t(text.size()));
    u32(out, std::uint32_t(n.size()));
    text += n;
  };
  std::uint32_t first_target = 0;
  for (const MorphGroupSpec& g : spec.groups) {
    u32(groups, first_target);
    u32(groups, g.target_count);
    name(groups, g.name);
    first_target += g.target_count;
  }
  std::uint32_t delta_count = 0, sparse_count = 0;
  for (const MorphTargetSpec& t : spec.targets) {
    name(targets, t.name);
    f32(targets, t.default_weight);
    u32(targets, t.attributes);
    u32(targets, t.first_vertex);
    u32(targets, t.vertex_span);
    u32(targets, delta_count);
    u32(targets, t.sparse ? sparse_count : 0xFFFFFFFFu);
    u32(targets, t.sparse ? std::uint32_t(t.sparse_indices.size()) : 0);
    for (int r = 0; r < 3; ++r) u32(targets, 0);
    for (float d : t.deltas) f32(deltas, d);
    for (std::uint32_t i : t.sparse_indices) u32(sparse, i);
    delta_count += std::uint32_t(t.deltas.size() / 3);
    sparse_count += std::uint32_t(t.sparse_indices.size());
  }
  std::uint32_t value_count = 0;
  for (std::size_t k = 0; k < spec.tracks.size(); ++k) {
    const std::uint32_t key_size = 1 + spec.groups[k % spec.groups.size()].target_count;
    u32(tracks, value_count);
    u32(tracks, std::uint32_t(spec.tracks[k].size() / key_size));
    for (float v : spec.tracks[k]) f32(values, v);
    value_count += std::uint32_t(spec.tracks[k].size());
  }
  std::vector<std::byte> out;
  for (std::uint32_t v : {std::uint32_t(spec.groups.size()), std::uint32_t(spec.targets.size()),
                          std::uint32_t(spec.tracks.size()), value_count, delta_count, sparse_count,
                          std::uint32_t(text.size()), 0u})
    u32(out, v);
  for (const std::vector<std::byte>* array : {&groups, &targets, &tracks, &values, &deltas, &sparse}) {
    out.insert(out.end(), array->begin(), array->end());
    pad16(out);
  }
  for (char c : text) out.push_back(std::byte(c));
  pad16(out);
  return out;
}

// `content` written with `payload` as its morph_targets extension, without the writer's check.
inline std::vector<std::byte> with_morph_payload(const pipeline::ModelContent& content, std::vector<std::byte> payload) {
  std::vector<std::byte> file = pipeline::serialize_model(content);
  const pipeline::ExtensionPayload extension{"morph_targets", false, 1, std::move(payload)};
  pipeline::append_extension_area(file, {&extension, 1});
  return file;
}

}  // namespace aem::test
