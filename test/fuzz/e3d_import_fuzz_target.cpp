// Fuzz target: bake arbitrary bytes as an E3D model (.e3d) with small textures and limits, and
// when the bake succeeds, open the result with the runtime's full validation. Any crash,
// sanitizer report, hang or oversized allocation is a bug in the E3D producer or the bake; a
// BakeError is the expected answer to bad input; a baked model the runtime refuses is a bug.
// Seeds: ../shared/corpus/e3d (the spec's cubes, plain, with normals and LZMA, and real models).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "scratch_dir.hpp"

namespace {

// Each process bakes from a directory of its own that holds only the input, so relative URIs
// find nothing else; the directory goes when the process ends.
const aem::test::ScratchDir folder("e3d_fuzz");

aem::pipeline::BakeOptions fuzz_options() {
  aem::pipeline::BakeOptions options;
  options.textures = aem::pipeline::TextureEncoding::rgba;
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  {
    std::ofstream out(folder.path() / "input.e3d", std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  }
  aem::pipeline::BakeResult result;
  try {
    result = aem::pipeline::bake_model(folder.path() / "input.e3d", fuzz_options());
  } catch (const aem::pipeline::BakeError&) {
    return 0;  // refused, with a message: the right answer to bad input
  }
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(result.content);
  const auto model = aem::Model::try_open_memory(bytes);
  if (!model) {
    std::fprintf(stderr, "baked model does not validate: %s\n", model.error().describe().c_str());
    std::abort();
  }
  return 0;
}
