#pragma once
// The radiance the viewer lights models with, as an equirectangular image (linear RGB floats,
// row 0 looking straight up, column 0 looking down +Z, u growing towards +X at the middle):
// the viewer's own procedural studio, or a Radiance .hdr file.
#include <array>
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

// The cosine-weighted mean radiance around a normal n (irradiance / pi), as 9 RGB coefficients
// of real spherical harmonics up to band 2 (Ramamoorthi and Hanrahan 2001): evaluated as
// sum c[i] * Y_i(n) with Y_0 = 0.282095, Y_1..3 = 0.488603 (y, z, x),
// Y_4..8 = 1.092548 xy, 1.092548 yz, 0.315392 (3z^2 - 1), 1.092548 xz, 0.546274 (x^2 - y^2).
// Accurate to a few percent for diffuse light; a very small, very bright source (a sun) rings.
std::array<float, 27> irradiance_harmonics(const EnvironmentImage& image);

// Reads an equirectangular Radiance HDR (.hdr) file (radiance_hdr.hpp). Throws
// std::runtime_error with one line naming the file and what is wrong (not a regular file, not
// Radiance HDR, truncated, too small or too large). Images wider than `max_width` are halved
// until they fit; texels past half-float range are clamped to it.
EnvironmentImage load_hdr_environment(const std::filesystem::path& path, int max_width = 2048);

}  // namespace aem::viewer
