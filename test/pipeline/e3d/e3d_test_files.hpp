#pragma once
// E3D files built byte by byte, for the E3D tests and the E3D fuzzer's seeds: blocks, and the
// spec's cube (cube1.e3d's meshes block) placed by nodes and animated by frame tracks, and a quad
// with morph targets and a morph weight track.
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

// A quad with two morph targets, as Ecere's writer lays them out (targets first, placed by no node).
// E3D space: vertices (0,0,0), (1,0,0), (1,1,0), (0,1,0), normals (0,0,-1), triangles 0 1 2, 0 2 3.
// Mesh ID 2 ("smile"'s target, normals too) moves vertex 1 to (1.5,-0.5,0.25) with normal (1,0,0);
// mesh ID 3 ("grow"'s target, no normals) is every vertex doubled and moved by (0,0,1). Mesh ID 1,
// the base, placed by node ID 5 ('face'): morph 0 'smile' (default weight 0.25, target 2), morph 1
// 'grow' (0, target 3). One animation, frames 0-30, one ftkMorph track on node 5: morph 1 weights
// 0, 1, 0.5 at frames 0, 15, 30. The fields below break one rule each, for the hostile tests.
struct MorphedQuad {
  std::uint32_t declared_morphs = 2;
  std::uint32_t target_ids[2] = {2, 3};
  std::uint32_t grow_vertices = 4;    // 3: a target shorter than its base
  bool chained = false;               // target 2 has a morph of its own (towards mesh 3)
  float smile_weight = 0.25f;
  std::string smile_name = "smile", animation_name = "grin", node_name = "face";  // E3D names are bytes
  std::uint32_t track_index = 1;
  float track_weights[3] = {0, 1, 0.5f};
  bool moved = false;                 // node 5 also has a position track (so it is a joint)
  bool retracked = false;             // a second track of morph 1 follows: weights 1, 1
};

inline std::vector<std::uint8_t> e3d_morph_block(std::uint32_t id, const std::string& name, float weight, std::uint32_t target) {
  return block(0x1071, cat({block(0x1072, u32_body(id)), block(0x1073, text_body(name)), block(0x1074, floats({weight})),
                            block(0x1020, u32_body(target))}));
}

// A mesh: ID, positions (3 floats each), packed 10_10_10_2 normals (none when empty), the quad's
// two triangles (indices past the vertex count left out), then `extra` blocks.
inline std::vector<std::uint8_t> e3d_quad_mesh(std::uint32_t id, const std::vector<float>& positions,
                                              const std::vector<std::uint32_t>& normals, const std::vector<std::uint8_t>& extra) {
  const auto count = std::uint32_t(positions.size() / 3);
  std::vector<std::uint8_t> vertices(positions.size() * 4), attributes = u32_body(count), packed, faces;
  std::memcpy(vertices.data(), positions.data(), vertices.size());
  attributes = cat({attributes, block(0x2010, vertices)});
  for (std::uint32_t n : normals) put_u32(packed, n);
  if (!normals.empty()) attributes = cat({attributes, block(0x2020, packed)});
  const std::uint16_t corners[6] = {0, 1, 2, 0, 2, 3};
  put_u32(faces, count == 4 ? 2 : 1);
  for (std::uint32_t i = 0; i < (count == 4 ? 6u : 3u); ++i) put_u16(faces, corners[i]);
  return block(0x1010, cat({block(0x1020, u32_body(id)), block(0x2000, attributes), block(0x1030, faces), extra}));
}

inline std::vector<std::uint8_t> morphed_quad(const MorphedQuad& q = {}) {
  constexpr std::uint32_t kMinusZ = 512u << 20, kPlusX = 511u;  // (0,0,-1) and (1,0,0), 10_10_10_2
  std::vector<std::uint8_t> morphs = u32_body(q.declared_morphs);
  morphs = cat({morphs, e3d_morph_block(0, q.smile_name, q.smile_weight, q.target_ids[0]), e3d_morph_block(1, "grow", 0, q.target_ids[1])});
  std::vector<std::uint8_t> chain;
  if (q.chained) chain = block(0x1070, cat({u32_body(1), e3d_morph_block(0, "chain", 0, 3)}));
  std::vector<float> grow{0, 0, 1, 2, 0, 1, 2, 2, 1, 0, 2, 1};
  grow.resize(std::size_t(q.grow_vertices) * 3);
  const auto meshes = block(0x1000, cat({
      e3d_quad_mesh(2, {0, 0, 0, 1.5f, -0.5f, 0.25f, 1, 1, 0, 0, 1, 0}, {kMinusZ, kPlusX, kMinusZ, kMinusZ}, chain),
      e3d_quad_mesh(3, grow, {}, {}),
      e3d_quad_mesh(1, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, {kMinusZ, kMinusZ, kMinusZ, kMinusZ}, block(0x1070, morphs))}));
  const auto node = block(0x3020, u32_body(5));
  const auto nodes = block(0x3000, block(0x3010, cat({node, block(0x3021, text_body(q.node_name)), block(0x1020, u32_body(1))})));
  std::vector<std::uint8_t> weights = u32_body(q.track_index);
  weights = cat({weights, floats({q.track_weights[0], q.track_weights[1], q.track_weights[2]})});
  std::vector<std::uint8_t> range;
  for (std::uint32_t f : {0u, 30u, 0u}) put_u32(range, f);
  std::vector<std::uint8_t> position;
  if (q.moved) position = track({0, 30}, false, {block(0xA210, floats({0, 0, 0, 1, 0, 0})), node});
  if (q.retracked) position = cat({position, track({0, 30}, false, {block(0xA300, cat({u32_body(1), floats({1, 1})})), node})});
  const auto animation = block(0xA010, cat({block(0xA021, text_body(q.animation_name)), block(0xA022, range),
                                            track({0, 15, 30}, false, {block(0xA300, weights), node}), position}));
  return cat({version_block(), meshes, nodes, block(0xA000, animation)});
}

}  // namespace aem::test
