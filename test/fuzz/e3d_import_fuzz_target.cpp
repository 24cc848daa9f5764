// Fuzz target: bake arbitrary bytes as an E3D model (.e3d) through bake_fuzz_input (small
// textures and limits; a baked model must validate). Any crash, sanitizer report, hang or
// oversized allocation is a bug in the E3D producer or the bake.
// Seeds: write_e3d_fuzz_seeds.cpp (from ../shared/corpus/e3d: the spec's cubes, the real models
// with their lzma blocks inflated, and cubes with every kind of frame track).
#include <cstddef>
#include <cstdint>

#include "bake_fuzz_input.hpp"
#include "scratch_dir.hpp"

namespace {

// Each process bakes from a directory of its own; the directory goes when the process ends.
const aem::test::ScratchDir folder("e3d_fuzz");

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return aem::test::bake_fuzz_input(folder.path() / "input.e3d", data, size);
}
