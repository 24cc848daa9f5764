#pragma once
// E3D files built byte by byte, for the E3D tests and the E3D fuzzer's seeds: blocks, and the
// spec's cube (cube1.e3d's meshes block) placed by nodes and animated by frame tracks.
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace aem::test {

inline void put_u16(std::vector<std::uint8_t>& b, std::uint16_t v) { b.push_back(std::uint8_t(v)); b.push_back(std::uint8_t(v >> 8)); }
inline void put_u32(std::vector<std::uint8_t>& b, std::uint32_t v) { for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i))); }

inline std::vector<std::uint8_t> block(std::uint16_t type, const std::vector<std::uint8_t>& body) {
  std::vector<std::uint8_t> b;
  put_u16(b, type);
  put_u32(b, std::uint32_t(body.size() + 6));
  b.insert(b.end(), body.begin(), body.end());
  return b;
}

inline std::vector<std::uint8_t> version_block() { return {0x01, 0x00, 0x0c, 0, 0, 0, 'E', '3', 'D', 'F', 0x00, 0x01}; }

inline std::vector<std::uint8_t> cat(std::initializer_list<std::vector<std::uint8_t>> parts) {
  std::vector<std::uint8_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

inline std::vector<std::uint8_t> floats(std::initializer_list<float> values) {
  std::vector<std::uint8_t> out(values.size() * 4);
  std::memcpy(out.data(), std::data(values), out.size());
  return out;
}

inline std::vector<std::uint8_t> u32_body(std::uint32_t v) {
  std::vector<std::uint8_t> b;
  put_u32(b, v);
  return b;
}

// A string as E3D stores it: uint16 length, then the bytes.
inline std::vector<std::uint8_t> text_body(const std::string& text) {
  std::vector<std::uint8_t> b;
  put_u16(b, std::uint16_t(text.size()));
  b.insert(b.end(), text.begin(), text.end());
  return b;
}

// A frame track: uint32 key count, the loop flag, the key frames, then its sub-blocks.
inline std::vector<std::uint8_t> track(std::initializer_list<std::uint32_t> frames, bool loop,
                                       std::initializer_list<std::vector<std::uint8_t>> children) {
  std::vector<std::uint8_t> body;
  put_u32(body, std::uint32_t(frames.size()));
  body.push_back(loop ? 1 : 0);
  for (std::uint32_t f : frames) put_u32(body, f);
  for (const auto& child : children) body.insert(body.end(), child.begin(), child.end());
  return block(0xA100, body);
}

// cube1.e3d's meshes block (bytes 12-445: mesh ID 1).
inline std::vector<std::uint8_t> cube_meshes(const std::vector<std::uint8_t>& cube1) {
  return {cube1.begin() + 12, cube1.begin() + 446};
}

// The cube placed by node ID 5 and animated over frames 0-30 by a position track ((0, 0, 0),
// (1, 2, 0), (0, 0, 3)) and a yaw track (0, 170, -170 degrees, rotation order 4), both keyed at
// frames 0, 15 and 30 with default TCB: what E3dImport.FrameTracksBakeToAnAnimation samples.
inline std::vector<std::uint8_t> animated_cube(const std::vector<std::uint8_t>& cube1) {
  const auto node = block(0x3020, u32_body(5));
  const auto nodes = block(0x3000, block(0x3010, cat({node, block(0x1020, u32_body(1))})));
  const auto position = track({0, 15, 30}, false, {block(0xA210, floats({0, 0, 0, 1, 2, 0, 0, 0, 3})), node});
  const auto yaw = track({0, 15, 30}, false, {block(0xA120, {4}), block(0xA240, floats({0, 170, -170})), node});
  std::vector<std::uint8_t> range;
  for (std::uint32_t f : {0u, 30u, 0u}) put_u32(range, f);
  const auto animations = block(0xA000, block(0xA010, cat({block(0xA022, range), position, yaw})));
  return cat({version_block(), cube_meshes(cube1), nodes, animations});
}

// Every kind of frame track the producer reads, for the fuzzer's seeds: on node ID 5, position,
// scaling and quaternion rotation tracks with TCB and ease values, one looping; on the node named
// "spinner" (found by name, as older files do), yaw, pitch and roll with rotation order 2; a
// camera FOV track (dropped with a warning); and a second animation without a frame range.
inline std::vector<std::uint8_t> animated_cube_every_track(const std::vector<std::uint8_t>& cube1) {
  const auto id = block(0x3020, u32_body(5));
  const auto name = block(0x3021, text_body("spinner"));
  const auto mesh = block(0x1020, u32_body(1));
  const auto nodes = block(0x3000, cat({block(0x3010, cat({id, mesh})), block(0x3010, cat({block(0x3020, u32_body(6)), name, mesh}))}));
  const auto tcb = block(0xA110, floats({0.5f, -0.25f, 0.3f, 0.2f, 0, 0, 0.5f, -0.5f, 0, 0.4f, -0.2f, 0, 0.1f, 0.3f, 0.3f}));
  const auto position = track({0, 10, 20}, false, {tcb, block(0xA210, floats({0, 0, 0, 1, -1, 2, 0, 0.5f, 0})), id});
  const auto scaling = track({0, 10, 20}, true, {tcb, block(0xA220, floats({1, 1, 1, 2, 1, 0.5f, 1, 1, 1})), id});
  const auto rotation = track({0, 10, 20}, false, {block(0xA230, floats({1, 0, 0, 0, 0.7071f, 0, 0.7071f, 0, 0, 0, 0, 1})), id});
  const auto yaw = track({0, 20}, false, {block(0xA120, {2}), block(0xA240, floats({0, 350})), name});
  const auto pitch = track({5, 15}, false, {block(0xA120, {2}), block(0xA250, floats({-30, 30})), name});
  const auto roll = track({0, 10, 20}, true, {block(0xA120, {2}), block(0xA260, floats({0, 90, 0})), name});
  const auto camera = track({0, 20}, false, {block(0xA270, floats({45, 60})), id});
  std::vector<std::uint8_t> range;
  for (std::uint32_t f : {0u, 20u, 0u}) put_u32(range, f);
  const auto first = block(0xA010, cat({block(0xA021, text_body("every track")), block(0xA022, range), position, scaling, rotation,
                                        yaw, pitch, roll, camera}));
  const auto second = block(0xA010, cat({block(0xA021, text_body("no range")), track({3, 9}, false, {block(0xA210, floats({0, 0, 0, 0, 4, 0})), id})}));
  return cat({version_block(), cube_meshes(cube1), nodes, block(0xA000, cat({first, second}))});
}

}  // namespace aem::test
