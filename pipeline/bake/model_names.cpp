#include "bake/model_names.hpp"

#include <string>

#include "scene/utf8_repair.hpp"

namespace aem::pipeline {

NamesContent model_names(const Scene& scene, const std::vector<int>& materials,
                         const std::vector<std::int32_t>& meshes) {
  NamesContent names;
  for (const int m : materials)
    names.materials.push_back(m == kNone ? std::string() : stored_name(scene.materials[std::size_t(m)].name));
  for (const std::int32_t m : meshes)
    names.meshes.push_back(m == kNone ? std::string() : stored_name(scene.meshes[std::size_t(m)].name));
  return names;
}

}  // namespace aem::pipeline
