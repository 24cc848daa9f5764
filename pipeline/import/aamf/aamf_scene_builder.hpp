#pragma once
// A parsed AAMF model as the pipeline's Scene (specs/aamf-import.md §4-§5): bones as nodes, the
// SAMF mesh skinned or the legacy meshes on their bones' nodes, animations as linear TRS channels.
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/scene.hpp"
#include "import/aamf/aamf_model.hpp"

namespace aem::pipeline::aamf {

// Appends streams' bytes to one buffer of the scene.
struct StreamWriter {
  Scene& scene;
  std::int32_t buffer;
  std::vector<unsigned char> bytes;
  std::int32_t add(const std::string& where, ComponentType type, std::uint8_t components, bool normalized, const void* data, std::size_t count);
  std::int32_t add_floats(const std::string& where, std::uint8_t components, const std::vector<float>& values) {
    return add(where, ComponentType::f32, components, false, values.data(), values.size() / components);
  }
  void finish() { scene.buffers[std::size_t(buffer)] = std::move(bytes); }
};
StreamWriter stream_writer(Scene& scene);

void add_bones(const Model& model, Scene& scene, WarningLog& warnings);       // nodes 0..bones-1
void add_meshes(const Model& model, Scene& scene, WarningLog& warnings);      // meshes, skin, mesh node
void add_animations(const Model& model, double fps, Scene& scene, WarningLog& warnings);

// "<file>: <what>: shear of <s> ..." once per model (kind "bone shear"), when a matrix's 3×3
// part is farther than half a 4.12 step from what translation, rotation and scale hold.
void warn_shear(const Scene& scene, const std::string& what, double shear, WarningLog& warnings);

}  // namespace aem::pipeline::aamf
