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
#include <span>
#include <vector>

#include "aem/pipeline/bake_options.hpp"

namespace tinygltf {
class Model;
}

namespace aem::pipeline {

// Buffers that EXT_meshopt_compression marks as fallbacks without a URI hold no bytes; tinygltf
// would fail to load them. Their declared byteLength, by buffer index.
struct MeshoptFallbacks {
  std::map<int, std::uint64_t> byte_length;
};

// Before tinygltf parses `file` (the whole .gltf or .glb, its JSON nesting already checked):
// gives each fallback buffer a one-byte placeholder instead of its missing data, rewriting the
// JSON (and for a .glb its JSON chunk) in `file` and pointing `json` at the new JSON text. Files
// without EXT_meshopt_compression are left untouched. Throws BakeError naming `model` when the
// JSON cannot be read.
MeshoptFallbacks give_fallback_buffers_placeholders(const std::filesystem::path& model,
                                                    std::vector<unsigned char>& file,
                                                    std::span<const unsigned char>& json);

// After tinygltf has loaded `gltf`, before any other check reads it: decodes and rewrites as
// described above. Throws BakeError naming `model` and the element (bufferView, mesh primitive,
// texture) for data that cannot be decoded or would exceed the limit.
void decompress_gltf(const std::filesystem::path& model, tinygltf::Model& gltf,
                     const MeshoptFallbacks& fallbacks, const BakeOptions& options);

}  // namespace aem::pipeline
