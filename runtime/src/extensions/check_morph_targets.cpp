// The morph_targets payload's rules (specs/aem-extensions.md section 4, and section 8 for what
// the checker decides): the layout its header's counts give, zero padding and reserved fields,
// groups that cover the targets in order, targets whose vertices, deltas and sparse indices lie
// where they may, weight tracks for every (animation, group), finite floats and UTF-8 names.
// Linear in the payload's size; every sum over 32-bit fields is 64-bit.
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>

#include "aem/ext_morph_targets.hpp"
#include "extensions/float_scan.hpp"
#include "extensions/morph_targets_view.hpp"
#include "extensions/payload_checks.hpp"
#include "validation/text.hpp"

namespace aem::detail {
namespace {

using std::to_string;

constexpr std::uint32_t kAllAttributes = kMorphPosition | kMorphNormal | kMorphTangent;

class MorphChecker {
 public:
  MorphChecker(const PayloadInput& in, const MorphTargetsView& view)
      : in_(in), v_(view), at_(morph_targets_layout(view.header)) {}

  std::optional<Error> run() {
    if (auto e = padding()) return e;
    if (auto e = groups()) return e;
    if (auto e = targets()) return e;
    if (auto e = sparse_indices()) return e;
    if (auto e = weight_tracks()) return e;
    return finite_deltas();
  }

 private:
  Error fail(std::uint64_t at, const std::string& message) const { return payload_problem(in_, at, message); }

  template <class Record>
  static std::uint64_t field(std::uint64_t array, std::uint64_t index, std::size_t offset) {
    return array + index * sizeof(Record) + offset;
  }

  // Each array's padding up to the next one, and the names' up to the payload's end.
  std::optional<Error> padding() const {
    const MorphTargetsHeader& h = v_.header;
    const std::uint64_t ends[] = {at_.groups + std::uint64_t{h.group_count} * sizeof(MorphGroup),
                                  at_.targets + std::uint64_t{h.target_count} * sizeof(MorphTarget),
                                  at_.weight_tracks + std::uint64_t{h.weight_track_count} * sizeof(MorphWeightTrack),
                                  at_.weight_values + std::uint64_t{h.weight_value_count} * 4,
                                  at_.deltas + std::uint64_t{h.delta_count} * 12,
                                  at_.sparse_indices + std::uint64_t{h.sparse_index_count} * 4,
                                  at_.names + h.text_size};
    const std::uint64_t starts[] = {at_.targets, at_.weight_tracks, at_.weight_values, at_.deltas,
                                    at_.sparse_indices, at_.names, at_.end};
    static constexpr const char* kArrays[] = {"groups", "targets", "weight tracks", "weight values",
                                              "deltas", "sparse indices", "names"};
    for (std::size_t a = 0; a < std::size(ends); ++a) {
      for (std::uint64_t b = ends[a]; b < starts[a]; ++b) {
        if (in_.payload[b] != std::byte{0}) return fail(b, std::string("padding after the ") + kArrays[a] + " is not zero");
      }
    }
    return std::nullopt;
  }

  // A name's offset and length inside the text, and valid UTF-8 without NUL.
  std::optional<Error> name(std::uint64_t at, const std::string& what, std::uint32_t offset, std::uint32_t length) const {
    if (std::uint64_t{offset} + length > v_.names.size()) {
      return fail(at, what + " name: bytes [" + to_string(offset) + ", " + to_string(std::uint64_t{offset} + length) +
                          ") run past the " + to_string(v_.names.size()) + " bytes of text");
    }
    const std::string_view text = v_.names.substr(offset, length);
    if (!is_utf8(text) || text.find('\0') != std::string_view::npos) return fail(at, what + " name: not valid UTF-8 without NUL");
    return std::nullopt;
  }

  std::optional<Error> groups() const {
    std::uint64_t next = 0;  // the first target the next group must start at
    for (std::size_t g = 0; g < v_.groups.size(); ++g) {
      const MorphGroup& group = v_.groups[g];
      const std::string what = "group " + to_string(g);
      if (group.first_target != next) {
        return fail(field<MorphGroup>(at_.groups, g, offsetof(MorphGroup, first_target)),
                    what + " first_target: " + to_string(group.first_target) + ", but the groups cover the targets in order: " +
                        to_string(next));
      }
      if (group.target_count == 0 || next + group.target_count > v_.targets.size()) {
        return fail(field<MorphGroup>(at_.groups, g, offsetof(MorphGroup, target_count)),
                    what + " target_count: " + to_string(group.target_count) + " (1 to the " +
                        to_string(v_.targets.size() - next) + " targets left)");
      }
      next += group.target_count;
      if (auto e = name(field<MorphGroup>(at_.groups, g, offsetof(MorphGroup, name_offset)), what, group.name_offset,
                        group.name_length))
        return e;
    }
    if (next != v_.targets.size() || next == 0) {
      return fail(4, "target_count: " + to_string(v_.targets.size()) + ", but the groups hold " + to_string(next) +
                         " (at least 1, each in one group)");
    }
    return std::nullopt;
  }

  std::optional<Error> target(std::size_t t, std::uint64_t& next_delta, std::uint64_t& next_sparse) const {
    const MorphTarget& target = v_.targets[t];
    const auto at = [&](std::size_t offset) { return field<MorphTarget>(at_.targets, t, offset); };
    const std::string what = "target " + to_string(t);
    if (auto e = name(at(offsetof(MorphTarget, name_offset)), what, target.name_offset, target.name_length)) return e;
    if (!std::isfinite(target.default_weight)) return fail(at(offsetof(MorphTarget, default_weight)), what + " default_weight: not finite");
    if (target.attributes == 0 || (target.attributes & ~kAllAttributes) != 0) {
      return fail(at(offsetof(MorphTarget, attributes)),
                  what + " attributes: " + to_string(target.attributes) + " (bits 0 to 2 only: position, normal, tangent; at least one)");
    }
    const std::uint64_t vertex_count = in_.model.vertices.size();
    if (std::uint64_t{target.first_vertex} + target.vertex_span > vertex_count) {
      return fail(at(offsetof(MorphTarget, vertex_span)),
                  what + " vertices: [" + to_string(target.first_vertex) + ", " +
                      to_string(std::uint64_t{target.first_vertex} + target.vertex_span) + ") run past the model's " +
                      to_string(vertex_count) + " vertices");
    }
    for (int r = 0; r < 3; ++r) {
      if (target.reserved[r] != 0) return fail(at(offsetof(MorphTarget, reserved) + 4 * std::size_t(r)), what + " reserved: not 0");
    }
    if (is_sparse(target)) {
      if (target.first_sparse_index != next_sparse) {
        return fail(at(offsetof(MorphTarget, first_sparse_index)),
                    what + " first_sparse_index: " + to_string(target.first_sparse_index) +
                        ", but sparse targets' indices follow each other in order: " + to_string(next_sparse));
      }
      next_sparse += target.sparse_count;
      if (target.sparse_count > target.vertex_span || next_sparse > v_.sparse_indices.size()) {
        return fail(at(offsetof(MorphTarget, sparse_count)),
                    what + " sparse_count: " + to_string(target.sparse_count) + " (at most its span of " +
                        to_string(target.vertex_span) + ", inside the " + to_string(v_.sparse_indices.size()) + " sparse indices)");
      }
    } else if (target.sparse_count != 0) {
      return fail(at(offsetof(MorphTarget, sparse_count)), what + " sparse_count: " + to_string(target.sparse_count) + ", but the target is dense");
    }
    if (target.first_delta != next_delta) {
      return fail(at(offsetof(MorphTarget, first_delta)),
                  what + " first_delta: " + to_string(target.first_delta) + ", but targets' deltas follow each other in order: " +
                      to_string(next_delta));
    }
    next_delta += std::uint64_t{moved_vertex_count(target)} * morph_attribute_count(target);
    if (next_delta > v_.header.delta_count) {
      return fail(at(offsetof(MorphTarget, first_delta)),
                  what + " deltas: [" + to_string(target.first_delta) + ", " + to_string(next_delta) + ") run past the " +
                      to_string(v_.header.delta_count) + " deltas");
    }
    return std::nullopt;
  }

  std::optional<Error> targets() const {
    std::uint64_t next_delta = 0, next_sparse = 0;
    for (std::size_t t = 0; t < v_.targets.size(); ++t) {
      if (auto e = target(t, next_delta, next_sparse)) return e;
    }
    if (next_delta != v_.header.delta_count) {
      return fail(16, "delta_count: " + to_string(v_.header.delta_count) + ", but the targets hold " + to_string(next_delta));
    }
    if (next_sparse != v_.sparse_indices.size()) {
      return fail(20, "sparse_index_count: " + to_string(v_.sparse_indices.size()) + ", but the sparse targets hold " +
                          to_string(next_sparse));
    }
    return std::nullopt;
  }

  std::optional<Error> sparse_indices() const {
    for (std::size_t t = 0; t < v_.targets.size(); ++t) {
      const MorphTarget& target = v_.targets[t];
      const std::span<const std::uint32_t> indices = v_.sparse_indices_of(target);
      const std::uint64_t end = std::uint64_t{target.first_vertex} + target.vertex_span;
      for (std::size_t i = 0; i < indices.size(); ++i) {
        const std::uint64_t at = at_.sparse_indices + (std::uint64_t{target.first_sparse_index} + i) * 4;
        if (indices[i] < target.first_vertex || indices[i] >= end) {
          return fail(at, "target " + to_string(t) + " sparse index " + to_string(i) + ": vertex " + to_string(indices[i]) +
                              " is outside its span [" + to_string(target.first_vertex) + ", " + to_string(end) + ")");
        }
        if (i > 0 && indices[i] <= indices[i - 1]) {
          return fail(at, "target " + to_string(t) + " sparse index " + to_string(i) + ": vertex " + to_string(indices[i]) +
                              " does not come after " + to_string(indices[i - 1]) + " (strictly ascending)");
        }
      }
    }
    return std::nullopt;
  }

  // One track's keys: inside the values, in order after the previous track's, with finite
  // weights and finite ascending times in [0, duration].
  std::optional<Error> weight_track(std::size_t k, std::uint64_t& next_value) const {
    const std::size_t group_count = v_.groups.size();
    const MorphWeightTrack& track = v_.weight_tracks[k];
    const MorphGroup& group = v_.groups[k % group_count];
    const Animation& animation = in_.model.animations[k / group_count];
    const std::string what = "weight track " + to_string(k) + " (animation " + to_string(k / group_count) + ", group " +
                             to_string(k % group_count) + ")";
    const std::uint64_t key_size = 1 + std::uint64_t{group.target_count};
    if (track.first_value != next_value) {
      return fail(field<MorphWeightTrack>(at_.weight_tracks, k, offsetof(MorphWeightTrack, first_value)),
                  what + " first_value: " + to_string(track.first_value) + ", but tracks' keys follow each other in order: " +
                      to_string(next_value));
    }
    next_value += track.key_count * key_size;
    if (next_value > v_.weight_values.size()) {
      return fail(field<MorphWeightTrack>(at_.weight_tracks, k, offsetof(MorphWeightTrack, key_count)),
                  what + " key_count: " + to_string(track.key_count) + " keys of " + to_string(key_size) + " values run past the " +
                      to_string(v_.weight_values.size()) + " weight values");
    }
    const std::span<const float> values = v_.key_values(track, group);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const std::uint64_t at = at_.weight_values + (std::uint64_t{track.first_value} + i) * 4;
      if (!std::isfinite(values[i])) return fail(at, what + " value " + to_string(i) + ": not finite");
      if (i % key_size != 0) continue;
      const float time = values[i];
      const std::string key = what + " key " + to_string(i / key_size) + " time " + format_float(time);
      if (time < 0 || time > animation.duration) return fail(at, key + ": outside the animation [0, " + format_float(animation.duration) + "]");
      if (i > 0 && time < values[i - key_size]) return fail(at, key + ": before the previous key's " + format_float(values[i - key_size]));
    }
    return std::nullopt;
  }

  std::optional<Error> weight_tracks() const {
    const std::uint64_t expected = std::uint64_t{in_.model.animations.size()} * v_.groups.size();
    if (v_.weight_tracks.size() != expected) {
      return fail(8, "weight_track_count: " + to_string(v_.weight_tracks.size()) + ", but animation_count " +
                         to_string(in_.model.animations.size()) + " x group_count " + to_string(v_.groups.size()) + " = " +
                         to_string(expected));
    }
    std::uint64_t next_value = 0;
    for (std::size_t k = 0; k < v_.weight_tracks.size(); ++k) {
      if (auto e = weight_track(k, next_value)) return e;
    }
    if (next_value != v_.weight_values.size()) {
      return fail(12, "weight_value_count: " + to_string(v_.weight_values.size()) + ", but the tracks' keys hold " + to_string(next_value));
    }
    return std::nullopt;
  }

  std::optional<Error> finite_deltas() const {
    const std::size_t i = first_non_finite(reinterpret_cast<const std::byte*>(v_.deltas.data()), v_.deltas.size());
    if (i == v_.deltas.size()) return std::nullopt;
    return fail(at_.deltas + 4 * std::uint64_t{i}, "delta " + to_string(i / 3) + " component " + to_string(i % 3) + ": not finite");
  }

  const PayloadInput& in_;
  const MorphTargetsView& v_;
  MorphTargetsLayout at_;
};

}  // namespace

std::optional<Error> check_morph_targets(const PayloadInput& in) {
  const std::optional<MorphTargetsView> view = view_morph_targets(in.payload);
  if (!view) {
    if (in.payload.size() < sizeof(MorphTargetsHeader)) {
      return payload_problem(in, 0, "header: the payload's " + to_string(in.payload.size()) + " bytes cannot hold its 32");
    }
    MorphTargetsHeader header;
    std::memcpy(&header, in.payload.data(), sizeof header);
    return payload_problem(in, 0, "header counts: they lay out " + to_string(morph_targets_layout(header).end) +
                                      " bytes, but the payload has " + to_string(in.payload.size()));
  }
  if (view->header.reserved != 0) return payload_problem(in, 28, "reserved: " + to_string(view->header.reserved) + ", not 0");
  return MorphChecker(in, *view).run();
}

}  // namespace aem::detail
