// Strict validation: data that is in bounds but not what the format promises. Assumes
// check_structure() passed, so every index may be followed without further checks.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "aem/mip_chain.hpp"
#include "aem/validation.hpp"
#include "problem.hpp"

namespace aem {
namespace {

using detail::field_offset;
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

std::string format_float(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", double(value));
  return text;
}

// Well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF).
bool is_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t extra = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) { ++i; continue; }
    if ((c & 0xE0) == 0xC0) { extra = 1; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { extra = 2; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { extra = 3; cp = c & 0x07; }
    else return false;
    if (i + extra >= s.size()) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = cp << 6 | (cc & 0x3F);
    }
    static constexpr std::uint32_t kMinForLength[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMinForLength[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

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

  bool check_tracks() {
    if (m_.tracks.size() != std::uint64_t{m_.header.animation_count} * m_.header.joint_count) {
      return true;  // reported by the structure checks; tracks cannot be matched to animations
    }
    static constexpr const char* kKinds[] = {"translation", "rotation", "scale"};
    for (std::size_t i = 0; i < m_.tracks.size(); ++i) {
      const Track& t = m_.tracks[i];
      const float duration = m_.animations[i / m_.header.joint_count].duration;
      const std::uint32_t counts[] = {t.translation_count, t.rotation_count, t.scale_count};
      std::uint64_t first = t.first_keyframe;
      for (std::size_t kind = 0; kind < 3; ++kind) {
        if (counts[kind] == 0 &&
            !fail(problem(ErrorCode::missing_keys, Section::tracks, i,
                          field_offset<Track>(m_.offsets.tracks, i, 4 + 4 * kind),
                          std::string("track has no ") + kKinds[kind] + " keys"))) {
          return false;
        }
        if (!check_keys(first, counts[kind], kind == 1, duration, kKinds[kind])) return false;
        first += counts[kind];
      }
    }
    return true;
  }

  bool check_keys(std::uint64_t first, std::uint32_t count, bool rotation, float duration,
                  const char* kind) {
    float previous = 0;
    const float slack = 1e-6f * std::max(1.0f, duration);
    for (std::uint64_t k = first; k < first + count; ++k) {
      const Keyframe& key = m_.keyframes[k];
      const std::uint64_t offset = field_offset<Keyframe>(m_.offsets.keyframes, k, 0);
      std::string wrong;
      ErrorCode code = ErrorCode::key_order;
      if (!std::isfinite(key.time) || !all_finite(key.value, 4)) {
        code = ErrorCode::not_finite;
        wrong = std::string(kind) + " key has NaN or infinite values";
      } else if (key.time < -slack || key.time > duration + slack) {
        wrong = std::string(kind) + " key time " + format_float(key.time) +
                " is outside the animation [0, " + format_float(duration) + "]";
      } else if (k > first && key.time < previous) {
        wrong = std::string(kind) + " key time " + format_float(key.time) +
                " comes before the previous key's " + format_float(previous);
      } else if (rotation && std::abs(length(key.value, 4) - 1.0f) > kUnitTolerance) {
        code = ErrorCode::not_unit_length;
        wrong = "rotation key has length " + format_float(length(key.value, 4)) + ", not 1";
      } else if (!rotation && key.value[3] != 0) {
        code = ErrorCode::not_finite;
        wrong = std::string(kind) + " key has w = " + format_float(key.value[3]) + ", not 0";
      }
      if (!wrong.empty() && !fail(problem(code, Section::keyframes, k, offset, wrong))) {
        return false;
      }
      previous = key.time;
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
    for (const Mesh& mesh : m_.meshes) {
      material_used[mesh.material] = true;
      for (std::uint64_t i = mesh.first_index; i < std::uint64_t{mesh.first_index} + mesh.index_count; ++i) {
        index_used[i] = true;
        vertex_used[m_.indices[i]] = true;
      }
    }
    for (const Material& material : m_.materials) {
      texture_used[material.base_color_texture] = true;
      texture_used[material.normal_texture] = true;
      texture_used[material.pbr_texture] = true;
    }
    for (const Track& t : m_.tracks) {
      const std::uint64_t end =
          std::uint64_t{t.first_keyframe} + t.translation_count + t.rotation_count + t.scale_count;
      for (std::uint64_t k = t.first_keyframe; k < end; ++k) key_used[k] = true;
    }
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
