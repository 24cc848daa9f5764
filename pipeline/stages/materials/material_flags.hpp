#pragma once
// The `material_flags` extension's content of a bake (specs/aem-extensions.md section 4).
#include <cstdint>
#include <vector>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/warning_log.hpp"

namespace aem::pipeline {

// The flags of each AEM material (`materials[i]`: its scene material, kNone for the default
// material): bit 0 unlit (KHR_materials_unlit). Empty when no material has a flag. With
// BakeOptions::version_1_only, empty, and each unlit material is warned about as before the
// extension ("ignored extension" KHR_materials_unlit).
std::vector<std::uint32_t> material_flags(const Scene& scene, const std::vector<int>& materials,
                                          const BakeOptions& options, WarningLog& warnings);

}  // namespace aem::pipeline
