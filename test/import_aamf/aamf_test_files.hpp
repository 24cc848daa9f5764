#pragma once
// AAMF files built byte by byte for the AAMF producer's tests and the fuzz seeds: a SAMF v2 model
// (two bones, a triangle on each, a 3-frame animation), a legacy one (two bones, an F3 on the
// first and a G4 on the second, a 2-frame animation) and a legacy one with every polygon kind (the
// quads on one bone, the triangles on the other, a 3-frame animation). Layouts:
// specs/samf-export.md and specs/aamf-import.md.
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace aem::test::aamf {

struct Writer {
  std::vector<unsigned char> bytes;
  void u8(unsigned v) { bytes.push_back(static_cast<unsigned char>(v)); }
  void u16(unsigned v) { u8(v & 0xff); u8((v >> 8) & 0xff); }
  void u32(std::uint32_t v) { u16(v & 0xffff); u16(v >> 16); }
  void i16(int v) { u16(static_cast<unsigned>(static_cast<std::uint16_t>(static_cast<std::int16_t>(v)))); }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void svector(int x, int y, int z) { i16(x); i16(y); i16(z); i16(0); }
  // m row-major (m[row][col]), t in 4.12.
  void matrix(const std::array<int, 9>& m, const std::array<int, 3>& t) {
    for (int v : m) i16(v);
    i16(0);
    for (int v : t) i32(v);
  }
  void name8(const std::string& name) { for (std::size_t i = 0; i < 8; ++i) u8(i < name.size() ? static_cast<unsigned char>(name[i]) : 0); }
  void put_u32_at(std::size_t at, std::uint32_t v) { for (int i = 0; i < 4; ++i) bytes[at + std::size_t(i)] = static_cast<unsigned char>(v >> (8 * i)); }
};

inline constexpr std::array<int, 9> kIdentity = {4096, 0, 0, 0, 4096, 0, 0, 0, 4096};

// Bone 1's keyframe k: k × 30° about z, quantized.
inline std::array<int, 9> rotation_z(int k) {
  const double a = k * 30.0 * 3.14159265358979323846 / 180.0;
  const int c = int(std::lround(std::cos(a) * 4096)), s = int(std::lround(std::sin(a) * 4096));
  return {c, -s, 0, s, c, 0, 0, 0, 4096};
}
// Bone 0's keyframe k: a translation up by 1 + 0.1 k (in 4.12 steps: 4096 + 410 k).
inline std::array<int, 3> bone0_translation(int k) { return {0, 4096 + 410 * k, 0}; }

// SAMF v2: bone 0 root (bind translation (0, 1, 0)), bone 1 its child (bind translation (1, 0, 0));
// vertices 0-2 weigh 255 on bone 0, vertices 3-5 weigh 200 on bone 1 and 55 on bone 0.
inline std::vector<unsigned char> samf_file(const char* magic = "SAMF") {
  Writer w;
  for (int i = 0; i < 4; ++i) w.u8(static_cast<unsigned char>(magic[i]));
  w.u16(2); w.u16(2); w.u16(1); w.u32(6); w.u16(2);
  w.u16(0); w.u16(0); w.u16(1); w.u16(0);
  w.matrix(kIdentity, {0, 4096, 0});
  w.matrix(kIdentity, {4096, 0, 0});
  const int positions[6][3] = {{0, 0, 0}, {4096, 0, 0}, {0, 4096, 0}, {4096, 4096, 0}, {8192, 4096, 0}, {4096, 8192, 0}};
  for (const auto& p : positions) w.svector(p[0], p[1], p[2]);
  for (int v = 0; v < 6; ++v) w.svector(0, 0, 4096);
  for (int v = 0; v < 6; ++v) {
    if (v < 3) { w.u8(0); w.u8(0); w.u8(0); w.u8(0); w.u8(255); w.u8(0); w.u8(0); w.u8(0); }
    else { w.u8(1); w.u8(0); w.u8(0); w.u8(0); w.u8(200); w.u8(55); w.u8(0); w.u8(0); }
  }
  w.u16(0); w.u16(1); w.u16(2); w.u16(3); w.u16(4); w.u16(5);
  w.u32(20 + 32 * 2 * 3); w.name8("wave"); w.u32(3); w.u32(0);
  for (int k = 0; k < 3; ++k) w.matrix(kIdentity, bone0_translation(k));
  for (int k = 0; k < 3; ++k) w.matrix(rotation_z(k), {4096, 0, 0});
  return w.bytes;
}

// The start of one bone's AMF block: u32 block_size (0 here: put_u32_at sets it once the polygons
// are written), AMF_HEADER with the texture names, the chunk table (one chunk), the chunk's
// polygon counts (F4, G4, FT4, GT4, F3, G3, FT3, GT3) and its 8 null pointers.
inline void amf_block_start(Writer& w, const std::vector<std::string>& textures, const std::array<int, 8>& counts) {
  w.u32(0);
  w.u32(std::uint32_t(textures.size())); w.u16(1); w.u16(1); for (int i = 0; i < 4; ++i) w.i32(0);
  for (const std::string& name : textures) w.name8(name);
  w.u32(0);
  for (int count : counts) w.u16(std::uint16_t(count));
  for (int i = 0; i < 8; ++i) w.u32(0);
}

// One bone's AMF block (its u32 block_size first): one chunk holding `f3` F3s and `g4` G4s.
inline void amf_block(Writer& w, int f3, int g4, int y) {
  const std::size_t start = w.bytes.size();
  amf_block_start(w, {}, {0, g4, 0, 0, f3, 0, 0, 0});
  for (int q = 0; q < g4; ++q) {                   // PG4: v0-v3, n0-n3, POLY_G4
    w.svector(0, y, 0); w.svector(4096, y, 0); w.svector(0, y + 4096, 0); w.svector(4096, y + 4096, 0);
    for (int n = 0; n < 4; ++n) w.svector(0, 0, -4096);
    w.u32(0);
    for (int c = 0; c < 4; ++c) { w.u8(200); w.u8(100); w.u8(50); w.u8(c == 0 ? 0x38 : 0); w.u32(0); }
  }
  for (int t = 0; t < f3; ++t) {                   // PF3: v0-v2, n, POLY_F3
    w.svector(0, y, 0); w.svector(0, y + 4096, 0); w.svector(4096, y, 0);
    w.svector(0, 0, -4096);
    w.u32(0); w.u8(10); w.u8(20); w.u8(30); w.u8(0x20); w.u32(0); w.u32(0); w.u32(0);
  }
  w.put_u32_at(start, std::uint32_t(w.bytes.size() - start));
}

// Legacy: bone 0 root with one F3, bone 1 (child of 0) with one G4; animation "idle", 2 frames:
// bone 0 at identity, bone 1 moved up by 2 (frame 0) and 3 (frame 1).
inline std::vector<unsigned char> legacy_file() {
  Writer w;
  w.u16(2); w.u16(1);
  w.u16(0); w.u16(0); w.u16(1); w.u16(0);
  amf_block(w, 1, 0, 0);
  amf_block(w, 0, 1, 0);
  w.u32(20 + 32 * 2 * 2); w.name8("idle"); w.u32(2); w.u32(0);
  for (int k = 0; k < 2; ++k) w.matrix(kIdentity, {0, 0, 0});
  for (int k = 0; k < 2; ++k) w.matrix(kIdentity, {0, 4096 * (2 + k), 0});
  return w.bytes;
}

// The every-kind file's polygons. Polygon kind k (F4, G4, FT4, GT4, F3, G3, FT3, GT3) has its
// corners at (0, 0, k), (1, 0, k), (0, 1, k) and, for a quad, (1, 1, k); a flat kind's one
// normal is (0, 0, -1), a Gouraud kind's corner c has kGouraudNormals[c]. FT4 and FT3 name
// texture 1, GT4 and GT3 texture 0 (of kPolygonTextures). The POLY_* parts the reader skips
// (tags, screen xy, uv, clut, tpage) hold kFiller, so a reader looking there for a texture index
// fails.
inline constexpr int kPolygonCorners[8] = {4, 4, 4, 4, 3, 3, 3, 3};
inline constexpr bool kPolygonGouraud[8] = {false, true, false, true, false, true, false, true};
inline constexpr std::array<std::array<int, 3>, 4> kGouraudNormals = {{{0, 0, -4096}, {0, -4096, 0}, {-4096, 0, 0}, {0, 0, 4096}}};
inline constexpr std::uint32_t kFiller = 0x55555555;
inline const std::vector<std::string> kPolygonTextures = {"stone___", "grass___"};

// One polygon of kind `kind` (0-7) as the game's model.h lays it out (specs/aamf-import.md §3).
inline void polygon(Writer& w, int kind) {
  const int corners = kPolygonCorners[kind];
  const bool gouraud = kPolygonGouraud[kind], textured = kind % 4 >= 2;
  for (int c = 0; c < corners; ++c) w.svector(4096 * (c & 1), 4096 * (c >> 1), 4096 * kind);
  for (int c = 0; c < (gouraud ? corners : 1); ++c) {
    const auto& n = gouraud ? kGouraudNormals[std::size_t(c)] : kGouraudNormals[0];
    w.svector(n[0], n[1], n[2]);
  }
  const auto rgb = [&](int c) { w.u8(40 * unsigned(c + 1)); w.u8(30 * unsigned(kind)); w.u8(7); };
  const std::uint32_t texture = kind % 4 == 2 ? 1 : 0;
  if (kind == 3) {                                 // GT4: c0-c3 CVECTORs, texture, POLY_GT4 (13 words)
    for (int c = 0; c < 4; ++c) { rgb(c); w.u8(0); }
    w.u32(texture);
    for (int i = 0; i < 13; ++i) w.u32(kFiller);
    return;
  }
  if (textured) w.u32(texture);
  w.u32(kFiller);                                  // POLY_* tag
  if (gouraud) {                                   // G4, G3: (rgb code, xy) per corner; GT3: and uv
    for (int c = 0; c < corners; ++c) { rgb(c); w.u8(0x30); w.u32(kFiller); if (textured) w.u32(kFiller); }
    return;
  }
  rgb(0); w.u8(0x20);                              // flat: one rgb code, then xy (and uv) words
  for (int i = 0; i < (textured ? 2 * corners : corners); ++i) w.u32(kFiller);
}

// Legacy, every polygon kind: bone 0 (root) holds one F4, G4, FT4 and GT4, bone 1 (its child) one
// F3, G3, FT3 and GT3; animation "walk", 3 frames of kEveryKindKeys: in frame 0 (the rest pose)
// bone 0 at identity and bone 1 moved by kRestZ along z (its triangles bake there), a distinct
// pose per bone in frames 1 and 2.
struct Key {
  std::array<int, 9> m;
  std::array<int, 3> t;
};
inline constexpr int kRestZ = 10;
inline const Key kEveryKindKeys[2][3] = {
    {{kIdentity, {0, 0, 0}}, {kIdentity, {0, 0, 4096}}, {{0, -4096, 0, 4096, 0, 0, 0, 0, 4096}, {8192, 0, 0}}},
    {{kIdentity, {0, 0, 4096 * kRestZ}}, {kIdentity, {4096, 0, 0}}, {{4096, 0, 0, 0, 0, -4096, 0, 4096, 0}, {0, 0, 12288}}},
};
inline std::vector<unsigned char> every_polygon_kind_file() {
  Writer w;
  w.u16(2); w.u16(1);
  w.u16(0); w.u16(0); w.u16(1); w.u16(0);
  for (int bone = 0; bone < 2; ++bone) {
    const std::size_t start = w.bytes.size();
    amf_block_start(w, kPolygonTextures, bone == 0 ? std::array<int, 8>{1, 1, 1, 1, 0, 0, 0, 0} : std::array<int, 8>{0, 0, 0, 0, 1, 1, 1, 1});
    for (int kind = 4 * bone; kind < 4 * bone + 4; ++kind) polygon(w, kind);
    w.put_u32_at(start, std::uint32_t(w.bytes.size() - start));
  }
  w.u32(20 + 32 * 2 * 3); w.name8("walk"); w.u32(3); w.u32(0);
  for (const auto& bone : kEveryKindKeys)
    for (const Key& key : bone) w.matrix(key.m, key.t);
  return w.bytes;
}

}  // namespace aem::test::aamf
