#pragma once
// A reader of Radiance HDR (.hdr, RGBE) images written for hostile input: every length is
// checked against the file before it is used (stb_image's reader can loop forever on a
// truncated run-length scanline).
#include <filesystem>
#include <vector>

namespace aem::viewer {

struct RadianceImage {
  int width = 0, height = 0;
  std::vector<float> rgb;  // linear, rows top to bottom
};

// Throws std::runtime_error with one line: the file, what is wrong and where (header line,
// scanline). Accepts the standard orientation (-Y H +X W), flat or run-length scanlines.
RadianceImage read_radiance_hdr(const std::filesystem::path& path);

}  // namespace aem::viewer
