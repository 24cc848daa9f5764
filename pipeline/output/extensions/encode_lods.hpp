#pragma once
// The `lods` payload (specs/aem-extensions.md section 4) of ExtensionContent::lods.
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// Header, one record per mesh, one per level, the levels' indices, zero padding. Throws
// InvalidContent when there is not one level list per mesh; every other rule (index ranges,
// decreasing triangles, errors) is the runtime's check, which serialize_model runs on its output.
ExtensionPayload encode_lods(const ModelContent& content);

}  // namespace aem::pipeline
