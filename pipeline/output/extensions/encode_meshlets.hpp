#pragma once
// The `meshlets` payload (specs/aem-extensions.md section 4) of ExtensionContent::meshlets.
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// Header, one record per mesh, one per group, the meshlets (their first_vertex and first_triangle
// moved from their group's arrays to the payload's), the vertex indices, the packed triangles,
// zero padding. Throws InvalidContent when there is not one group list per mesh; every other rule
// (limits, coverage of each level, bounds) is the runtime's check, which serialize_model runs on
// its output.
ExtensionPayload encode_meshlets(const ModelContent& content);

}  // namespace aem::pipeline
