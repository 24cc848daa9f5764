#pragma once
// The checks of BakeOptions::limits that belong to no single stage: each throws BakeError naming
// the model, the amount, the limit and the option that raises it, before the memory is spent.
#include <cstdint>
#include <filesystem>

#include "aem/pipeline/bake_limits.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// The vertices of every mesh instance the baked scene places (per primitive its POSITION count or
// its index count, whichever is more; a mesh placed by three nodes counts three times), against
// limits.max_vertices; checked before any is read.
void check_vertex_limit(const Scene& scene, const BakeLimits& limits);

// The size of the AEM file a bake would write, against limits.max_output_bytes.
void check_output_limit(const std::filesystem::path& model, std::uint64_t bytes, const BakeLimits& limits);

}  // namespace aem::pipeline
