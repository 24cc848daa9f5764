#pragma once
// Turns an E3D Model into the pipeline's Scene (specs/scene-description.md §2.1 conventions):
// right-handed space, x/y/z/w quaternions, seconds, glTF's material model. What cannot be
// carried over is warned about, naming the model and element (specs/e3d-import.md).
#include <cstdint>
#include <filesystem>
#include <map>
#include <vector>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"
#include "import/e3d/e3d_model.hpp"

namespace aem::pipeline::e3d {

// Frames per second of E3D animation frames (the spec gives none; Ecere plays its models' frames
// at this rate, the 3DS heritage of its frame tracks).
inline constexpr double kFramesPerSecond = 30;

// The scene for `model` read from `path`. Throws BakeError for references that lead nowhere in a
// way that would make the output wrong (a node naming a mesh ID no mesh has, two meshes with one ID).
Scene build_scene(const Model& model, const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings);

// The parts, one file each; they append to `scene`.
void add_geometry(const Model& model, Scene& scene, WarningLog& warnings);
void add_materials(const Model& model, Scene& scene, const BakeOptions& options, WarningLog& warnings);
void add_animations(const Model& model, Scene& scene, const BakeOptions& options, WarningLog& warnings);

// Mesh `m`'s morphs as morph targets (e3d_morph_builder.cpp): delta streams appended to `bytes`
// (the future buffer `buffer`) and set on `base`, every primitive's template; default weights and
// names on `mesh`. `mesh_of_id` maps mesh IDs to indices of model.meshes. Throws BakeError (naming
// the morph block) for a target ID no mesh has, the base itself, or a target with morphs of its own;
// warns for a target of another vertex count (Ecere's rule: the first min(both) vertices morph) and
// for positions moved without normal deltas.
void add_morph_targets(const Model& model, const MeshData& m, const std::map<std::uint32_t, std::int32_t>& mesh_of_id, Scene& scene,
                       std::vector<unsigned char>& bytes, std::int32_t buffer, Primitive& base, Mesh& mesh, WarningLog& warnings);

// One new buffer holding `bytes`; returns its index.
std::int32_t add_buffer(Scene& scene, std::vector<unsigned char> bytes);

}  // namespace aem::pipeline::e3d
