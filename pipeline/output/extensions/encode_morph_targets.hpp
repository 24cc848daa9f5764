#pragma once
// The `morph_targets` payload (specs/aem-extensions.md section 4; records in
// aem/ext_morph_targets.hpp) of a model's ExtensionContent::morph_targets.
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// The payload of content.extensions.morph_targets, which must not be empty. Throws InvalidContent
// naming the extension and element for content the records cannot state: group target counts
// that do not add up to the targets, a span past the vertices, sparse indices out of order or
// outside the span, deltas that are not 3 per attribute per moved vertex, weight tracks other
// than animation_count × group_count, a track that is not whole keys, a count past 32 bits.
ExtensionPayload encode_morph_targets(const ModelContent& content);

}  // namespace aem::pipeline
