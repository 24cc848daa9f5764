#pragma once
// The radiance the viewer lights models with, as an equirectangular image (linear RGB floats,
// row 0 looking straight up, column 0 looking down +Z, u growing towards +X at the middle):
// the viewer's own procedural studio, or a Radiance .hdr file.
#include <filesystem>
#include <vector>

namespace aem::viewer {

struct EnvironmentImage {
  int width = 0, height = 0;
  std::vector<float> rgb;  // width * height * 3, rows top to bottom
};

// A neutral photo studio: a bright horizon between a cool sky and a dark floor, a large key
// softbox above and in front, a fill on the left and a strip light overhead. Deterministic.
EnvironmentImage procedural_studio(int width, int height);

// Reads an equirectangular Radiance HDR (.hdr) file (radiance_hdr.hpp). Throws
// std::runtime_error with one line naming the file and what is wrong (not a regular file, not
// Radiance HDR, truncated, too small or too large). Images wider than `max_width` are halved
// until they fit; texels past half-float range are clamped to it.
EnvironmentImage load_hdr_environment(const std::filesystem::path& path, int max_width = 2048);

}  // namespace aem::viewer
