#pragma once
// An AAMF file as read, before it becomes a Scene (specs/aamf-import.md): the bones with their
// parents and matrices, the mesh (one skinned mesh for SAMF v2, one rigid mesh per bone for the
// legacy layout) and the animations' keyframe matrices, all still in 4.12 fixed point.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace aem::pipeline::aamf {

// PsyQ's MATRIX: int16 m[3][3] row-major (v' = m·v + t), int32 t[3]; 4.12 fixed point.
struct FixedMatrix {
  std::array<std::int16_t, 9> m{};
  std::array<std::int32_t, 3> t{};
};

struct Bone {
  std::uint16_t parent = 0;  // its own index for a root
  FixedMatrix bind;          // SAMF: the bind pose relative to the parent; legacy: none (identity)
};

// A mesh as triangles over its own vertices. SAMF: the unified mesh with skin weights. Legacy:
// one bone's polygons, each corner its own vertex, rigidly on that bone.
struct MeshData {
  std::vector<std::array<std::int16_t, 3>> positions, normals;
  std::vector<std::array<std::uint8_t, 4>> bone_indices, weights;  // SAMF only
  std::vector<std::array<std::uint8_t, 4>> colors;                 // legacy only: r, g, b, 255
  std::vector<std::array<std::uint32_t, 3>> triangles;
};

struct AnimationData {
  std::string name;               // up to 8 bytes, NUL padding removed
  std::uint32_t frames = 0;
  std::vector<FixedMatrix> keys;  // bone-major: keys[frame + bone * frames]
};

// Legacy polygon kinds, in the file's order within a chunk.
enum class PolygonKind : std::uint8_t { f4, g4, ft4, gt4, f3, g3, ft3, gt3 };
inline constexpr const char* kPolygonKindNames[8] = {"F4", "G4", "FT4", "GT4", "F3", "G3", "FT3", "GT3"};

struct Model {
  bool skinned = false;             // SAMF v2 (magic) or legacy
  std::string magic;                // "SAMF" or "AAMF" when skinned
  std::vector<Bone> bones;
  std::vector<MeshData> meshes;     // SAMF: one; legacy: one per bone
  std::vector<AnimationData> animations;
  std::array<std::uint64_t, 8> polygons{};   // legacy: polygons of each PolygonKind, all bones
  std::vector<std::string> texture_names;    // legacy: every distinct name textured polygons use
};

}  // namespace aem::pipeline::aamf
