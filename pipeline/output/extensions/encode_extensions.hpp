#pragma once
// Turns a model's ExtensionContent into the payloads of its extension area, one encoder per
// extension (specs/aem-extensions.md section 4), each in its own file of this folder. Private to
// the pipeline's writer.
#include <vector>

#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// The payload of every non-empty member of content.extensions, in any order (the area writer
// sorts them); none when ExtensionContent::empty(). Throws InvalidContent naming the extension
// and element when a member does not match the version-1 content (a count, an index).
std::vector<ExtensionPayload> encode_extensions(const ModelContent& content);

}  // namespace aem::pipeline
