#include <cmath>
#include <cstring>
#include <string>

#include "aem/ext_lods.hpp"
#include "extensions/payload_checks.hpp"
#include "extensions/payload_fields.hpp"

namespace aem::detail {
namespace {

constexpr std::uint64_t kMeshesAt = sizeof(LodsHeader);

struct LodsLayout {
  LodsHeader header;
  std::uint64_t levels_at, indices_at;
};

std::string level_name(std::uint32_t mesh, std::uint32_t level) {
  return "mesh " + std::to_string(mesh) + " level " + std::to_string(level);
}

// The header's counts against the model and the payload's size.
std::optional<Error> check_lods_header(const PayloadInput& in, LodsLayout& layout) {
  if (std::optional<Error> e = check_header_fits(in, sizeof(LodsHeader))) return e;
  std::memcpy(&layout.header, in.payload.data(), sizeof(LodsHeader));
  const LodsHeader& h = layout.header;
  if (h.mesh_count != in.model.header.mesh_count)
    return payload_problem(in, offsetof(LodsHeader, mesh_count), "mesh_count: " + std::to_string(h.mesh_count) +
                                                                     " but the model has " +
                                                                     std::to_string(in.model.header.mesh_count) + " meshes");
  if (h.level_count == 0) return payload_problem(in, offsetof(LodsHeader, level_count), "level_count: 0, at least 1 is required");
  if (std::optional<Error> e = check_reserved(in, offsetof(LodsHeader, reserved), 1, "reserved")) return e;
  layout.levels_at = kMeshesAt + std::uint64_t(h.mesh_count) * sizeof(LodMesh);
  layout.indices_at = layout.levels_at + std::uint64_t(h.level_count) * sizeof(LodLevel);
  return check_padded_end(in, layout.indices_at + std::uint64_t(h.index_count) * 4);
}

// Mesh records: levels consecutive from 0, covering level_count.
std::optional<Error> check_lod_meshes(const PayloadInput& in, const LodsLayout& layout) {
  std::uint64_t next = 0;
  for (std::uint32_t m = 0; m < layout.header.mesh_count; ++m) {
    const std::uint64_t at = kMeshesAt + std::uint64_t(m) * sizeof(LodMesh);
    const std::uint32_t first = payload_u32(in.payload, at);
    if (first != next)
      return payload_problem(in, at, "mesh " + std::to_string(m) + " first_level: " + std::to_string(first) +
                                         " but its levels follow the previous mesh's at " + std::to_string(next));
    next += payload_u32(in.payload, at + offsetof(LodMesh, level_count));
    if (next > layout.header.level_count)
      return payload_problem(in, at + offsetof(LodMesh, level_count),
                             "mesh " + std::to_string(m) + " level_count: its levels end at " + std::to_string(next) +
                                 ", past the header's level_count " + std::to_string(layout.header.level_count));
    if (std::optional<Error> e = check_reserved(in, at + offsetof(LodMesh, reserved), 2, "mesh reserved")) return e;
  }
  if (next != layout.header.level_count)
    return payload_problem(in, offsetof(LodsHeader, level_count),
                           "level_count: " + std::to_string(layout.header.level_count) + " but the meshes have " +
                               std::to_string(next) + " levels");
  return std::nullopt;
}

// One level against the previous one of its mesh (`previous_triangles`, `previous_error`) and
// the running index position `next_index`.
std::optional<Error> check_lod_level(const PayloadInput& in, std::uint64_t at, const std::string& name,
                                     std::uint64_t& next_index, std::uint32_t previous_triangles, float previous_error) {
  LodLevel level;
  std::memcpy(&level, in.payload.data() + at, sizeof level);
  if (level.first_index != next_index)
    return payload_problem(in, at, name + " first_index: " + std::to_string(level.first_index) +
                                       " but its indices follow the previous level's at " + std::to_string(next_index));
  const std::uint64_t count_at = at + offsetof(LodLevel, index_count);
  if (level.index_count == 0 || level.index_count % 3 != 0)
    return payload_problem(in, count_at, name + " index_count: " + std::to_string(level.index_count) +
                                             " is not a positive multiple of 3");
  next_index += level.index_count;
  if (level.triangle_count() >= previous_triangles)
    return payload_problem(in, count_at, name + " index_count: " + std::to_string(level.triangle_count()) +
                                             " triangles, not fewer than the previous level's " +
                                             std::to_string(previous_triangles));
  const std::uint64_t error_at = at + offsetof(LodLevel, error);
  if (!std::isfinite(level.error))
    return payload_problem(in, error_at, name + " error: " + std::to_string(level.error) + " is not finite");
  if (level.error < previous_error)  // level 0's error is 0: no error is negative
    return payload_problem(in, error_at, name + " error: " + std::to_string(level.error) +
                                             " is below the previous level's " + std::to_string(previous_error));
  return check_reserved(in, at + offsetof(LodLevel, reserved), 1, "level reserved");
}

// Every level of every mesh, in order; the indices consecutive and covering index_count.
std::optional<Error> check_lod_levels(const PayloadInput& in, const LodsLayout& layout) {
  std::uint64_t next_index = 0;
  std::uint32_t level_number = 0;
  for (std::uint32_t m = 0; m < layout.header.mesh_count; ++m) {
    const std::uint32_t count = payload_u32(in.payload, kMeshesAt + std::uint64_t(m) * sizeof(LodMesh) + 4);
    std::uint32_t triangles = in.model.meshes[m].index_count / 3;
    float error = 0;
    for (std::uint32_t k = 1; k <= count; ++k, ++level_number) {
      const std::uint64_t at = layout.levels_at + std::uint64_t(level_number) * sizeof(LodLevel);
      if (std::optional<Error> e = check_lod_level(in, at, level_name(m, k), next_index, triangles, error)) return e;
      if (next_index > layout.header.index_count)
        return payload_problem(in, at + 4, level_name(m, k) + " index_count: its indices end at " +
                                               std::to_string(next_index) + ", past the header's index_count " +
                                               std::to_string(layout.header.index_count));
      triangles = payload_u32(in.payload, at + 4) / 3;
      std::memcpy(&error, in.payload.data() + at + 8, 4);
    }
  }
  if (next_index != layout.header.index_count)
    return payload_problem(in, offsetof(LodsHeader, index_count),
                           "index_count: " + std::to_string(layout.header.index_count) + " but the levels use " +
                               std::to_string(next_index));
  return std::nullopt;
}

// Every index names a vertex of the version-1 vertex section, as the core's indices must.
std::optional<Error> check_lod_indices(const PayloadInput& in, const LodsLayout& layout) {
  const std::uint32_t vertex_count = in.model.header.vertex_count;
  const std::byte* indices = in.payload.data() + layout.indices_at;
  std::uint32_t bad = 0;
  for (std::uint32_t i = 0; i < layout.header.index_count; ++i) {  // branch-free: the scan runs at memory speed
    std::uint32_t v;
    std::memcpy(&v, indices + std::size_t(i) * 4, 4);
    bad |= std::uint32_t(v >= vertex_count);
  }
  if (!bad) return std::nullopt;
  for (std::uint32_t i = 0;; ++i)
    if (const std::uint32_t v = payload_u32(in.payload, layout.indices_at + std::uint64_t(i) * 4); v >= vertex_count)
      return payload_problem(in, layout.indices_at + std::uint64_t(i) * 4,
                             "index " + std::to_string(i) + ": " + std::to_string(v) + " is not below the vertex count " +
                                 std::to_string(vertex_count));
}

}  // namespace

std::optional<Error> check_lods(const PayloadInput& in) {
  LodsLayout layout{};
  if (std::optional<Error> e = check_lods_header(in, layout)) return e;
  if (std::optional<Error> e = check_lod_meshes(in, layout)) return e;
  if (std::optional<Error> e = check_lod_levels(in, layout)) return e;
  return check_lod_indices(in, layout);
}

}  // namespace aem::detail
