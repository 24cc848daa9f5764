#pragma once
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// The `names` payload of content.extensions.names. Throws InvalidContent when its counts are not
// the content's material and mesh counts, or a name holds a NUL byte.
ExtensionPayload encode_names(const ModelContent& content);

}  // namespace aem::pipeline
