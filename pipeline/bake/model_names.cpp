#include "bake/model_names.hpp"

#include <string>

#include "import/assimp/utf8_repair.hpp"

namespace aem::pipeline {
namespace {

// A name as the format holds it: UTF-8 (an E3D's names are bytes of unknown encoding, read as
// Latin-1 when they are not UTF-8) up to a NUL (a glTF string may escape one).
std::string stored_name(const std::string& name) { return utf8_from_unknown(name.substr(0, name.find('\0'))); }

}  // namespace

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
