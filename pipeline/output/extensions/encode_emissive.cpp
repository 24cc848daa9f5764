#include "output/extensions/encode_emissive.hpp"

#include <string>

#include "aem/ext_emissive.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_builder.hpp"

namespace aem::pipeline {

ExtensionPayload encode_emissive(const ModelContent& content) {
  const std::vector<EmissiveRecord>& records = content.extensions.emissive.materials;
  if (records.size() != content.materials.size())
    throw InvalidContent("emissive: " + std::to_string(records.size()) + " records for " +
                         std::to_string(content.materials.size()) + " materials");
  PayloadBuilder out;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const EmissiveRecord& r = records[i];
    if (r.texture != kNoTexture && r.texture >= content.textures.size())
      throw InvalidContent("emissive: material " + std::to_string(i) + ": texture " + std::to_string(r.texture) +
                           " is out of range");
    out.u32(r.mode);
    for (const float f : r.factor) out.f32(f);
    out.f32(r.strength);
    out.u32(r.texture);
    out.u32(r.uv_set);
    out.u32(r.reserved);
  }
  return {std::string(kEmissiveExtension), false, 1, std::move(out).finish()};
}

}  // namespace aem::pipeline
