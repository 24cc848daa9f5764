#include <cstring>

#include "aem/ext_lods.hpp"
#include "aem/model.hpp"
#include "extensions/payload_fields.hpp"

namespace aem {
namespace {

// Bytes the header's counts lay out (section 4), in 64 bits: no count can overflow it.
std::uint64_t lods_layout(const LodsHeader& h) {
  return sizeof(LodsHeader) + std::uint64_t(h.mesh_count) * sizeof(LodMesh) +
         std::uint64_t(h.level_count) * sizeof(LodLevel) + detail::align16(std::uint64_t(h.index_count) * 4);
}

// Every mesh's levels inside the level array and every level's indices inside the index array:
// what levels_of and indices_of rely on, checked here too because a trusted open skips the checker.
bool records_in_range(const LodsView& view) {
  for (const LodMesh& m : view.meshes)
    if (std::uint64_t(m.first_level) + m.level_count > view.levels.size()) return false;
  for (const LodLevel& l : view.levels)
    if (std::uint64_t(l.first_index) + l.index_count > view.indices.size()) return false;
  return true;
}

}  // namespace

std::optional<LodsView> lods_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kLodsExtension);
  if (!payload || payload->size() < sizeof(LodsHeader)) return std::nullopt;
  LodsView view;
  std::memcpy(&view.header, payload->data(), sizeof view.header);
  if (lods_layout(view.header) != payload->size()) return std::nullopt;
  const std::byte* at = payload->data() + sizeof(LodsHeader);  // 4-byte aligned (Model)
  view.meshes = {reinterpret_cast<const LodMesh*>(at), view.header.mesh_count};
  at += std::size_t(view.header.mesh_count) * sizeof(LodMesh);
  view.levels = {reinterpret_cast<const LodLevel*>(at), view.header.level_count};
  at += std::size_t(view.header.level_count) * sizeof(LodLevel);
  view.indices = {reinterpret_cast<const std::uint32_t*>(at), view.header.index_count};
  if (!records_in_range(view)) return std::nullopt;
  return view;
}

}  // namespace aem
