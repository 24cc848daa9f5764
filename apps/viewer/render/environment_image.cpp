#include "render/environment_image.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "render/radiance_hdr.hpp"

namespace aem::viewer {
namespace {

struct Dir {
  float x, y, z;
};

float dot(Dir a, Dir b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

Dir normalized(Dir d) {
  const float l = std::sqrt(dot(d, d));
  return {d.x / l, d.y / l, d.z / l};
}

Dir cross(Dir a, Dir b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

float smoothstep(float e0, float e1, float x) {
  const float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3 - 2 * t);
}

// A rectangular area light seen from the centre: soft-edged, `half_width` and `half_height` are
// tangents of its half angles.
struct Softbox {
  Dir centre;
  float half_width, half_height;
  float radiance[3];

  float coverage(Dir d) const {
    const Dir c = normalized(centre);
    const float facing = dot(d, c);
    if (facing <= 0) return 0;
    const Dir right = normalized(cross(c, Dir{0, 1, 0}));
    const Dir up = cross(right, c);
    const float x = std::abs(dot(d, right) / facing), y = std::abs(dot(d, up) / facing);
    return (1 - smoothstep(half_width * 0.6f, half_width, x)) * (1 - smoothstep(half_height * 0.6f, half_height, y));
  }
};

}  // namespace

EnvironmentImage procedural_studio(int width, int height) {
  EnvironmentImage image{width, height, std::vector<float>(std::size_t(width) * std::size_t(height) * 3)};
  constexpr float pi = std::numbers::pi_v<float>;
  const Softbox boxes[] = {
      {{0.55f, 0.75f, 0.75f}, 0.45f, 0.30f, {6.0f, 5.8f, 5.5f}},  // key, above and in front
      {{-1.0f, 0.35f, 0.35f}, 0.55f, 0.40f, {1.4f, 1.5f, 1.7f}},  // fill, left
      {{0.0f, 1.0f, -0.35f}, 0.90f, 0.12f, {3.0f, 3.0f, 3.0f}},   // strip overhead, behind
  };
  for (int j = 0; j < height; ++j) {
    const float theta = (float(j) + 0.5f) / float(height) * pi;
    for (int i = 0; i < width; ++i) {
      const float phi = ((float(i) + 0.5f) / float(width) - 0.5f) * 2 * pi;
      const Dir d{std::sin(theta) * std::sin(phi), std::cos(theta), -std::sin(theta) * std::cos(phi)};
      const float up = std::pow(std::max(d.y, 0.0f), 0.6f);
      const float sky[3] = {0.50f + (0.22f - 0.50f) * up, 0.48f + (0.27f - 0.48f) * up, 0.46f + (0.36f - 0.46f) * up};
      const float floor[3] = {0.09f, 0.085f, 0.08f};
      const float s = smoothstep(-0.06f, 0.02f, d.y);
      float* out = &image.rgb[(std::size_t(j) * std::size_t(width) + std::size_t(i)) * 3];
      for (int c = 0; c < 3; ++c) out[c] = floor[c] + (sky[c] - floor[c]) * s;
      for (const Softbox& box : boxes) {
        const float k = box.coverage(d);
        for (int c = 0; c < 3; ++c) out[c] += k * (box.radiance[c] - out[c]);
      }
    }
  }
  return image;
}

std::array<float, 27> irradiance_harmonics(const EnvironmentImage& image) {
  constexpr double pi = std::numbers::pi;
  // Radiance projected on the basis, then convolved with the clamped cosine (pi, 2pi/3, pi/4 per
  // band) and divided by pi.
  constexpr double band_scale[9] = {1, 2.0 / 3, 2.0 / 3, 2.0 / 3, 0.25, 0.25, 0.25, 0.25, 0.25};
  double sum[27] = {};
  for (int j = 0; j < image.height; ++j) {
    const double theta = (j + 0.5) / image.height * pi;
    const double solid_angle = (2 * pi / image.width) * (pi / image.height) * std::sin(theta);
    for (int i = 0; i < image.width; ++i) {
      const double phi = ((i + 0.5) / image.width - 0.5) * 2 * pi;
      const double x = std::sin(theta) * std::sin(phi), y = std::cos(theta), z = -std::sin(theta) * std::cos(phi);
      const double basis[9] = {0.282095,           0.488603 * y,     0.488603 * z,
                               0.488603 * x,       1.092548 * x * y, 1.092548 * y * z,
                               0.315392 * (3 * z * z - 1), 1.092548 * x * z, 0.546274 * (x * x - y * y)};
      const float* radiance = &image.rgb[(std::size_t(j) * std::size_t(image.width) + std::size_t(i)) * 3];
      for (int k = 0; k < 9; ++k) {
        for (int c = 0; c < 3; ++c) sum[k * 3 + c] += radiance[c] * basis[k] * solid_angle;
      }
    }
  }
  std::array<float, 27> out{};
  for (int k = 0; k < 27; ++k) out[std::size_t(k)] = float(sum[k] * band_scale[k / 3]);
  return out;
}

EnvironmentImage load_hdr_environment(const std::filesystem::path& path, int max_width) {
  RadianceImage hdr = read_radiance_hdr(path);
  EnvironmentImage image{hdr.width, hdr.height, std::move(hdr.rgb)};
  // Half-float textures hold up to 65504; brighter texels (the sun) are clamped there.
  for (float& v : image.rgb) v = std::isfinite(v) ? std::clamp(v, 0.0f, 65504.0f) : 0.0f;
  while (image.width > max_width && image.height >= 2) {
    EnvironmentImage half{image.width / 2, image.height / 2, {}};
    half.rgb.resize(std::size_t(half.width) * std::size_t(half.height) * 3);
    for (int y = 0; y < half.height; ++y) {
      for (int x = 0; x < half.width; ++x) {
        for (int c = 0; c < 3; ++c) {
          const auto at = [&](int xx, int yy) { return image.rgb[(std::size_t(yy) * std::size_t(image.width) + std::size_t(xx)) * 3 + std::size_t(c)]; };
          half.rgb[(std::size_t(y) * std::size_t(half.width) + std::size_t(x)) * 3 + std::size_t(c)] =
              0.25f * (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1));
        }
      }
    }
    image = std::move(half);
  }
  return image;
}

}  // namespace aem::viewer
