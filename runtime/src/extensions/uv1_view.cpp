#include "aem/ext_uv1.hpp"
#include "aem/model.hpp"
#include "extensions/payload_fields.hpp"

namespace aem {

std::optional<Uv1View> uv1_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kUv1Extension);
  if (!payload || payload->size() < sizeof(Uv1Header)) return std::nullopt;
  Uv1View view;
  std::memcpy(&view.header, payload->data(), sizeof view.header);
  const std::uint64_t records = uv1_materials_offset(view.header.vertex_count);
  if (records + std::uint64_t(view.header.material_count) * sizeof(Uv1Material) > payload->size()) return std::nullopt;
  // 4-byte aligned (Model), which is all f32 and the records' u32 fields need.
  view.uvs = {reinterpret_cast<const float*>(payload->data() + sizeof(Uv1Header)), std::size_t(view.header.vertex_count) * 2};
  view.materials = {reinterpret_cast<const Uv1Material*>(payload->data() + records), view.header.material_count};
  return view;
}

}  // namespace aem
