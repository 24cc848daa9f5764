#pragma once
// Where the arrays of a `meshlets` payload lie once its header is read, shared by the checker's
// two files (check_meshlets.cpp: the records; check_meshlet_contents.cpp: what they hold).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "extensions/payload_checks.hpp"

namespace aem::detail {

struct MeshletsLayout {
  MeshletsHeader header;
  std::uint64_t groups_at, meshlets_at, vertices_at, triangles_at;  // byte offsets in the payload
};

inline std::string meshlet_name(std::uint32_t index) { return "meshlet " + std::to_string(index); }

// Meshlet record `index` (below header.meshlet_count), copied out of the payload.
inline Meshlet meshlet_at(const PayloadInput& in, const MeshletsLayout& layout, std::uint32_t index) {
  Meshlet m;
  std::memcpy(&m, in.payload.data() + layout.meshlets_at + std::uint64_t(index) * sizeof(Meshlet), sizeof m);
  return m;
}
// The payload offset of `field` (offsetof) of meshlet record `index`.
inline std::uint64_t meshlet_offset(const MeshletsLayout& layout, std::uint32_t index, std::size_t field) {
  return layout.meshlets_at + std::uint64_t(index) * sizeof(Meshlet) + field;
}

// For a payload whose records check_meshlets has found consistent (counts, ranges, limits): every
// vertex index, packed triangle and bound, and every level's triangles covered once by its group.
std::optional<Error> check_meshlet_contents(const PayloadInput& in, const MeshletsLayout& layout,
                                            const std::optional<LodsView>& lods);

}  // namespace aem::detail
