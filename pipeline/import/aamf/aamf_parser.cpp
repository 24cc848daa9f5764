// The two layouts' headers and the sections they share: parents and animation blocks.
#include "import/aamf/aamf_parser.hpp"

namespace aem::pipeline::aamf {
namespace {

constexpr std::uint32_t kMagicSamf = 0x464D4153;  // "SAMF" read as a little-endian u32
constexpr std::uint32_t kMagicAamf = 0x464D4141;  // "AAMF"

// Nothing may follow the last animation block: the legacy layout has no magic, so strictness is
// what tells an AAMF from other bytes.
void require_end(const Bytes& bytes, std::size_t offset, const std::string& what) {
  if (offset != bytes.size()) bytes.fail(offset, what, std::to_string(bytes.size() - offset) + " bytes follow the last animation block");
}

void parse_skinned_mesh(const Bytes& bytes, std::size_t& offset, std::uint32_t vertices, std::uint16_t faces, Model& model) {
  bytes.require(offset, vertices, 24, "SAMF vertices (" + std::to_string(vertices) + " positions, normals and skin weights)");
  MeshData mesh;
  mesh.positions.resize(vertices);
  mesh.normals.resize(vertices);
  mesh.bone_indices.resize(vertices);
  mesh.weights.resize(vertices);
  for (std::uint32_t v = 0; v < vertices; ++v) {
    mesh.positions[v] = bytes.svector(offset + 8 * std::size_t(v), "SAMF position " + std::to_string(v));
    mesh.normals[v] = bytes.svector(offset + 8 * (std::size_t(vertices) + v), "SAMF normal " + std::to_string(v));
    const std::size_t at = offset + 16 * std::size_t(vertices) + 8 * std::size_t(v);
    for (std::size_t i = 0; i < 4; ++i) {
      mesh.bone_indices[v][i] = bytes.u8(at + i, "SAMF skin weight");
      mesh.weights[v][i] = bytes.u8(at + 4 + i, "SAMF skin weight");
      if (mesh.weights[v][i] > 0 && mesh.bone_indices[v][i] >= model.bones.size())
        bytes.fail(at + i, "SAMF skin weight of vertex " + std::to_string(v),
                   "bone " + std::to_string(mesh.bone_indices[v][i]) + " of " + std::to_string(model.bones.size()));
    }
  }
  offset += 24 * std::size_t(vertices);
  bytes.require(offset, faces, 6, "SAMF faces (" + std::to_string(faces) + ")");
  mesh.triangles.resize(faces);
  for (std::size_t f = 0; f < faces; ++f)
    for (std::size_t c = 0; c < 3; ++c) {
      const std::size_t at = offset + 6 * f + 2 * c;
      mesh.triangles[f][c] = bytes.u16(at, "SAMF face");
      if (mesh.triangles[f][c] >= vertices)
        bytes.fail(at, "SAMF face " + std::to_string(f), "vertex " + std::to_string(mesh.triangles[f][c]) + " of " + std::to_string(vertices));
    }
  offset += 6 * std::size_t(faces);
  model.meshes.push_back(std::move(mesh));
}

Model parse_skinned(const Bytes& bytes) {
  Model model;
  model.skinned = true;
  model.magic = bytes.u32(0, "magic") == kMagicSamf ? "SAMF" : "AAMF";
  const std::uint16_t version = bytes.u16(4, "SAMF header version");
  if (version != 2) bytes.fail(4, "SAMF header", "version " + std::to_string(version) + " (only version 2 is read)");
  const std::uint16_t bone_count = bytes.u16(6, "SAMF header bone_count");
  const std::uint16_t anim_count = bytes.u16(8, "SAMF header anim_count");
  const std::uint32_t vertices = bytes.u32(10, "SAMF header vertex_count");
  const std::uint16_t faces = bytes.u16(14, "SAMF header face_count");
  if (bone_count == 0) bytes.fail(6, "SAMF header", "bone_count 0 (vertices need a bone to weigh on)");
  bytes.require(16, bone_count, 36, "SAMF parent table and bind pose (" + std::to_string(bone_count) + " bones)");
  model.bones.resize(bone_count);
  std::size_t offset = parse_parents(bytes, 16, model.bones);
  for (std::size_t b = 0; b < bone_count; ++b) model.bones[b].bind = bytes.matrix(offset + 32 * b, "SAMF bind pose of bone " + std::to_string(b));
  offset += 32 * std::size_t(bone_count);
  parse_skinned_mesh(bytes, offset, vertices, faces, model);
  require_end(bytes, parse_animations(bytes, offset, anim_count, bone_count, model.animations), "end of the SAMF file");
  return model;
}

Model parse_legacy(const Bytes& bytes) {
  Model model;
  const std::uint16_t bone_count = bytes.u16(0, "legacy AAMF header bone_count");
  const std::uint16_t anim_count = bytes.u16(2, "legacy AAMF header anim_count");
  if (bone_count == 0) bytes.fail(0, "legacy AAMF header", "bone_count 0 (no magic \"SAMF\"/\"AAMF\" either: not an AAMF file?)");
  bytes.require(4, bone_count, 4, "legacy AAMF parent table (" + std::to_string(bone_count) + " bones)");
  model.bones.resize(bone_count);
  std::size_t offset = parse_parents(bytes, 4, model.bones);
  for (std::size_t b = 0; b < bone_count; ++b) {
    const std::string what = "legacy AAMF mesh block of bone " + std::to_string(b);
    const std::uint32_t block_size = bytes.u32(offset, what + " block_size");
    if (block_size < 4) bytes.fail(offset, what, "block_size " + std::to_string(block_size) + " is under its own 4 bytes");
    bytes.require(offset, 1, block_size, what);
    model.meshes.push_back(parse_amf_mesh(bytes, offset + 4, block_size - 4, b, model));
    offset += block_size;
  }
  require_end(bytes, parse_animations(bytes, offset, anim_count, bone_count, model.animations), "end of the legacy AAMF file");
  return model;
}

}  // namespace

std::size_t parse_parents(const Bytes& bytes, std::size_t offset, std::vector<Bone>& bones) {
  for (std::size_t b = 0; b < bones.size(); ++b, offset += 4) {
    const std::string what = "parent table entry " + std::to_string(b);
    const std::uint16_t index = bytes.u16(offset, what);
    const std::uint16_t parent = bytes.u16(offset + 2, what);
    if (index != b) bytes.fail(offset, what, "bone_idx " + std::to_string(index) + " (must be its position, " + std::to_string(b) + ")");
    if (parent > b)
      bytes.fail(offset + 2, what, "parent_idx " + std::to_string(parent) + " comes after the bone (parents must come first; a root names itself)");
    bones[b].parent = parent;
  }
  return offset;
}

std::size_t parse_animations(const Bytes& bytes, std::size_t offset, std::size_t count, std::size_t bones,
                             std::vector<AnimationData>& animations) {
  for (std::size_t a = 0; a < count; ++a) {
    const std::string what = "animation block " + std::to_string(a);
    const std::uint32_t block_size = bytes.u32(offset, what + " block_size");
    AnimationData animation;
    animation.name = bytes.name8(offset + 4, what + " name");
    animation.frames = bytes.u32(offset + 12, what + " keyframe_count");
    const std::uint64_t expected = 20 + std::uint64_t(32) * bones * animation.frames;
    if (block_size != expected)
      bytes.fail(offset, what + " ('" + animation.name + "')", "block_size " + std::to_string(block_size) + ", but " + std::to_string(bones) +
                 " bones x " + std::to_string(animation.frames) + " keyframes make " + std::to_string(expected));
    if (animation.frames == 0) bytes.fail(offset + 12, what + " ('" + animation.name + "')", "keyframe_count 0");
    bytes.require(offset + 20, std::uint64_t(bones) * animation.frames, 32, what + " keyframes");
    animation.keys.resize(std::size_t(bones) * animation.frames);
    for (std::size_t k = 0; k < animation.keys.size(); ++k)
      animation.keys[k] = bytes.matrix(offset + 20 + 32 * k, what + " keyframe matrix " + std::to_string(k));
    animations.push_back(std::move(animation));
    offset += block_size;
  }
  return offset;
}

Model parse_model(const Bytes& bytes) {
  if (bytes.size() >= 4) {
    const std::uint32_t magic = bytes.u32(0, "magic");
    if (magic == kMagicSamf || magic == kMagicAamf) return parse_skinned(bytes);
  }
  return parse_legacy(bytes);
}

}  // namespace aem::pipeline::aamf
