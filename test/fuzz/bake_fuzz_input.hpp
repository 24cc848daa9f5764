#pragma once
// What the bake fuzz targets share (gltf_bake_fuzz_target.cpp, e3d_import_fuzz_target.cpp):
// arbitrary bytes written as one model file, baked with small textures and limits, and when the
// bake succeeds, the result opened with the runtime's full validation. A BakeError is the
// expected answer to bad input; a crash, sanitizer report, hang, oversized allocation or a baked
// model the runtime refuses is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace aem::test {

inline pipeline::BakeOptions fuzz_bake_options() {
  pipeline::BakeOptions options;
  options.textures = pipeline::TextureEncoding::rgba;
  options.max_texture_size = 16;
  options.allow_missing = true;  // go on past missing images, to reach the later stages
  // Small caps, so that every input costs little: a refusal is as good an answer as a bake.
  options.limits.max_image_pixels = std::uint64_t(1) << 20;
  options.limits.max_total_pixels = std::uint64_t(1) << 22;
  options.limits.max_vertices = std::uint64_t(1) << 18;
  options.limits.max_animation_keys = std::uint64_t(1) << 18;
  options.limits.max_output_bytes = std::uint64_t(1) << 26;
  options.limits.max_decoded_bytes = std::uint64_t(1) << 26;
  return options;
}

// Writes `data` to `model` (in a folder that holds only it, so relative URIs find nothing else),
// bakes it, and aborts if a baked model does not validate. Returns 0, as libFuzzer expects.
inline int bake_fuzz_input(const std::filesystem::path& model, const std::uint8_t* data, std::size_t size) {
  {
    std::ofstream out(model, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  }
  pipeline::BakeResult result;
  try {
    result = pipeline::bake_model(model, fuzz_bake_options());
  } catch (const pipeline::BakeError&) {
    return 0;  // refused, with a message: the right answer to bad input
  }
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const auto baked = Model::try_open_memory(bytes);
  if (!baked) {
    std::fprintf(stderr, "baked model does not validate: %s\n", baked.error().describe().c_str());
    std::abort();
  }
  return 0;
}

}  // namespace aem::test
