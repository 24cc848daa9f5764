#pragma once
// The `morph_targets` extension (specs/aem-extensions.md section 4): targets that move the
// vertices of the version-1 vertex section, their default weights, and weight animation beside
// the joint tracks. The records as they lie in the payload, and a view of them in place.
//
// Payload layout: a MorphTargetsHeader, then the arrays below in this order, each starting at the
// first multiple of 16 after the previous one ends (zero padding between): groups, targets,
// weight tracks, weight values (f32), deltas (3 × f32 each), sparse indices (u32), names (UTF-8).
// The payload ends at the first multiple of 16 after the names.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

class Model;

inline constexpr std::string_view kMorphTargetsExtension = "morph_targets";
inline constexpr std::uint32_t kMorphTargetsRecordVersion = 1;

// MorphTarget::attributes bits: which deltas a target stores, in this order, for each vertex it moves.
inline constexpr std::uint32_t kMorphPosition = 1;
inline constexpr std::uint32_t kMorphNormal = 2;
inline constexpr std::uint32_t kMorphTangent = 4;
// MorphTarget::first_sparse_index of a dense target.
inline constexpr std::uint32_t kMorphDense = 0xFFFFFFFFu;

struct MorphTargetsHeader {
  std::uint32_t group_count;
  std::uint32_t target_count;
  std::uint32_t weight_track_count;   // animation_count × group_count
  std::uint32_t weight_value_count;   // f32 values of all weight keys (a key: time, then its weights)
  std::uint32_t delta_count;          // 3 × f32 each
  std::uint32_t sparse_index_count;
  std::uint32_t text_size;            // bytes of UTF-8 names
  std::uint32_t reserved;             // 0
};

// The targets one source mesh instance drives together (glTF: a mesh's targets, one group per
// node that instances it). Its targets are consecutive.
struct MorphGroup {
  std::uint32_t first_target;
  std::uint32_t target_count;  // at least 1
  std::uint32_t name_offset;   // into the names: the node's name (may be empty)
  std::uint32_t name_length;
};

struct MorphTarget {
  std::uint32_t name_offset;
  std::uint32_t name_length;
  float default_weight;         // the weight when no animation sets it
  std::uint32_t attributes;     // kMorphPosition | kMorphNormal | kMorphTangent, at least one
  std::uint32_t first_vertex;   // the vertices the target may move: [first_vertex, first_vertex + vertex_span)
  std::uint32_t vertex_span;
  std::uint32_t first_delta;    // its deltas: moved vertices × attributes' popcount, from here
  std::uint32_t first_sparse_index;  // kMorphDense: every vertex of the span moves, in order
  std::uint32_t sparse_count;   // moved vertices of a sparse target (0 when dense)
  std::uint32_t reserved[3];    // 0
};

// The weights of one group in one animation: key_count keys from weight_values[first_value], each
// a time (seconds, ascending, in [0, duration]) followed by the group's target_count weights.
// Linear between keys; before the first and after the last, the end key holds. 0 keys: the
// default weights hold.
struct MorphWeightTrack {
  std::uint32_t first_value;
  std::uint32_t key_count;
};

static_assert(sizeof(MorphTargetsHeader) == 32 && sizeof(MorphGroup) == 16 && sizeof(MorphTarget) == 48 &&
              sizeof(MorphWeightTrack) == 8);
static_assert(offsetof(MorphTarget, default_weight) == 8 && offsetof(MorphTarget, first_vertex) == 16 &&
              offsetof(MorphTarget, first_delta) == 24 && offsetof(MorphTarget, sparse_count) == 32);
static_assert(kIsRecord<MorphTargetsHeader> && kIsRecord<MorphGroup> && kIsRecord<MorphTarget> &&
              kIsRecord<MorphWeightTrack>);

// The payload's arrays in place. Valid as long as the Model; checked at open unless the open was
// trusted (OpenOptions::validate = false).
struct MorphTargetsView {
  MorphTargetsHeader header{};
  std::span<const MorphGroup> groups;
  std::span<const MorphTarget> targets;
  std::span<const MorphWeightTrack> weight_tracks;  // animation-major: [animation × group_count + group]
  std::span<const float> weight_values;
  std::span<const float> deltas;                    // 3 × delta_count
  std::span<const std::uint32_t> sparse_indices;
  std::string_view names;
};

}  // namespace aem
