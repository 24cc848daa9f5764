#pragma once
// Builds morph_targets payloads (specs/aem-extensions.md section 4) byte by byte from a plain
// description, for the runtime's tests: the layout is written out here field by field, not taken
// from the runtime's records, so that the tests check the runtime against the spec.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"

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

// A model of `vertex_count` random vertices (positions in [-scale, scale], unit normals and
// tangents, both handednesses) with `target_count` random targets: every attribute combination,
// random spans, sparse ones (a random fifth of their span moved) where `sparse` says so, groups of
// up to 8 targets, no weight keys. The same for a seed.
struct MorphModel {
  pipeline::ModelContent content;
  MorphSpec spec;
};

inline void random_unit(std::mt19937& rng, float (&v)[3]) {
  std::normal_distribution<float> normal(0, 1);
  float length = 0;
  while (!(length > 1e-3f)) {
    for (float& c : v) c = normal(rng);
    length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  }
  for (float& c : v) c /= length;
}

inline void random_frame(std::mt19937& rng, Vertex& v) {
  random_unit(rng, v.normal);
  float axis[3];
  random_unit(rng, axis);
  const float* n = v.normal;
  float t[3] = {n[1] * axis[2] - n[2] * axis[1], n[2] * axis[0] - n[0] * axis[2], n[0] * axis[1] - n[1] * axis[0]};
  const float length = std::sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
  for (int k = 0; k < 3; ++k) v.tangent[k] = t[k] / length;
  const float handedness = rng() % 2 == 0 ? 1.0f : -1.0f;
  const float* u = v.tangent;
  const float b[3] = {n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]};
  for (int k = 0; k < 3; ++k) v.bitangent[k] = handedness * b[k];
}

inline MorphTargetSpec random_target(std::mt19937& rng, std::uint32_t vertex_count, float scale, bool sparse) {
  std::uniform_real_distribution<float> unit(-1, 1);
  MorphTargetSpec t;
  t.attributes = 1 + std::uint32_t(rng() % 7);
  t.first_vertex = std::uint32_t(rng() % vertex_count);
  t.vertex_span = 1 + std::uint32_t(rng() % (vertex_count - t.first_vertex));
  t.sparse = sparse;
  for (std::uint32_t v = t.first_vertex; v < t.first_vertex + t.vertex_span; ++v) {
    if (sparse && rng() % 5 != 0) continue;
    if (sparse) t.sparse_indices.push_back(v);
    for (std::uint32_t a = 1; a <= 4; a <<= 1) {
      if ((t.attributes & a) == 0) continue;
      const float size = a == 1 ? 0.1f * scale : 0.5f;
      for (int k = 0; k < 3; ++k) t.deltas.push_back(size * unit(rng));
    }
  }
  return t;
}

inline MorphModel random_morph_model(std::uint32_t seed, std::uint32_t vertex_count, std::uint32_t target_count,
                                     bool sparse, float scale = 10) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(-1, 1);
  MorphModel m;
  m.content = tiny_model();
  m.content.vertices.resize(vertex_count);
  for (Vertex& v : m.content.vertices) {
    v = Vertex{{scale * unit(rng), scale * unit(rng), scale * unit(rng)}, {}, {}, {}, {0.5f, 0.5f}, {0, -1, -1, -1}, {1, 0, 0, 0}};
    random_frame(rng, v);
  }
  for (std::uint32_t t = 0; t < target_count; ++t) {
    m.spec.targets.push_back(random_target(rng, vertex_count, scale, sparse && rng() % 2 == 0));
    m.spec.targets.back().name = "target " + std::to_string(t);
    m.spec.targets.back().default_weight = unit(rng);
  }
  for (std::uint32_t first = 0; first < target_count; first += 8) {
    m.spec.groups.push_back({"group " + std::to_string(first / 8), std::min(8u, target_count - first)});
  }
  m.spec.tracks.resize(m.content.animations.size() * m.spec.groups.size());
  return m;
}

}  // namespace aem::test
