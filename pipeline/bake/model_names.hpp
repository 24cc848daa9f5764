#pragma once
// The `names` extension's content of a bake (specs/aem-extensions.md section 4 and section 8).
#include <cstdint>
#include <vector>

#include "aem/pipeline/extension_content.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// The name of each AEM material (`materials[i]`: its scene material, kNone for the default
// material, which has none) and of each AEM mesh (`meshes[i]`: the scene mesh whose primitive
// opened its material range, kNone for none). All empty when the scene names nothing.
NamesContent model_names(const Scene& scene, const std::vector<int>& materials,
                         const std::vector<std::int32_t>& meshes);

}  // namespace aem::pipeline
