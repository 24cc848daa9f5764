// Fuzz target: arbitrary bytes as the serialized scene an Assimp import child sends. The reader
// must refuse them with SceneFormatError or return a scene whose references hold; and because
// the encoding is canonical, an accepted input must serialize back to the very same bytes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "scene/scene_serialization.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aem::pipeline;
  const std::span<const unsigned char> bytes(data, size);
  try {
    const SerializedImport import = deserialize_import(bytes);
    if (!scene_reference_problem(import.scene).empty()) {
      std::fprintf(stderr, "accepted a scene with a broken reference\n");
      std::abort();
    }
    const std::vector<unsigned char> again = serialize_import(import);
    if (!std::equal(again.begin(), again.end(), bytes.begin(), bytes.end())) {
      std::fprintf(stderr, "an accepted scene does not serialize back to its bytes\n");
      std::abort();
    }
  } catch (const SceneFormatError&) {
  }
  return 0;
}
