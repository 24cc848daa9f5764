// Fuzz target: bake arbitrary bytes as a .gltf/.glb (the container is sniffed from the bytes)
// through bake_fuzz_input (small textures and limits; a baked model must validate).
#include <cstddef>
#include <cstdint>

#include "bake_fuzz_input.hpp"
#include "scratch_dir.hpp"

namespace {

// Each process bakes from a directory of its own; the directory goes when the process ends.
const aem::test::ScratchDir folder("gltf_fuzz");

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return aem::test::bake_fuzz_input(folder.path() / "input.gltf", data, size);
}
