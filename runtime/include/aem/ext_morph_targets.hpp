#pragma once
// The `morph_targets` extension (specs/aem-extensions.md section 4): targets that move the
// vertices of the version-1 vertex section, their default weights, and weight animation beside
// the joint tracks. The records as they lie in the payload, and a view of them in place.
//
// Payload layout: a MorphTargetsHeader, then the arrays below in this order, each starting at the
// first multiple of 16 after the previous one ends (zero padding between): groups, targets,
// weight tracks, weight values (f32), deltas (3 × f32 each), sparse indices (u32), names (UTF-8).
// The payload ends at the first multiple of 16 after the names.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/export.h"
#include "aem/extension_format.hpp"
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

// Where each array of a payload with these counts starts (bytes from the payload's start), and
// where the payload ends: the layout above, in 64-bit sums (32-bit counts cannot overflow them).
struct MorphTargetsLayout {
  std::uint64_t groups, targets, weight_tracks, weight_values, deltas, sparse_indices, names, end;
};
constexpr MorphTargetsLayout morph_targets_layout(const MorphTargetsHeader& h) {
  MorphTargetsLayout at{};
  at.groups = sizeof(MorphTargetsHeader);
  at.targets = align16(at.groups + std::uint64_t{h.group_count} * sizeof(MorphGroup));
  at.weight_tracks = align16(at.targets + std::uint64_t{h.target_count} * sizeof(MorphTarget));
  at.weight_values = align16(at.weight_tracks + std::uint64_t{h.weight_track_count} * sizeof(MorphWeightTrack));
  at.deltas = align16(at.weight_values + std::uint64_t{h.weight_value_count} * sizeof(float));
  at.sparse_indices = align16(at.deltas + std::uint64_t{h.delta_count} * 3 * sizeof(float));
  at.names = align16(at.sparse_indices + std::uint64_t{h.sparse_index_count} * sizeof(std::uint32_t));
  at.end = align16(at.names + h.text_size);
  return at;
}

// How many attributes (position, normal, tangent) a target stores per moved vertex.
constexpr std::uint32_t morph_attribute_count(const MorphTarget& target) {
  return std::uint32_t(std::popcount(target.attributes & (kMorphPosition | kMorphNormal | kMorphTangent)));
}
constexpr bool is_sparse(const MorphTarget& target) { return target.first_sparse_index != kMorphDense; }
// The vertices a target moves: its sparse count, or its whole span when dense.
constexpr std::uint32_t moved_vertex_count(const MorphTarget& target) {
  return is_sparse(target) ? target.sparse_count : target.vertex_span;
}

// The payload's arrays in place. Valid as long as the Model; checked at open unless the open was
// trusted (OpenOptions::validate = false). The helpers assume a checked payload (indices in range).
struct MorphTargetsView {
  MorphTargetsHeader header{};
  std::span<const MorphGroup> groups;
  std::span<const MorphTarget> targets;
  std::span<const MorphWeightTrack> weight_tracks;  // animation-major: [animation × group_count + group]
  std::span<const float> weight_values;
  std::span<const float> deltas;                    // 3 × delta_count
  std::span<const std::uint32_t> sparse_indices;
  std::string_view names;

  std::string_view name(const MorphTarget& target) const {
    return names.substr(target.name_offset, target.name_length);
  }
  std::string_view name(const MorphGroup& group) const { return names.substr(group.name_offset, group.name_length); }
  // The group `target` (an index) belongs to.
  std::uint32_t group_of(std::uint32_t target) const {
    std::size_t low = 0, high = groups.size();  // the last group starting at or before target
    while (high - low > 1) {
      const std::size_t mid = (low + high) / 2;
      (groups[mid].first_target <= target ? low : high) = mid;
    }
    return std::uint32_t(low);
  }
  // Its deltas: for each moved vertex, 3 floats per stored attribute (position, normal, tangent).
  std::span<const float> deltas_of(const MorphTarget& target) const {
    return deltas.subspan(std::size_t{target.first_delta} * 3,
                          std::size_t{moved_vertex_count(target)} * morph_attribute_count(target) * 3);
  }
  // The vertices a sparse target moves, ascending; empty for a dense one.
  std::span<const std::uint32_t> sparse_indices_of(const MorphTarget& target) const {
    if (!is_sparse(target)) return {};
    return sparse_indices.subspan(target.first_sparse_index, target.sparse_count);
  }
  // The weights of `group` in `animation`, and a track's keys as values: key k is
  // values[k × (1 + n)] (its time) followed by the group's n weights.
  const MorphWeightTrack& weight_track(std::uint32_t animation, std::uint32_t group) const {
    return weight_tracks[std::size_t{animation} * groups.size() + group];
  }
  std::span<const float> key_values(const MorphWeightTrack& track, const MorphGroup& group) const {
    return weight_values.subspan(track.first_value, std::size_t{track.key_count} * (1 + group.target_count));
  }
};

// The morph targets of `model` in place (nothing copied or allocated); nullopt when the file has
// no morph_targets extension, or (only a trusted open lets one through) its header's layout does
// not match its payload's size.
AEM_API std::optional<MorphTargetsView> morph_targets_of(const Model& model);

}  // namespace aem
