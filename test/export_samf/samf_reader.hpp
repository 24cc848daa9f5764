#pragma once
// A minimal SAMF v2 reader written for the tests from the format's description
// (shared/reference/peers/samf-spec.md) and specs/samf-export.md, independently of the
// exporter: every field read byte by byte, little-endian, and the whole file consumed.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace aem::test::samf {

struct Matrix {                    // PSX MATRIX: v' = m v + t, 4.12
  std::int16_t m[3][3];
  std::int16_t pad;
  std::int32_t t[3];
};

struct Svector {
  std::int16_t x, y, z, pad;
};

struct Skin {
  std::uint8_t bones[4];
  std::uint8_t weights[4];
};

struct Animation {
  std::uint32_t block_size;
  std::string name;                // the 8 bytes up to the first NUL
  std::uint32_t keyframe_count;
  std::uint32_t keyframe_pointer;
  std::vector<Matrix> keyframes;   // keyframes[frame + bone * keyframe_count]
};

struct File {
  std::uint32_t magic;
  std::uint16_t version, bone_count, anim_count;
  std::uint32_t vertex_count;
  std::uint16_t face_count;
  std::vector<std::array<std::uint16_t, 2>> parents;  // (bone_idx, parent_idx)
  std::vector<Matrix> bind_pose;
  std::vector<Svector> positions, normals;
  std::vector<Skin> skins;
  std::vector<std::array<std::uint16_t, 3>> faces;
  std::vector<Animation> animations;
};

class Cursor {
 public:
  explicit Cursor(std::span<const std::byte> bytes) : bytes_(bytes) {}
  std::uint64_t unsigned_le(std::size_t n) {
    if (at_ + n > bytes_.size()) throw std::runtime_error("SAMF truncated at byte " + std::to_string(at_));
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t(std::to_integer<std::uint8_t>(bytes_[at_ + i])) << (8 * i);
    at_ += n;
    return v;
  }
  std::uint8_t u8() { return std::uint8_t(unsigned_le(1)); }
  std::uint16_t u16() { return std::uint16_t(unsigned_le(2)); }
  std::uint32_t u32() { return std::uint32_t(unsigned_le(4)); }
  std::int16_t i16() { return std::int16_t(u16()); }
  std::int32_t i32() { return std::int32_t(u32()); }
  std::size_t at() const { return at_; }
  std::size_t size() const { return bytes_.size(); }

 private:
  std::span<const std::byte> bytes_;
  std::size_t at_ = 0;
};

inline Matrix read_matrix(Cursor& c) {
  Matrix m{};
  for (auto& row : m.m)
    for (auto& e : row) e = c.i16();
  m.pad = c.i16();
  for (auto& t : m.t) t = c.i32();
  return m;
}

inline Svector read_svector(Cursor& c) {
  Svector v{};
  v.x = c.i16(), v.y = c.i16(), v.z = c.i16(), v.pad = c.i16();
  return v;
}

inline Animation read_animation(Cursor& c, std::uint16_t bone_count) {
  Animation a{};
  const std::size_t start = c.at();
  a.block_size = c.u32();
  for (int i = 0; i < 8; ++i) {
    const char ch = char(c.u8());
    if (ch == '\0') a.name.push_back('\0');
    else a.name.push_back(ch);
  }
  a.name = a.name.substr(0, a.name.find('\0'));
  a.keyframe_count = c.u32();
  a.keyframe_pointer = c.u32();
  for (std::size_t i = 0; i < std::size_t(a.keyframe_count) * bone_count; ++i) a.keyframes.push_back(read_matrix(c));
  if (c.at() - start != a.block_size) throw std::runtime_error("SAMF animation block_size disagrees with its contents");
  return a;
}

// Throws std::runtime_error for a truncated file or bytes left over.
inline File read(std::span<const std::byte> bytes) {
  Cursor c(bytes);
  File f{};
  f.magic = c.u32();
  f.version = c.u16(), f.bone_count = c.u16(), f.anim_count = c.u16();
  f.vertex_count = c.u32();
  f.face_count = c.u16();
  for (std::uint16_t i = 0; i < f.bone_count; ++i) f.parents.push_back({c.u16(), c.u16()});
  for (std::uint16_t i = 0; i < f.bone_count; ++i) f.bind_pose.push_back(read_matrix(c));
  for (std::uint32_t i = 0; i < f.vertex_count; ++i) f.positions.push_back(read_svector(c));
  for (std::uint32_t i = 0; i < f.vertex_count; ++i) f.normals.push_back(read_svector(c));
  for (std::uint32_t i = 0; i < f.vertex_count; ++i) {
    Skin s{};
    for (auto& b : s.bones) b = c.u8();
    for (auto& w : s.weights) w = c.u8();
    f.skins.push_back(s);
  }
  for (std::uint16_t i = 0; i < f.face_count; ++i) f.faces.push_back({c.u16(), c.u16(), c.u16()});
  for (std::uint16_t i = 0; i < f.anim_count; ++i) f.animations.push_back(read_animation(c, f.bone_count));
  if (c.at() != c.size()) throw std::runtime_error("SAMF has " + std::to_string(c.size() - c.at()) + " bytes left over");
  return f;
}

}  // namespace aem::test::samf
