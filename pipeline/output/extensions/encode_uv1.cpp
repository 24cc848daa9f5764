#include "output/extensions/encode_uv1.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "aem/ext_uv1.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {
namespace {

void check_content(const ModelContent& content) {
  const Uv1Content& uv1 = content.extensions.uv1;
  if (uv1.uvs.size() != content.vertices.size() || uv1.materials.size() != content.materials.size())
    throw InvalidContent("uv1: " + std::to_string(uv1.uvs.size()) + " UVs and " + std::to_string(uv1.materials.size()) +
                         " material records for " + std::to_string(content.vertices.size()) + " vertices and " +
                         std::to_string(content.materials.size()) + " materials");
  for (std::size_t v = 0; v < uv1.uvs.size(); ++v)
    if (!std::isfinite(uv1.uvs[v][0]) || !std::isfinite(uv1.uvs[v][1]))
      throw InvalidContent("uv1: vertex " + std::to_string(v) + " has a non-finite UV");
  for (std::size_t m = 0; m < uv1.materials.size(); ++m) {
    const Uv1Material& r = uv1.materials[m];
    const bool sets_ok = r.base_colour_set <= 1 && r.normal_set <= 1 && r.pbr_set <= 1 && r.occlusion_set <= 1;
    const bool texture_ok = r.occlusion_texture == kUv1NoTexture || r.occlusion_texture < content.textures.size();
    if (!sets_ok || !texture_ok || r.reserved[0] != 0 || r.reserved[1] != 0)
      throw InvalidContent("uv1: material " + std::to_string(m) + ": a set other than 0 or 1, an occlusion texture "
                           "out of range or a reserved field not 0");
  }
}

}  // namespace

ExtensionPayload encode_uv1(const ModelContent& content) {
  check_content(content);
  const Uv1Content& uv1 = content.extensions.uv1;
  ExtensionPayload payload{std::string(kUv1Extension), false, kUv1RecordVersion, {}};
  std::vector<std::byte>& out = payload.bytes;
  append_record(out, Uv1Header{std::uint32_t(uv1.uvs.size()), std::uint32_t(uv1.materials.size()), {0, 0}});
  for (const std::array<float, 2>& uv : uv1.uvs) append_record(out, uv);
  out.resize(uv1_materials_offset(std::uint32_t(uv1.uvs.size())), std::byte{0});
  for (const Uv1Material& r : uv1.materials) append_record(out, r);
  return payload;  // the records end at a multiple of 16
}

}  // namespace aem::pipeline
