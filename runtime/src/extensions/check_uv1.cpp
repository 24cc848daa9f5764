#include <string>

#include "aem/ext_uv1.hpp"
#include "extensions/float_scan.hpp"
#include "extensions/payload_checks.hpp"
#include "extensions/payload_fields.hpp"

namespace aem::detail {
namespace {

std::optional<Error> check_uvs(const PayloadInput& in, std::uint32_t count) {
  const std::uint64_t k = first_non_finite(in.payload.data() + sizeof(Uv1Header), std::size_t(count) * 2);
  if (k == std::uint64_t(count) * 2) return std::nullopt;
  return payload_problem(in, sizeof(Uv1Header) + k * 4,
                         "uvs: vertex " + std::to_string(k / 2) + (k % 2 ? " v" : " u") + " is not finite");
}

std::optional<Error> check_material(const PayloadInput& in, std::uint64_t at, std::uint32_t index) {
  const std::string where = "materials[" + std::to_string(index) + "].";
  const char* sets[4] = {"base_colour_set", "normal_set", "pbr_set", "occlusion_set"};
  for (std::size_t s = 0; s < 4; ++s)
    if (const auto set = std::to_integer<unsigned>(in.payload[at + s]); set > 1)
      return payload_problem(in, at + s, where + sets[s] + ": " + std::to_string(set) + " is not 0 or 1");
  const std::uint32_t texture = payload_u32(in.payload, at + offsetof(Uv1Material, occlusion_texture));
  if (texture != kUv1NoTexture && texture >= in.model.header.texture_count)
    return payload_problem(in, at + offsetof(Uv1Material, occlusion_texture),
                           where + "occlusion_texture: " + std::to_string(texture) + " is not one of the " +
                               std::to_string(in.model.header.texture_count) + " textures");
  return check_reserved(in, at + offsetof(Uv1Material, reserved), 2, (where + "reserved").c_str());
}

}  // namespace

std::optional<Error> check_uv1(const PayloadInput& in) {
  if (std::optional<Error> e = check_header_fits(in, sizeof(Uv1Header))) return e;
  const std::uint32_t vertices = payload_u32(in.payload, offsetof(Uv1Header, vertex_count));
  if (vertices != in.model.header.vertex_count)
    return payload_problem(in, offsetof(Uv1Header, vertex_count),
                           "vertex_count: " + std::to_string(vertices) + " but the model has " +
                               std::to_string(in.model.header.vertex_count) + " vertices");
  const std::uint32_t materials = payload_u32(in.payload, offsetof(Uv1Header, material_count));
  if (materials != in.model.header.material_count)
    return payload_problem(in, offsetof(Uv1Header, material_count),
                           "material_count: " + std::to_string(materials) + " but the model has " +
                               std::to_string(in.model.header.material_count) + " materials");
  if (std::optional<Error> e = check_reserved(in, offsetof(Uv1Header, reserved), 2, "reserved")) return e;
  const std::uint64_t uvs_end = sizeof(Uv1Header) + std::uint64_t(vertices) * 8;
  const std::uint64_t records = uv1_materials_offset(vertices);
  if (std::optional<Error> e = check_padded_end(in, records + std::uint64_t(materials) * sizeof(Uv1Material))) return e;
  for (std::uint64_t i = uvs_end; i < records; ++i)
    if (in.payload[i] != std::byte{0}) return payload_problem(in, i, "padding: a non-zero byte after the uvs");
  if (std::optional<Error> e = check_uvs(in, vertices)) return e;
  for (std::uint32_t m = 0; m < materials; ++m)
    if (std::optional<Error> e = check_material(in, records + std::uint64_t(m) * sizeof(Uv1Material), m)) return e;
  return std::nullopt;
}

}  // namespace aem::detail
