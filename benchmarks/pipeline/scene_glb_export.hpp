#pragma once
// Writes a pipeline Scene as a binary glTF (.glb), so that a model a producer read (an E3D file,
// say) can be baked again through the glTF producer and the two imports timed against each other.
// The Scene is glTF-shaped (scene.hpp): streams become accessors over one tightly packed BIN
// chunk, images are embedded, nodes, meshes, materials, textures, samplers and animations map one
// to one. Benchmark support, not a product exporter.
#include <filesystem>

#include "aem/pipeline/scene.hpp"

namespace aem::bench {

// Writes `scene` to `glb`. Throws std::runtime_error for what glTF cannot carry as the Scene holds
// it (sparse streams, images without pixels or in a format glTF does not embed) rather than
// writing a model that would bake to something else.
void write_scene_as_glb(const aem::pipeline::Scene& scene, const std::filesystem::path& glb);

}  // namespace aem::bench
