// Strict validation: data that is in bounds but not what the format promises. Assumes
// check_structure() passed, so every index may be followed without further checks.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "aem/mip_chain.hpp"
#include "aem/validation.hpp"
#include "validation/problem.hpp"
#include "validation/text.hpp"

namespace aem {
namespace {

using detail::field_offset;
using detail::format_float;
using detail::is_utf8;
using detail::problem;
using std::to_string;

constexpr float kUnitTolerance = 1e-3f;    // |length - 1| for normals, tangents, quaternions
constexpr float kWeightTolerance = 1e-3f;  // |sum - 1| for joint weights

bool all_finite(const float* values, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (!std::isfinite(values[i])) return false;
  }
  return true;
}

float length(const float* v, std::size_t count) {
  float sum = 0;
  for (std::size_t i = 0; i < count; ++i) sum += v[i] * v[i];
  return std::sqrt(sum);
}

// Marks every element inside any of `ranges` ([begin, end), sorted here) once: linear in the
// elements however much the ranges overlap.
void mark_covered(std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges, std::vector<bool>& used) {
  std::sort(ranges.begin(), ranges.end());
  std::uint64_t marked = 0;  // elements before this are marked or in no range
  for (const auto& [begin, end] : ranges) {
    for (std::uint64_t i = std::max(begin, marked); i < end; ++i) used[i] = true;
    marked = std::max(marked, end);
  }
}

constexpr const char* kKinds[] = {"translation", "rotation", "scale"};

class SemanticChecker : detail::Checker {
 public:
  SemanticChecker(const ModelView& model, const ProblemSink& report) : Checker(model, report) {}

  bool run() {
    (void)(check_vertices() && check_joints() && check_animations() && check_tracks() &&
           check_unused());
    return clean_;
  }

 private:
  bool check_vertices() {
    for (std::size_t i = 0; i < m_.vertices.size(); ++i) {
      const Vertex& v = m_.vertices[i];
      const auto at = [&](std::size_t field) {
        return field_offset<Vertex>(m_.offsets.vertices, i, field);
      };
      if (!all_finite(v.position, 14) || !all_finite(v.weights, 4)) {
        if (!fail(problem(ErrorCode::not_finite, Section::vertices, i, at(0),
                          "a position, normal, tangent, bitangent, UV or weight is NaN or "
                          "infinite"))) {
          return false;
        }
        continue;
      }
      for (const auto& [field, offset, what] :
           {std::tuple{v.normal, offsetof(Vertex, normal), "normal"},
            std::tuple{v.tangent, offsetof(Vertex, tangent), "tangent"},
            std::tuple{v.bitangent, offsetof(Vertex, bitangent), "bitangent"}}) {
        const float len = length(field, 3);
        if (std::abs(len - 1.0f) > kUnitTolerance &&
            !fail(problem(ErrorCode::not_unit_length, Section::vertices, i, at(offset),
                          std::string(what) + " has length " + format_float(len) +
                              ", not 1"))) {
          return false;
        }
      }
      if (!check_weights(i, v, at(offsetof(Vertex, weights)))) return false;
    }
    return true;
  }

  bool check_weights(std::size_t i, const Vertex& v, std::uint64_t offset) {
    float sum = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      const float w = v.weights[k];
      std::string wrong;
      if (w < 0 || w > 1) {
        wrong = "weight " + to_string(k) + " is " + format_float(w) + ", outside [0, 1]";
      } else if (v.joints[k] == -1 && w != 0) {
        wrong = "slot " + to_string(k) + " has no joint but weight " + format_float(w);
      }
      if (!wrong.empty() && !fail(problem(ErrorCode::bad_weights, Section::vertices, i,
                                          offset + 4 * k, wrong))) {
        return false;
      }
      sum += w;
    }
    if (sum != 0 && std::abs(sum - 1.0f) > kWeightTolerance) {
      return fail(problem(ErrorCode::bad_weights, Section::vertices, i, offset,
                          "weights sum to " + format_float(sum) + ", neither 1 nor 0"));
    }
    return true;
  }

  bool check_name(Section section, std::uint64_t index, std::uint64_t offset, const char* name) {
    const std::size_t length = std::strlen(name);  // structure checks found the NUL
    if (!is_utf8(std::string_view(name, length)) &&
        !fail(problem(ErrorCode::name_padding, section, index, offset,
                      "name is not valid UTF-8"))) {
      return false;
    }
    for (std::size_t k = length; k < kNameSize; ++k) {
      if (name[k] != 0) {
        return fail(problem(ErrorCode::name_padding, section, index, offset + k,
                            "bytes after the name's NUL terminator are not zero"));
      }
    }
    return true;
  }

  bool check_joints() {
    for (std::size_t i = 0; i < m_.joints.size(); ++i) {
      const Joint& joint = m_.joints[i];
      const auto at = [&](std::size_t field) {
        return field_offset<Joint>(m_.offsets.joints, i, field);
      };
      if (!check_name(Section::joints, i, at(0), joint.name)) return false;
      if (!all_finite(joint.inverse_bind, 16) &&
          !fail(problem(ErrorCode::not_finite, Section::joints, i,
                        at(offsetof(Joint, inverse_bind)),
                        "inverse bind matrix has NaN or infinite elements"))) {
        return false;
      }
      if (joint.parent >= std::int32_t(i) &&
          !fail(problem(ErrorCode::joint_order, Section::joints, i, at(offsetof(Joint, parent)),
                        "parent " + to_string(joint.parent) +
                            " comes after its child (joints must be parents-first)"))) {
        return false;
      }
    }
    return true;
  }

  bool check_animations() {
    for (std::size_t i = 0; i < m_.animations.size(); ++i) {
      const Animation& a = m_.animations[i];
      const auto offset = field_offset<Animation>(m_.offsets.animations, i, 0);
      if (!check_name(Section::animations, i, offset, a.name)) return false;
      if ((!std::isfinite(a.duration) || a.duration < 0) &&
          !fail(problem(ErrorCode::bad_duration, Section::animations, i,
                        offset + offsetof(Animation, duration),
                        "duration " + format_float(a.duration) +
                            " is not a finite, non-negative number of seconds"))) {
        return false;
      }
    }
    return true;
  }

  // A run of keys one track uses for one kind.
  struct KeyRange {
    std::uint64_t begin, end;
    float duration;  // of the track's animation
    std::uint32_t kind;
  };

  bool check_tracks() {
    if (m_.tracks.size() != std::uint64_t{m_.header.animation_count} * m_.header.joint_count) {
      return true;  // reported by the structure checks; tracks cannot be matched to animations
    }
    std::vector<KeyRange> ranges;
    ranges.reserve(3 * m_.tracks.size());
    for (std::size_t i = 0; i < m_.tracks.size(); ++i) {
      const Track& t = m_.tracks[i];
      const float duration = m_.animations[i / m_.header.joint_count].duration;
      const std::uint32_t counts[] = {t.translation_count, t.rotation_count, t.scale_count};
      std::uint64_t first = t.first_keyframe;
      for (std::uint32_t kind = 0; kind < 3; ++kind) {
        if (counts[kind] == 0 &&
            !fail(problem(ErrorCode::missing_keys, Section::tracks, i,
                          field_offset<Track>(m_.offsets.tracks, i, 4 + 4 * kind),
                          std::string("track has no ") + kKinds[kind] + " keys"))) {
          return false;
        }
        if (counts[kind] != 0) ranges.push_back({first, first + counts[kind], duration, kind});
        first += counts[kind];
      }
    }
    return check_keys(ranges);
  }

  // How the runs covering a key use it: the first kind using it (for messages), whether any
  // uses it as a rotation, the first translation (0) or scale (2) kind using it (3: none), and
  // the times the shortest animation using it allows.
  struct KeyUse {
    std::uint32_t kind;
    bool rotation;
    std::uint32_t vector_kind;
    float duration, earliest, latest;
  };

  // Checks every key once, however many tracks use it: tracks may share or overlap keys, and a
  // check per track would cost tracks x keys (minutes on a file of a few megabytes). A key is
  // held to the strictest of its users: as a rotation if any track uses it as one, as a
  // translation or scale if any uses it so, within the shortest duration of the animations
  // using it, and after the key before it where one track's run holds both. So each bad key is
  // one problem, not one per track. The runs are swept in order of their ends; between two
  // ends nothing changes, so the keys there are checked in one loop.
  bool check_keys(std::vector<KeyRange>& ranges) {
    std::sort(ranges.begin(), ranges.end(), [](const KeyRange& a, const KeyRange& b) { return a.begin < b.begin; });
    std::vector<std::pair<std::uint64_t, std::uint32_t>> ends;  // end, kind
    ends.reserve(ranges.size());
    for (const KeyRange& r : ranges) ends.emplace_back(r.end, r.kind);
    std::sort(ends.begin(), ends.end());
    // The runs covering key k: how many of each kind, and their durations, shortest on top
    // (runs that ended leave when they reach the top).
    std::uint64_t active[3] = {0, 0, 0};
    using Duration = std::pair<float, std::uint64_t>;  // duration, end
    std::priority_queue<Duration, std::vector<Duration>, std::greater<>> durations;
    std::size_t next_start = 0, next_end = 0;
    for (std::uint64_t k = 0; next_end < ends.size();) {
      for (; next_end < ends.size() && ends[next_end].first <= k; ++next_end) --active[ends[next_end].second];
      std::uint64_t starting = 0;
      for (; next_start < ranges.size() && ranges[next_start].begin <= k; ++next_start, ++starting) {
        ++active[ranges[next_start].kind];
        durations.emplace(ranges[next_start].duration, ranges[next_start].end);
      }
      const std::uint64_t stop = std::min(next_start < ranges.size() ? ranges[next_start].begin : m_.keyframes.size(),
                                          next_end < ends.size() ? ends[next_end].first : m_.keyframes.size());
      const std::uint64_t covering = active[0] + active[1] + active[2];
      if (covering != 0) {
        while (durations.top().second <= k) durations.pop();
        const float duration = durations.top().first;
        const float slack = 1e-6f * std::max(1.0f, duration);
        const KeyUse use{active[0] != 0 ? 0u : active[1] != 0 ? 1u : 2u, active[1] != 0,
                         active[0] != 0 ? 0u : active[2] != 0 ? 2u : 3u, duration, -slack, duration + slack};
        for (std::uint64_t key = k; key < stop; ++key) {
          if (!check_key(key, use, key > k || covering > starting)) return false;
        }
      }
      k = stop;
    }
    return true;
  }

  enum class KeyProblem { not_finite, outside, before_previous, rotation_length, vector_w };

  // Key k, used as `use` says; `after_previous`: a run holds key k - 1 too. Keys are most of a
  // file: the checks stay in the loop and the reporting out of it.
  bool check_key(std::uint64_t k, const KeyUse& use, bool after_previous) {
    const Keyframe& key = m_.keyframes[k];
    if (!std::isfinite(key.time) || !all_finite(key.value, 4)) return report_key(k, use, KeyProblem::not_finite);
    if (key.time < use.earliest || key.time > use.latest) return report_key(k, use, KeyProblem::outside);
    if (after_previous && key.time < m_.keyframes[k - 1].time) {
      return report_key(k, use, KeyProblem::before_previous);
    }
    if (use.rotation && std::abs(length(key.value, 4) - 1.0f) > kUnitTolerance &&
        !report_key(k, use, KeyProblem::rotation_length)) {
      return false;
    }
    if (use.vector_kind != 3 && key.value[3] != 0) return report_key(k, use, KeyProblem::vector_w);
    return true;
  }

  [[gnu::cold, gnu::noinline]] bool report_key(std::uint64_t k, const KeyUse& use, KeyProblem which) {
    const Keyframe& key = m_.keyframes[k];
    const std::uint64_t offset = field_offset<Keyframe>(m_.offsets.keyframes, k, 0);
    const std::string name = kKinds[use.kind];
    switch (which) {
      case KeyProblem::not_finite:
        return fail(problem(ErrorCode::not_finite, Section::keyframes, k, offset,
                            name + " key has NaN or infinite values"));
      case KeyProblem::outside:
        return fail(problem(ErrorCode::key_order, Section::keyframes, k, offset,
                            name + " key time " + format_float(key.time) + " is outside the animation [0, " +
                                format_float(use.duration) + "]"));
      case KeyProblem::before_previous:
        return fail(problem(ErrorCode::key_order, Section::keyframes, k, offset,
                            name + " key time " + format_float(key.time) + " comes before the previous key's " +
                                format_float(m_.keyframes[k - 1].time)));
      case KeyProblem::rotation_length:
        return fail(problem(ErrorCode::not_unit_length, Section::keyframes, k, offset,
                            "rotation key has length " + format_float(length(key.value, 4)) + ", not 1"));
      case KeyProblem::vector_w:
        return fail(problem(ErrorCode::not_finite, Section::keyframes, k, offset,
                            std::string(kKinds[use.vector_kind]) + " key has w = " + format_float(key.value[3]) +
                                ", not 0"));
    }
    return true;
  }

  // One problem per kind of unused data, naming the first unused element and how many there are.
  bool report_unused(Section section, const std::vector<bool>& used, std::uint64_t offset,
                     std::size_t record_size, const char* what) {
    const auto first = std::find(used.begin(), used.end(), false);
    if (first == used.end()) return true;
    const auto index = std::uint64_t(first - used.begin());
    const auto count = std::uint64_t(std::count(used.begin(), used.end(), false));
    return fail(problem(ErrorCode::unused_data, section, index, offset + index * record_size,
                        to_string(count) + " " + what + " not used (the first is shown)"));
  }

  bool check_unused() {
    std::vector<bool> vertex_used(m_.vertices.size()), index_used(m_.indices.size());
    std::vector<bool> material_used(m_.materials.size()), texture_used(m_.textures.size());
    std::vector<bool> key_used(m_.keyframes.size());
    // Meshes may overlap (even all draw the same indices): mark each index once, then its vertex.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    for (const Mesh& mesh : m_.meshes) {
      material_used[mesh.material] = true;
      ranges.emplace_back(mesh.first_index, std::uint64_t{mesh.first_index} + mesh.index_count);
    }
    mark_covered(ranges, index_used);
    for (std::size_t i = 0; i < m_.indices.size(); ++i) {
      if (index_used[i]) vertex_used[m_.indices[i]] = true;
    }
    for (const Material& material : m_.materials) {
      texture_used[material.base_color_texture] = true;
      texture_used[material.normal_texture] = true;
      texture_used[material.pbr_texture] = true;
    }
    for (const std::uint32_t t : m_.extension_textures) texture_used[t] = true;
    ranges.clear();
    for (const Track& t : m_.tracks) {
      ranges.emplace_back(t.first_keyframe, std::uint64_t{t.first_keyframe} + t.translation_count +
                                                t.rotation_count + t.scale_count);
    }
    mark_covered(ranges, key_used);
    return report_unused(Section::vertices, vertex_used, m_.offsets.vertices, sizeof(Vertex),
                         "vertices are") &&
           report_unused(Section::indices, index_used, m_.offsets.indices, 4,
                         "indices are in no mesh and") &&
           report_unused(Section::materials, material_used, m_.offsets.materials,
                         sizeof(Material), "materials are") &&
           report_unused(Section::textures, texture_used, m_.offsets.textures, sizeof(Texture),
                         "textures are") &&
           report_unused(Section::keyframes, key_used, m_.offsets.keyframes, sizeof(Keyframe),
                         "keyframes are") &&
           check_image_coverage();
  }

  // Gaps between textures shorter than the writer's alignment are padding; longer ones are waste.
  bool check_image_coverage() {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    for (const Texture& t : m_.textures) {
      ranges.emplace_back(t.offset, t.offset + mip_chain_size(t.width, t.height,
                                                              Compression(t.compression)));
    }
    std::sort(ranges.begin(), ranges.end());
    ranges.emplace_back(m_.image_buffer.size(), m_.image_buffer.size());
    std::uint64_t covered = 0;
    for (const auto& [begin, end] : ranges) {
      if (begin >= covered + kImageAlignment) {
        return fail(problem(ErrorCode::unused_data, Section::image_buffer, 0,
                            m_.offsets.image_buffer + covered,
                            "bytes " + to_string(covered) + ".." + to_string(begin) +
                                " of the image buffer belong to no texture"));
      }
      covered = std::max(covered, end);
    }
    return true;
  }
};

}  // namespace

bool check_semantics(const ModelView& model, const ProblemSink& report) {
  return SemanticChecker(model, report).run();
}

}  // namespace aem
