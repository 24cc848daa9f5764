#pragma once
// Compressed glTF made plain, inside the glTF producer (specs/compressed-gltf.md): after tinygltf
// has parsed a file, EXT_meshopt_compression bufferViews and KHR_draco_mesh_compression
// primitives are decoded into new buffers, EXT_texture_webp and KHR_texture_basisu textures are
// pointed at the image the bake reads, and the handled extensions leave extensionsUsed and
// extensionsRequired. The importer's checks and the stages then see an ordinary glTF. Every
// decoded size is checked against BakeOptions::limits.max_decoded_bytes before it is allocated.
// Private to the pipeline.
#include <cstdint>
#include <filesystem>
#include <map>
#include <utility>
#include <span>
#include <vector>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"

namespace tinygltf {
class Model;
}

namespace aem::pipeline {

// What compressed glTF's JSON has that tinygltf 2.7 refuses, set aside before it parses:
// - buffers that EXT_meshopt_compression marks as fallbacks without a URI hold no bytes, which
//   tinygltf fails to load: their declared byteLength, by buffer index;
// - a KHR_draco_mesh_compression primitive's indices accessor has no bufferView, which tinygltf
//   refuses: the accessor, by (mesh, primitive);
// - WebP images in data URIs, which tinygltf does not decode: their URIs are retyped.
struct CompressedGltfPlan {
  std::map<int, std::uint64_t> fallback_byte_length;
  std::map<std::pair<std::size_t, std::size_t>, int> draco_indices;
};

// Before tinygltf parses `file` (the whole .gltf or .glb, its JSON nesting already checked):
// gives each fallback buffer a one-byte placeholder instead of its missing data and removes the
// Draco primitives' `indices` and retypes WebP data URIs, rewriting the JSON (and for a .glb its JSON chunk) in `file` and
// pointing `json` at the new JSON text. Files without either extension are left untouched.
// Throws BakeError naming `model` when the JSON cannot be written back.
CompressedGltfPlan plan_compressed_gltf(const std::filesystem::path& model, std::vector<unsigned char>& file,
                                        std::span<const unsigned char>& json);

// After tinygltf has loaded `gltf`, before any other check reads it: decodes and rewrites as
// described above. Throws BakeError naming `model` and the element (bufferView, mesh primitive,
// texture) for data that cannot be decoded or would exceed the limit.
void decompress_gltf(const std::filesystem::path& model, tinygltf::Model& gltf,
                     const CompressedGltfPlan& plan, const BakeOptions& options);

}  // namespace aem::pipeline
