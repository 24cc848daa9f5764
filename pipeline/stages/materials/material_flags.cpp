#include "stages/materials/material_flags.hpp"

#include <algorithm>
#include <string>

#include "aem/ext_material_flags.hpp"

namespace aem::pipeline {

std::vector<std::uint32_t> material_flags(const Scene& scene, const std::vector<int>& materials,
                                          const BakeOptions& options, WarningLog& warnings) {
  std::vector<std::uint32_t> flags;
  for (const int m : materials) {
    const bool unlit = m != kNone && scene.materials[std::size_t(m)].unlit;
    if (unlit && options.version_1_only)
      warnings.warn("ignored extension", "KHR_materials_unlit",
                    scene.model.string() + ": " + scene.materials[std::size_t(m)].where +
                        ": extension KHR_materials_unlit ignored");
    flags.push_back(unlit && !options.version_1_only ? kMaterialUnlit : 0);
  }
  if (std::all_of(flags.begin(), flags.end(), [](std::uint32_t f) { return f == 0; })) flags.clear();
  return flags;
}

}  // namespace aem::pipeline
