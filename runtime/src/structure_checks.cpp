// Structural validation: every index and range in the file stays inside its target section.
// The common case (a valid file) runs as tight loops over each section; only when a loop finds
// something does a second, slower pass say exactly where.
#include <algorithm>
#include <climits>
#include <cstring>
#include <tuple>
#include <vector>

#include "aem/mip_chain.hpp"
#include "aem/validation.hpp"
#include "problem.hpp"

namespace aem {
namespace {

using detail::field_offset;
using detail::problem;
using std::to_string;

class StructureChecker : detail::Checker {
 public:
  StructureChecker(const ModelView& model, const ProblemSink& report) : Checker(model, report) {}

  bool run() {
    // Each step returns false once the sink asks to stop.
    (void)(check_indices() && check_meshes() && check_materials() && check_textures() &&
           check_joints() && check_vertex_joints() && check_animations() && check_tracks());
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

  bool check_vertex_joints() {
    // One accumulator per slot and signed compares: the compiler turns this into 4-lane SIMD on
    // baseline x86-64, which keeps the pass at memory speed.
    const std::uint32_t limit = m_.header.joint_count;
    const std::int32_t highest =
        limit > std::uint32_t(INT32_MAX) ? INT32_MAX : std::int32_t(limit) - 1;
    std::int32_t bad[4] = {0, 0, 0, 0};
    for (const Vertex& v : m_.vertices) {
      for (int k = 0; k < 4; ++k) {
        const std::int32_t j = v.joints[k];
        bad[k] |= std::int32_t(j > highest) | std::int32_t(j < -1);
      }
    }
    if ((bad[0] | bad[1] | bad[2] | bad[3]) == 0) return true;
    for (std::size_t i = 0; i < m_.vertices.size(); ++i) {
      for (std::size_t k = 0; k < 4; ++k) {
        const std::int32_t j = m_.vertices[i].joints[k];
        if (std::uint32_t(j) + 1u <= limit) continue;
        if (!fail(problem(ErrorCode::vertex_bad_joint, Section::vertices, i,
                          field_offset<Vertex>(m_.offsets.vertices, i,
                                               offsetof(Vertex, joints) + 4 * k),
                          "joint index " + to_string(j) + " in slot " + to_string(k) +
                              " is neither -1 nor in range (" + to_string(limit) +
                              " joints)"))) {
          return false;
        }
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
};

}  // namespace

bool check_structure(const ModelView& model, const ProblemSink& report) {
  return StructureChecker(model, report).run();
}

}  // namespace aem
