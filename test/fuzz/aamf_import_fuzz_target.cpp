// Fuzz target: bake arbitrary bytes as an AAMF model (.aamf) through bake_fuzz_input (small
// textures and limits; a baked model must validate). Any crash, sanitizer report, hang or
// oversized allocation is a bug in the AAMF producer or the bake.
// Seeds: write_aamf_fuzz_seeds (a SAMF v2 file, the same with the "AAMF" magic, a legacy file).
#include <cstddef>
#include <cstdint>

#include "bake_fuzz_input.hpp"
#include "scratch_dir.hpp"

namespace {

// Each process bakes from a directory of its own; the directory goes when the process ends.
const aem::test::ScratchDir folder("aamf_fuzz");

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return aem::test::bake_fuzz_input(folder.path() / "input.aamf", data, size);
}
