#pragma once
// The decoders behind decompress_gltf (gltf_decompression.hpp), one file each, and the budget of
// decoded bytes they share. Private to the pipeline.
#include <cstdint>
#include <filesystem>
#include <string>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "import/gltf/compressed/gltf_decompression.hpp"

namespace tinygltf {
class Model;
class Value;
}  // namespace tinygltf

namespace aem::pipeline {

// What one model's decoding may still allocate: BakeLimits::max_decoded_bytes, summed over every
// decoded bufferView and primitive.
class DecodedBytesBudget {
 public:
  DecodedBytesBudget(const std::filesystem::path& model, std::uint64_t limit) : model_(model), left_(limit), limit_(limit) {}
  // Takes `bytes` for `element` ("bufferView 3 (EXT_meshopt_compression)"), or throws BakeError
  // naming the model, the element, the amount and the limit, before anything is allocated.
  void take(std::uint64_t bytes, const std::string& element);
  // The same check without taking: for an upper bound known before a decoder allocates.
  void check(std::uint64_t bytes, const std::string& element) const;

 private:
  std::filesystem::path model_;
  std::uint64_t left_, limit_;
};

// A JSON number as a non-negative integer, or -1 when it is not a whole number, negative or above
// 2^53. extension_integer: the same for member `key` of an extension object (-1 when absent).
std::int64_t json_integer(const tinygltf::Value& value);
std::int64_t extension_integer(const tinygltf::Value& object, const char* key);

// EXT_meshopt_compression: every bufferView with the extension is decoded into one new buffer
// and pointed at it; fallback buffers keep no bytes, and a plain bufferView in one is an error.
void decode_meshopt_views(const std::filesystem::path& model, tinygltf::Model& gltf,
                          const CompressedGltfPlan& plan, DecodedBytesBudget& budget,
                          const BakeOptions& options);

// KHR_draco_mesh_compression: every primitive with the extension gets fresh accessors (indices
// and the attributes the extension maps) on a new buffer of its own, decoded from its Draco
// bufferView; the accessors it named before are left as they were, unused by it. Its indices
// accessor is the one `plan` set aside.
void decode_draco_primitives(const std::filesystem::path& model, tinygltf::Model& gltf, const CompressedGltfPlan& plan,
                             DecodedBytesBudget& budget, const BakeOptions& options);

}  // namespace aem::pipeline
