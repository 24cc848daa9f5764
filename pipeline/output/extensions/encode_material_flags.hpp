#pragma once
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// The `material_flags` payload of content.extensions.material_flags: one u32 per material, padded
// to 16 bytes. Throws InvalidContent when its count is not the content's material count or a
// material has a flag bit the format does not know.
ExtensionPayload encode_material_flags(const ModelContent& content);

}  // namespace aem::pipeline
