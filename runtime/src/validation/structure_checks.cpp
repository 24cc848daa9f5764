// Structural validation: every index and range in the file stays inside its target section, and
// every float a reader computes with is finite (NaN or infinity in a vertex, an inverse bind or a
// key would reach skinning matrices and the screen). The common case (a valid file) runs as
// tight loops over each section; only when a loop finds something does a second, slower pass say
// exactly where.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <tuple>
#include <vector>

#include "aem/mip_chain.hpp"
#include "aem/validation.hpp"
#include "simd/simd4.hpp"
#include "validation/problem.hpp"

namespace aem {
namespace {

using detail::field_offset;
using detail::problem;
using std::to_string;

// NaN and both infinities are exactly the floats whose exponent bits are all ones.
constexpr std::uint32_t kExponentBits = 0x7f800000u;
constexpr std::uint32_t not_finite_bits(std::uint32_t bits) {
  return std::uint32_t((bits & kExponentBits) == kExponentBits);
}

#if AEM_SIMD_VECTOR
// Four 32-bit lanes, for the keyframe pass. Comparisons give Lanes4 of all ones or zeros.
using Word4 = std::uint32_t __attribute__((vector_size(16)));
using Lanes4 = std::int32_t __attribute__((vector_size(16)));

// Sixteen bytes as four lanes, from any alignment.
template <class Vector>
Vector load4(const unsigned char* bytes) {
  Vector v;
  std::memcpy(&v, bytes, sizeof v);
  return v;
}
#endif

// Whether any of `words` 32-bit floats from `bytes` (any alignment) is NaN or infinite: a tight
// OR over them, four lanes at a time with vector extensions (simd4.hpp), one word at a time in
// the portable build.
bool any_not_finite_word(const unsigned char* bytes, std::size_t words) {
  std::size_t w = 0;
  std::uint32_t bad = 0;
#if AEM_SIMD_VECTOR
  const Word4 exponent = {kExponentBits, kExponentBits, kExponentBits, kExponentBits};
  const auto special = [&](std::size_t word) {
    return (load4<Word4>(bytes + 4 * word) & exponent) == exponent;
  };
  Lanes4 found[4] = {};  // four accumulators: no single chain of ORs limits the loop
  for (; w + 16 <= words; w += 16) {
    for (std::size_t a = 0; a < 4; ++a) found[a] |= special(w + 4 * a);
  }
  for (; w + 4 <= words; w += 4) found[0] |= special(w);
  const Lanes4 any = found[0] | found[1] | found[2] | found[3];
  bad = std::uint32_t(any[0] | any[1] | any[2] | any[3]);
#endif
  for (; w < words; ++w) {
    std::uint32_t word;
    std::memcpy(&word, bytes + 4 * w, 4);
    bad |= not_finite_bits(word);
  }
  return bad != 0;
}

// Index of the first non-finite value among `count`, or count.
std::size_t first_not_finite(const float* values, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) {
    if (!std::isfinite(values[k])) return k;
  }
  return count;
}

std::string float_text(float value) {
  if (std::isnan(value)) return "NaN";
  return value > 0 ? "+infinity" : "-infinity";
}

// Whether every vertex has joint indices in [-1, joint_count) and only finite floats. One pass,
// eight lanes at a time (GCC/Clang vector extensions, as simd4.hpp; two SSE operations each on
// baseline x86-64, one AVX2 operation in the x86-64-v3 copy), so it stays near memory speed.
// A vertex is 22 words: floats in words 0..13 and 18..21, joint indices in 14..17. Three loads
// cover them: words 0..7, 6..13 (overlapping) and 14..21 (joints, then weights).
#if AEM_SIMD_VECTOR
AEM_FRAME_LOOP
bool vertices_clean(const Vertex* vertices, std::size_t count, std::uint32_t joint_count) {
  static_assert(sizeof(Vertex) == 88 && offsetof(Vertex, joints) == 56 &&
                offsetof(Vertex, weights) == 72);
  using Word8 = std::uint32_t __attribute__((vector_size(32)));
  using Lanes8 = std::int32_t __attribute__((vector_size(32)));
  const std::int32_t highest =
      joint_count > std::uint32_t(INT32_MAX) ? INT32_MAX : std::int32_t(joint_count) - 1;
  const std::uint32_t e = kExponentBits;
  const Word8 exponent = {e, e, e, e, e, e, e, e};
  const Lanes8 most = {highest, highest, highest, highest, highest, highest, highest, highest};
  const Lanes8 least = {-1, -1, -1, -1, -1, -1, -1, -1};
  const Lanes8 joint_lanes = {-1, -1, -1, -1, 0, 0, 0, 0};  // of the load at word 14
  const auto load8 = [](const unsigned char* at) AEM_LAMBDA_ALWAYS_INLINE {
    Word8 v;
    std::memcpy(&v, at, sizeof v);
    return v;
  };
  Lanes8 bad = {};
  const auto* bytes = reinterpret_cast<const unsigned char*>(vertices);
  for (std::size_t i = 0; i < count; ++i) {
    const unsigned char* v = bytes + i * sizeof(Vertex);
    const Word8 low = load8(v), middle = load8(v + 24), high = load8(v + 56);
    const Lanes8 joints = Lanes8(high);
    const Lanes8 special_high = (high & exponent) == exponent;
    bad |= ((low & exponent) == exponent) | ((middle & exponent) == exponent) |
           (special_high & ~joint_lanes) | (((joints > most) | (joints < least)) & joint_lanes);
  }
  std::int32_t any = 0;
  for (int k = 0; k < 8; ++k) any |= bad[k];
  return any == 0;
}
#else
// The portable build: the same test one word at a time (which optimisers may vectorise).
AEM_FRAME_LOOP
bool vertices_clean(const Vertex* vertices, std::size_t count, std::uint32_t joint_count) {
  static_assert(sizeof(Vertex) == 88 && offsetof(Vertex, joints) == 56);
  const std::int64_t highest = std::int64_t(joint_count) - 1;
  const auto* bytes = reinterpret_cast<const unsigned char*>(vertices);
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t word = 0; word < 22; ++word) {
      std::uint32_t bits;
      std::memcpy(&bits, bytes + i * sizeof(Vertex) + 4 * word, 4);
      if (word >= 14 && word < 18) {
        const std::int32_t joint = std::int32_t(bits);
        bad |= std::uint32_t(joint > highest || joint < -1);
      } else {
        bad |= not_finite_bits(bits);
      }
    }
  }
  return bad == 0;
}
#endif

// The float fields of a vertex, for naming the one that is not finite.
struct VertexFloats {
  std::size_t offset;
  std::size_t count;
  const char* name;
};
constexpr VertexFloats kVertexFloats[] = {
    {offsetof(Vertex, position), 3, "position"}, {offsetof(Vertex, normal), 3, "normal"},
    {offsetof(Vertex, tangent), 3, "tangent"},   {offsetof(Vertex, bitangent), 3, "bitangent"},
    {offsetof(Vertex, uv), 2, "uv"},             {offsetof(Vertex, weights), 4, "weight"},
};

class StructureChecker : detail::Checker {
 public:
  StructureChecker(const ModelView& model, const ProblemSink& report) : Checker(model, report) {}

  bool run() {
    // Each step returns false once the sink asks to stop.
    (void)(check_indices() && check_meshes() && check_materials() && check_textures() &&
           check_joints() && check_vertices() && check_animations() && check_tracks() &&
           check_keyframes());
    return clean_;
  }

 private:
  bool check_indices() {
    // An OR of comparisons vectorises on baseline x86-64; an unsigned max (SSE4.1) does not.
    const std::uint32_t vertex_count = m_.header.vertex_count;
    std::uint32_t bad = 0;
    for (std::uint32_t index : m_.indices) bad |= std::uint32_t(index >= vertex_count);
    if (bad == 0) return true;
    for (std::size_t i = 0; i < m_.indices.size(); ++i) {
      if (m_.indices[i] < m_.header.vertex_count) continue;
      if (!fail(problem(ErrorCode::index_out_of_range, Section::indices, i,
                        field_offset<std::uint32_t>(m_.offsets.indices, i, 0),
                        "index " + to_string(m_.indices[i]) + " is out of range (" +
                            to_string(m_.header.vertex_count) + " vertices)"))) {
        return false;
      }
    }
    return true;
  }

  bool check_meshes() {
    for (std::size_t i = 0; i < m_.meshes.size(); ++i) {
      const Mesh& mesh = m_.meshes[i];
      const std::uint64_t end = std::uint64_t{mesh.first_index} + mesh.index_count;
      if (end > m_.header.index_count &&
          !fail(problem(ErrorCode::mesh_out_of_range, Section::meshes, i,
                        field_offset<Mesh>(m_.offsets.meshes, i, offsetof(Mesh, first_index)),
                        "indices " + to_string(mesh.first_index) + ".." + to_string(end) +
                            " run past the index section (" + to_string(m_.header.index_count) +
                            " indices)"))) {
        return false;
      }
      if (mesh.index_count % 3 != 0 &&
          !fail(problem(ErrorCode::mesh_not_triangles, Section::meshes, i,
                        field_offset<Mesh>(m_.offsets.meshes, i, offsetof(Mesh, index_count)),
                        "index count " + to_string(mesh.index_count) +
                            " is not a multiple of 3"))) {
        return false;
      }
      if (mesh.material >= m_.header.material_count &&
          !fail(problem(ErrorCode::mesh_bad_material, Section::meshes, i,
                        field_offset<Mesh>(m_.offsets.meshes, i, offsetof(Mesh, material)),
                        "material " + to_string(mesh.material) + " is out of range (" +
                            to_string(m_.header.material_count) + " materials)"))) {
        return false;
      }
    }
    return true;
  }

  bool check_materials() {
    struct Slot {
      std::uint32_t Material::*field;
      std::size_t offset;
      const char* name;
    };
    static constexpr Slot slots[] = {
        {&Material::base_color_texture, offsetof(Material, base_color_texture), "base color"},
        {&Material::normal_texture, offsetof(Material, normal_texture), "normal"},
        {&Material::pbr_texture, offsetof(Material, pbr_texture), "PBR"},
    };
    for (std::size_t i = 0; i < m_.materials.size(); ++i) {
      const Material& material = m_.materials[i];
      for (const Slot& slot : slots) {
        const std::uint32_t texture = material.*slot.field;
        if (texture >= m_.header.texture_count &&
            !fail(problem(ErrorCode::material_bad_texture, Section::materials, i,
                          field_offset<Material>(m_.offsets.materials, i, slot.offset),
                          std::string(slot.name) + " texture " + to_string(texture) +
                              " is out of range (" + to_string(m_.header.texture_count) +
                              " textures)"))) {
          return false;
        }
      }
      if (material.type > std::uint32_t(MaterialType::transparent) &&
          !fail(problem(ErrorCode::material_bad_type, Section::materials, i,
                        field_offset<Material>(m_.offsets.materials, i, offsetof(Material, type)),
                        "type " + to_string(material.type) +
                            " is neither 0 (opaque) nor 1 (transparent)"))) {
        return false;
      }
    }
    return true;
  }

  bool check_textures() {
    for (std::size_t i = 0; i < m_.textures.size(); ++i) {
      const Texture& t = m_.textures[i];
      const auto at = [&](std::size_t field) {
        return field_offset<Texture>(m_.offsets.textures, i, field);
      };
      if ((t.width == 0 || t.height == 0) &&
          !fail(problem(ErrorCode::texture_empty, Section::textures, i,
                        at(t.width == 0 ? offsetof(Texture, width) : offsetof(Texture, height)),
                        "size " + to_string(t.width) + "x" + to_string(t.height) +
                            " has no texels"))) {
        return false;
      }
      for (const auto& [value, field, axis] :
           {std::tuple{t.wrap_x, offsetof(Texture, wrap_x), "x"},
            std::tuple{t.wrap_y, offsetof(Texture, wrap_y), "y"}}) {
        if (value > std::uint32_t(WrapMode::clamp_to_edge) &&
            !fail(problem(ErrorCode::texture_bad_wrap, Section::textures, i, at(field),
                          std::string("wrap mode ") + axis + " is " + to_string(value) +
                              ", not 0 (repeat), 1 (mirrored repeat) or 2 (clamp)"))) {
          return false;
        }
      }
      if (t.compression > std::uint32_t(Compression::bc7)) {
        if (!fail(problem(ErrorCode::texture_bad_compression, Section::textures, i,
                          at(offsetof(Texture, compression)),
                          "compression " + to_string(t.compression) +
                              " is not 0 (none), 1 (BC5) or 2 (BC7)"))) {
          return false;
        }
        continue;  // the chain's size depends on a known compression
      }
      if (t.width == 0 || t.height == 0) continue;
      const std::uint64_t chain =
          mip_chain_size(t.width, t.height, static_cast<Compression>(t.compression));
      const std::uint64_t buffer = m_.header.image_buffer_size;
      if ((chain > buffer || t.offset > buffer - chain) &&
          !fail(problem(ErrorCode::texture_out_of_bounds, Section::textures, i,
                        at(offsetof(Texture, offset)),
                        "mip chain of " + to_string(chain) + " bytes at offset " +
                            to_string(t.offset) + " runs past the image buffer (" +
                            to_string(buffer) + " bytes)"))) {
        return false;
      }
    }
    return true;
  }

  bool check_name(Section section, std::uint64_t index, std::uint64_t offset, const char* name) {
    if (std::memchr(name, 0, kNameSize) != nullptr) return true;
    return fail(problem(ErrorCode::name_unterminated, section, index, offset,
                        "name has no NUL terminator within " + to_string(kNameSize) + " bytes"));
  }

  bool check_joints() {
    const std::uint32_t count = m_.header.joint_count;
    for (std::size_t i = 0; i < m_.joints.size(); ++i) {
      const Joint& joint = m_.joints[i];
      if (!check_name(Section::joints, i, field_offset<Joint>(m_.offsets.joints, i, 0),
                      joint.name)) {
        return false;
      }
      const std::size_t bad = first_not_finite(joint.inverse_bind, 16);
      if (bad < 16 &&
          !fail(problem(ErrorCode::not_finite, Section::joints, i,
                        field_offset<Joint>(m_.offsets.joints, i,
                                            offsetof(Joint, inverse_bind) + 4 * bad),
                        "inverse bind matrix element " + to_string(bad) + " is " +
                            float_text(joint.inverse_bind[bad])))) {
        return false;
      }
      if (joint.parent != -1 && (joint.parent < 0 || std::uint32_t(joint.parent) >= count) &&
          !fail(problem(ErrorCode::joint_bad_parent, Section::joints, i,
                        field_offset<Joint>(m_.offsets.joints, i, offsetof(Joint, parent)),
                        "parent " + to_string(joint.parent) + " is neither -1 nor in range (" +
                            to_string(count) + " joints)"))) {
        return false;
      }
    }
    return check_joint_cycles();
  }

  // Walks up from every joint, colouring the path; reaching a joint on the current path is a cycle.
  bool check_joint_cycles() {
    enum : std::uint8_t { unvisited, on_path, done };
    const std::size_t count = m_.joints.size();
    std::vector<std::uint8_t> state(count, unvisited);
    std::vector<std::uint32_t> path;
    const auto parent_of = [&](std::size_t j) -> std::int64_t {
      const std::int32_t p = m_.joints[j].parent;
      return (p >= 0 && std::size_t(p) < count) ? p : -1;  // bad parents were reported above
    };
    for (std::size_t start = 0; start < count; ++start) {
      path.clear();
      std::int64_t j = std::int64_t(start);
      while (j >= 0 && state[std::size_t(j)] == unvisited) {
        state[std::size_t(j)] = on_path;
        path.push_back(std::uint32_t(j));
        j = parent_of(std::size_t(j));
      }
      const bool cycle = j >= 0 && state[std::size_t(j)] == on_path;
      for (std::uint32_t p : path) state[p] = done;
      if (cycle &&
          !fail(problem(ErrorCode::joint_cycle, Section::joints, std::uint64_t(j),
                        field_offset<Joint>(m_.offsets.joints, std::uint64_t(j),
                                            offsetof(Joint, parent)),
                        "joint is its own ancestor (the parent chain loops)"))) {
        return false;
      }
    }
    return true;
  }

  // One pass over the largest section (vertices_clean, above); only when it finds something
  // does the slow pass say where.
  bool check_vertices() {
    if (vertices_clean(m_.vertices.data(), m_.vertices.size(), m_.header.joint_count)) return true;
    for (std::size_t i = 0; i < m_.vertices.size(); ++i) {
      if (!report_vertex(i)) return false;
    }
    return true;
  }

  // The slow pass: every problem of vertex i, with the field it is in.
  bool report_vertex(std::size_t i) {
    const Vertex& v = m_.vertices[i];
    const auto* record = reinterpret_cast<const unsigned char*>(&v);
    for (const VertexFloats& field : kVertexFloats) {
      float values[4];
      std::memcpy(values, record + field.offset, 4 * field.count);
      const std::size_t k = first_not_finite(values, field.count);
      if (k < field.count &&
          !fail(problem(ErrorCode::not_finite, Section::vertices, i,
                        field_offset<Vertex>(m_.offsets.vertices, i, field.offset + 4 * k),
                        std::string(field.name) + "[" + to_string(k) + "] is " +
                            float_text(values[k])))) {
        return false;
      }
    }
    const std::uint32_t limit = m_.header.joint_count;
    for (std::size_t k = 0; k < 4; ++k) {
      const std::int32_t j = v.joints[k];
      if (std::uint32_t(j) + 1u <= limit) continue;
      if (!fail(problem(ErrorCode::vertex_bad_joint, Section::vertices, i,
                        field_offset<Vertex>(m_.offsets.vertices, i,
                                             offsetof(Vertex, joints) + 4 * k),
                        "joint index " + to_string(j) + " in slot " + to_string(k) +
                            " is neither -1 nor in range (" + to_string(limit) + " joints)"))) {
        return false;
      }
    }
    return true;
  }

  bool check_animations() {
    for (std::size_t i = 0; i < m_.animations.size(); ++i) {
      if (!check_name(Section::animations, i,
                      field_offset<Animation>(m_.offsets.animations, i, 0),
                      m_.animations[i].name)) {
        return false;
      }
      const float duration = m_.animations[i].duration;
      if (!std::isfinite(duration) &&
          !fail(problem(ErrorCode::not_finite, Section::animations, i,
                        field_offset<Animation>(m_.offsets.animations, i,
                                                offsetof(Animation, duration)),
                        "duration is " + float_text(duration)))) {
        return false;
      }
    }
    return true;
  }

  bool check_tracks() {
    const std::uint64_t expected = std::uint64_t{m_.header.animation_count} * m_.header.joint_count;
    if (m_.header.track_count != expected &&
        !fail(problem(ErrorCode::track_count_mismatch, Section::header, 0,
                      offsetof(Header, track_count),
                      "track count " + to_string(m_.header.track_count) + " is not animations (" +
                          to_string(m_.header.animation_count) + ") x joints (" +
                          to_string(m_.header.joint_count) + ") = " + to_string(expected)))) {
      return false;
    }
    const std::uint64_t keyframes = m_.header.keyframe_count;
    for (std::size_t i = 0; i < m_.tracks.size(); ++i) {
      const Track& t = m_.tracks[i];
      const std::uint64_t end = std::uint64_t{t.first_keyframe} + t.translation_count +
                                t.rotation_count + t.scale_count;
      if (end > keyframes &&
          !fail(problem(ErrorCode::track_out_of_bounds, Section::tracks, i,
                        field_offset<Track>(m_.offsets.tracks, i, 0),
                        "keys " + to_string(t.first_keyframe) + ".." + to_string(end) +
                            " run past the keyframe section (" + to_string(keyframes) +
                            " keyframes)"))) {
        return false;
      }
    }
    return true;
  }

  // Key times and values: a tight OR over the section's words, then a second pass to locate.
  bool check_keyframes() {
    constexpr std::size_t kWords = sizeof(Keyframe) / 4;
    // Every word of the section is a float.
    const auto* bytes = reinterpret_cast<const unsigned char*>(m_.keyframes.data());
    const std::size_t words = m_.keyframes.size() * kWords;
    const bool bad = any_not_finite_word(bytes, words);
    if (!bad) return true;
    for (std::size_t i = 0; i < m_.keyframes.size(); ++i) {
      const Keyframe& key = m_.keyframes[i];
      const float values[kWords] = {key.time, key.value[0], key.value[1], key.value[2],
                                    key.value[3]};
      const std::size_t k = first_not_finite(values, kWords);
      if (k < kWords &&
          !fail(problem(ErrorCode::not_finite, Section::keyframes, i,
                        field_offset<Keyframe>(m_.offsets.keyframes, i, 4 * k),
                        (k == 0 ? std::string("time") : "value[" + to_string(k - 1) + "]") +
                            " is " + float_text(values[k])))) {
        return false;
      }
    }
    return true;
  }
};

}  // namespace

bool check_structure(const ModelView& model, const ProblemSink& report) {
  return StructureChecker(model, report).run();
}

}  // namespace aem
