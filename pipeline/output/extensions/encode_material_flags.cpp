#include "output/extensions/encode_material_flags.hpp"

#include <string>

#include "aem/ext_material_flags.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {

ExtensionPayload encode_material_flags(const ModelContent& content) {
  const std::vector<std::uint32_t>& flags = content.extensions.material_flags.materials;
  if (flags.size() != content.materials.size())
    throw InvalidContent("material_flags: " + std::to_string(flags.size()) + " flags for " +
                         std::to_string(content.materials.size()) + " materials");
  ExtensionPayload payload{std::string(kMaterialFlagsExtension), false, 1, {}};
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if ((flags[i] & ~kKnownMaterialFlags) != 0)
      throw InvalidContent("material_flags: material " + std::to_string(i) + " has unknown flag bits " +
                           std::to_string(flags[i]));
  }
  append_array(payload.bytes, std::span<const std::uint32_t>(flags));
  pad_to_16(payload.bytes);
  return payload;
}

}  // namespace aem::pipeline
