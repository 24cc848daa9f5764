#pragma once
// The `uv1` payload (specs/aem-extensions.md section 4) of ExtensionContent::uv1.
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// Header, one UV per vertex, zero padding to 16, one record per material. Throws InvalidContent
// when the counts are not the vertices' and the materials', a UV is not finite, a set is not 0
// or 1, an occlusion texture is not in the texture table or a reserved field is not 0.
ExtensionPayload encode_uv1(const ModelContent& content);

}  // namespace aem::pipeline
