#pragma once
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// The `emissive` payload of content.extensions.emissive: one 32-byte record per material. Throws
// InvalidContent when its count is not the content's material count or a record breaks its rules
// (a mode-0 record that is not the zero record, a texture out of range).
ExtensionPayload encode_emissive(const ModelContent& content);

}  // namespace aem::pipeline
