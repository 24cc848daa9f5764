// The crate: a PBR prop whose every channel comes from a texture of its own: wooden planks in a
// metal frame (base colour, metal-roughness), grooves between the planks (normal map) and a
// glowing strip (emissive, the strip's own colour, so AEM's intensity-times-base-colour
// emission carries it exactly).
#include <algorithm>
#include <cmath>

#include "sample_assets.hpp"
#include "sample_shapes.hpp"

namespace aem::sample {
namespace {

constexpr std::uint32_t kSize = 128;
constexpr std::uint32_t kFrame = 12;                 // texels of metal frame at each edge
constexpr std::uint32_t kStripTop = 58, kStripBottom = 70;  // rows of the glowing strip
constexpr std::uint8_t kStrip[3] = {40, 200, 255};

bool in_frame(std::uint32_t x, std::uint32_t y) {
  return x < kFrame || y < kFrame || x >= kSize - kFrame || y >= kSize - kFrame;
}
bool in_strip(std::uint32_t x, std::uint32_t y) { return !in_frame(x, y) && y >= kStripTop && y < kStripBottom; }

// Height of the surface: planks 26 texels wide with a groove between them; frame and strip flat.
float height(std::uint32_t x, std::uint32_t y) {
  if (in_frame(x, y)) return 1.0f;
  if (in_strip(x, y)) return 0.3f;
  const std::uint32_t across = (x - kFrame) % 26;
  return across < 2 ? 0.0f : 0.6f;
}

template <class Texel>
Rgba8Image image(Texel texel) {
  Rgba8Image out{kSize, kSize, {}};
  out.texels.reserve(kSize * kSize * 4);
  for (std::uint32_t y = 0; y < kSize; ++y)
    for (std::uint32_t x = 0; x < kSize; ++x) {
      const std::array<std::uint8_t, 4> rgba = texel(x, y);
      out.texels.insert(out.texels.end(), rgba.begin(), rgba.end());
    }
  return out;
}

std::array<std::uint8_t, 4> base_colour(std::uint32_t x, std::uint32_t y) {
  if (in_frame(x, y)) return {150, 152, 158, 255};
  if (in_strip(x, y)) return {kStrip[0], kStrip[1], kStrip[2], 255};
  const std::uint32_t plank = (x - kFrame) / 26;
  const float grain = 0.85f + 0.15f * std::sin(float(y) * 0.35f + float(plank) * 2.1f + std::sin(float(x) * 0.9f));
  const float tone = (plank % 2 == 0 ? 1.0f : 0.88f) * grain;
  return {std::uint8_t(170 * tone), std::uint8_t(112 * tone), std::uint8_t(62 * tone), 255};
}

std::array<std::uint8_t, 4> normal(std::uint32_t x, std::uint32_t y) {
  const std::uint32_t x0 = x == 0 ? 0 : x - 1, x1 = std::min(x + 1, kSize - 1);
  const std::uint32_t y0 = y == 0 ? 0 : y - 1, y1 = std::min(y + 1, kSize - 1);
  // Tangent-space normal of the height field; +Y points up the texture (towards row 0).
  const float dx = (height(x1, y) - height(x0, y)) * 2.0f, dy = (height(x, y0) - height(x, y1)) * 2.0f;
  const float length = std::sqrt(dx * dx + dy * dy + 1);
  const auto encode = [](float v) { return std::uint8_t(std::lround((v * 0.5f + 0.5f) * 255)); };
  return {encode(-dx / length), encode(-dy / length), encode(1 / length), 255};
}

std::array<std::uint8_t, 4> metal_roughness(std::uint32_t x, std::uint32_t y) {
  if (in_frame(x, y)) return {255, 90, 255, 255};  // G roughness 0.35, B metal
  if (in_strip(x, y)) return {255, 50, 0, 255};
  return {255, 205, 0, 255};
}

std::array<std::uint8_t, 4> emission(std::uint32_t x, std::uint32_t y) {
  if (in_strip(x, y)) return {kStrip[0], kStrip[1], kStrip[2], 255};
  return {0, 0, 0, 255};
}

}  // namespace

FileCounts write_crate(const std::filesystem::path& directory) {
  GltfBuilder b;
  nlohmann::json& doc = b.json();
  const int base = b.add_texture("crate_base_color", image(base_colour));
  const int normals = b.add_texture("crate_normal", image(normal));
  const int pbr = b.add_texture("crate_metal_roughness", image(metal_roughness));
  const int glow = b.add_texture("crate_emissive", image(emission));
  doc["materials"].push_back({{"name", "crate"},
                              {"pbrMetallicRoughness",
                               {{"baseColorTexture", {{"index", base}}},
                                {"metallicRoughnessTexture", {{"index", pbr}}}}},
                              {"normalTexture", {{"index", normals}}},
                              {"emissiveTexture", {{"index", glow}}},
                              {"emissiveFactor", {1.0, 1.0, 1.0}}});
  doc["meshes"].push_back({{"name", "crate"}, {"primitives", {b.add_primitive(box({0, 0.5f, 0}, {1, 1, 1}), 0)}}});
  doc["nodes"].push_back({{"name", "crate"}, {"mesh", 0}});
  doc["scenes"].push_back({{"nodes", {0}}});
  return b.write_gltf(directory, "crate");
}

}  // namespace aem::sample
