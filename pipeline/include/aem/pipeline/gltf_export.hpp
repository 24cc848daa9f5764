#pragma once
// An AEM model back to glTF 2.0 (specs/gltf-export.md): a glTF mesh per AEM mesh, the three
// packed textures unpacked into glTF's metallic-roughness material as PNG images, the
// joints as a node tree with one skin, and every animation with LINEAR channels per joint.
//
//   aem::Model model = aem::Model::open("hero.aem");
//   aem::pipeline::GltfExportResult r = aem::pipeline::export_gltf(model, "hero.glb");
//   for (const std::string& w : r.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
//
// What the AEM cannot say (the glTF's alpha cutoff, its own emissive colour, which triangles were
// back-face copies of double-sided materials) is one warning naming the model and the losses.
// Files are written atomically (a temporary beside each, renamed once complete): a failure
// leaves no output behind.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aem/model.hpp"

namespace aem::pipeline {

// How the glTF is stored: one .glb, or a .gltf with its buffer in a .bin beside it.
enum class GltfContainer { gltf, glb };

// The container an output name asks for (.gltf or .glb, any letter case), or nullopt.
std::optional<GltfContainer> gltf_container_of(const std::filesystem::path& output);

// The exported model in memory: the glTF JSON text and its one binary buffer (geometry, skin,
// animation keys and the PNG images, each in a buffer view).
struct ExportedGltf {
  std::string json;
  std::vector<std::byte> bin;
  std::vector<std::string> warnings;  // at most one, naming the model and what was lost
};

// `model_name` names the model in warnings (usually its path).
ExportedGltf build_gltf(const aem::Model& model, const std::string& model_name);

// The .glb bytes of a document: header, JSON chunk, BIN chunk.
std::vector<std::byte> glb_bytes(const ExportedGltf& document);

struct GltfExportOptions {
  // nullopt: from the output's extension (.gltf or .glb); anything else is an error.
  std::optional<GltfContainer> container;
  std::string model_name;  // for warnings; the output's name when empty
};

struct GltfExportResult {
  std::vector<std::filesystem::path> files;  // written: the .glb, or the .bin then the .gltf
  std::vector<std::string> warnings;
};

// Builds and writes the glTF. Throws std::runtime_error naming the output on any failure.
GltfExportResult export_gltf(const aem::Model& model, const std::filesystem::path& output,
                             const GltfExportOptions& options = {});

}  // namespace aem::pipeline
