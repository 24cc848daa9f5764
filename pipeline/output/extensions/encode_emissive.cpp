#include "output/extensions/encode_emissive.hpp"

#include <string>

#include "aem/ext_emissive.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {

ExtensionPayload encode_emissive(const ModelContent& content) {
  const std::vector<EmissiveRecord>& records = content.extensions.emissive.materials;
  if (records.size() != content.materials.size())
    throw InvalidContent("emissive: " + std::to_string(records.size()) + " records for " +
                         std::to_string(content.materials.size()) + " materials");
  ExtensionPayload payload{std::string(kEmissiveExtension), false, 1, {}};
  for (std::size_t i = 0; i < records.size(); ++i) {
    const EmissiveRecord& r = records[i];
    if (r.texture != kNoTexture && r.texture >= content.textures.size())
      throw InvalidContent("emissive: material " + std::to_string(i) + ": texture " + std::to_string(r.texture) +
                           " is out of range");
    append_record(payload.bytes, r);
  }
  return payload;  // 32-byte records end at a multiple of 16
}

}  // namespace aem::pipeline
