#pragma once
// A parsed AAMF model as the pipeline's Scene (specs/aamf-import.md §4-§5): bones as nodes, the
// SAMF mesh skinned or the legacy meshes on their bones' nodes, animations as linear TRS channels.
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/pipeline/warning_log.hpp"
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

// Matrices whose 3×3 part translation, rotation and scale cannot hold to within half a 4.12 step
// (so that rounding gives the file's MATRIX back; fit_fixed): counted while the scene is built,
// one warning at the end (kind "bone shear") naming how many and the worst.
inline constexpr double kShearTolerance = 0.5 / 4096;
struct ShearReport {
  std::size_t count = 0;
  double worst = 0;
  std::string worst_where;
  void add(const std::string& what, double shear);
  void warn(const Scene& scene, WarningLog& warnings) const;
};

void add_bones(const Model& model, Scene& scene, ShearReport& shear);         // nodes 0..bones-1
void add_meshes(const Model& model, Scene& scene, WarningLog& warnings);      // meshes, skin, mesh node
void add_animations(const Model& model, double fps, Scene& scene, ShearReport& shear);


}  // namespace aem::pipeline::aamf
