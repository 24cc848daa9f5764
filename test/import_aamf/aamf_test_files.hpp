#pragma once
// AAMF files built byte by byte for the AAMF producer's tests and the fuzz seeds: a SAMF v2 model
// (two bones, a triangle on each, a 3-frame animation) and a legacy one (two bones, an F3 on the
// first and a G4 on the second, a 2-frame animation). Layouts: specs/samf-export.md and
// specs/aamf-import.md.
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

// One bone's AMF block (its u32 block_size first): one chunk holding `f3` F3s and `g4` G4s.
inline void amf_block(Writer& w, int f3, int g4, int y) {
  const std::size_t start = w.bytes.size();
  w.u32(0);                                        // block_size, set below
  w.u32(0); w.u16(1); w.u16(1); for (int i = 0; i < 4; ++i) w.i32(0);  // AMF_HEADER
  w.u32(0);                                        // chunk table
  w.u16(0); w.u16(std::uint16_t(g4)); w.u16(0); w.u16(0); w.u16(std::uint16_t(f3)); w.u16(0); w.u16(0); w.u16(0);
  for (int i = 0; i < 8; ++i) w.u32(0);
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

}  // namespace aem::test::aamf
