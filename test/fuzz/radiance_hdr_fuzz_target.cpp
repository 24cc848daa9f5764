// Fuzz target: arbitrary bytes as the Radiance HDR environment the viewer reads
// (apps/viewer/render/radiance_hdr.cpp). A std::runtime_error is the expected answer to bad
// input; a crash, sanitizer report, hang or an allocation past the file's means is a bug, and so
// is an image whose pixels do not match its size.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "render/radiance_hdr.hpp"
#include "scratch_dir.hpp"

namespace {

// The reader takes a path: each process writes its inputs to a folder of its own.
const aem::test::ScratchDir folder("hdr_fuzz");

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = folder.path() / "input.hdr";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  }
  try {
    const aem::viewer::RadianceImage image = aem::viewer::read_radiance_hdr(path);
    if (image.rgb.size() != std::size_t(image.width) * std::size_t(image.height) * 3) std::abort();
  } catch (const std::runtime_error&) {
  }
  return 0;
}
