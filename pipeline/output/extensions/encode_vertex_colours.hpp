#pragma once
// The `vertex_colours` payload (specs/aem-extensions.md section 4) of ExtensionContent::vertex_colours.
#include <array>
#include <cstdint>
#include <span>

#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// The smallest encoding (aem::VertexColourEncoding) that holds every component exactly: 0 when
// each is k/255 as the runtime decodes it, 1 when each is k/65535, else 2 (f32).
std::uint32_t smallest_colour_encoding(std::span<const std::array<float, 4>> colours);

// Header, colours in the smallest encoding, zero padding. Throws InvalidContent when there is not
// one colour per vertex or a component is outside [0, 1] (naming the vertex).
ExtensionPayload encode_vertex_colours(const ModelContent& content);

}  // namespace aem::pipeline
