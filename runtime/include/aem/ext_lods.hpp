#pragma once
// The `lods` extension (specs/aem-extensions.md section 4): per mesh, levels of detail 1..n as
// index ranges over the version-1 vertex section, each with its object-space error. Level 0 is
// the mesh's own version-1 index range, which an old reader draws; a level drops triangles and
// never moves a vertex, so a game binds the same vertex buffer (and skinning) for every level.
//
// Payload layout: a LodsHeader, mesh_count LodMesh records, level_count LodLevel records,
// index_count u32 indices, then zeros to the first multiple of 16.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

class Model;

inline constexpr std::string_view kLodsExtension = "lods";
inline constexpr std::uint32_t kLodsRecordVersion = 1;

struct LodsHeader {
  std::uint32_t mesh_count;   // the header's mesh count
  std::uint32_t level_count;  // every mesh's levels together, at least 1
  std::uint32_t index_count;  // every level's indices together
  std::uint32_t reserved;     // 0
};
static_assert(sizeof(LodsHeader) == 16 && kIsRecord<LodsHeader>);

// One per version-1 mesh, in mesh order: its levels 1..level_count are the LodLevel records
// first_level.. (consecutive, following the previous mesh's). A mesh may have no levels.
struct LodMesh {
  std::uint32_t first_level;
  std::uint32_t level_count;
  std::uint32_t reserved[2];  // 0
};
static_assert(sizeof(LodMesh) == 16 && kIsRecord<LodMesh>);

// One level of detail: a triangle list of index_count indices from first_index of the payload's
// index array (consecutive, following the previous level's), numbered like the version-1 indices.
// `error` is the largest distance, in the model's units (object space), by which the simplifier
// says this level's surface departs from level 0's: finite, >= 0, non-decreasing along a mesh's
// levels; triangle counts strictly decrease from level 0 on.
struct LodLevel {
  std::uint32_t first_index;
  std::uint32_t index_count;  // a multiple of 3, at least 3
  float error;
  std::uint32_t reserved;     // 0
  std::uint32_t triangle_count() const { return index_count / 3; }
};
static_assert(sizeof(LodLevel) == 16 && offsetof(LodLevel, error) == 8 && kIsRecord<LodLevel>);

// The payload in place. Valid as long as the Model; checked at open unless the open was trusted
// (OpenOptions::validate = false).
struct LodsView {
  LodsHeader header{};
  std::span<const LodMesh> meshes;
  std::span<const LodLevel> levels;
  std::span<const std::uint32_t> indices;

  // Mesh `mesh`'s levels 1..n (empty when it has none or mesh >= meshes.size()).
  std::span<const LodLevel> levels_of(std::size_t mesh) const {
    if (mesh >= meshes.size()) return {};
    return levels.subspan(meshes[mesh].first_level, meshes[mesh].level_count);
  }
  // The indices of `level` (a record of `levels`).
  std::span<const std::uint32_t> indices_of(const LodLevel& level) const {
    return indices.subspan(level.first_index, level.index_count);
  }
};

// The model's levels of detail, or nullopt when it has none. Also nullopt for a payload whose
// size is not its header's layout, or whose meshes or levels point outside their arrays (only a
// trusted open can hand one over): the spans never leave the payload.
AEM_API std::optional<LodsView> lods_of(const Model& model);

// The coarsest level whose error is at most `allowed_error` (object space, the model's units):
// 0 (the mesh's own range) when no level of `levels` (one mesh's, LodsView::levels_of) is within
// it, or when allowed_error is NaN; else k for levels[k - 1]. Relies on errors being
// non-decreasing, as a validated open guarantees. Allocates nothing; O(levels).
constexpr std::uint32_t lod_for(std::span<const LodLevel> levels, float allowed_error) {
  std::uint32_t chosen = 0;
  for (std::size_t k = 0; k < levels.size() && levels[k].error <= allowed_error; ++k) chosen = std::uint32_t(k + 1);
  return chosen;
}

// The object-space error that projects to `pixels` on screen at `distance` from the eye, for a
// perspective camera of vertical field of view `vertical_fov` (radians) over `viewport_height`
// pixels: pixels × 2 × distance × tan(vertical_fov / 2) / viewport_height. Use the distance to
// the nearest point of the mesh's bounds (never overestimated), and divide the result by the
// instance's scale when the model is drawn scaled (errors are in the model's units). Allocates
// nothing; a distance of 0 gives 0 (full detail).
inline float allowed_object_error(float pixels, float distance, float vertical_fov, float viewport_height) {
  return pixels * 2.0f * distance * std::tan(vertical_fov * 0.5f) / viewport_height;
}

}  // namespace aem
