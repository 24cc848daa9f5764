// The lantern: an opaque metal frame around four alpha-blended, frosted glass panes, all in one
// self-contained .glb (its texture inside the binary chunk).
#include <cmath>

#include "sample_assets.hpp"
#include "sample_shapes.hpp"

namespace aem::sample {
namespace {

// Frosted glass: a pale blue whose opacity ripples between about 0.3 and 0.6, with an etched
// (nearly opaque) ring in the middle of each pane.
Rgba8Image frosted_glass() {
  Rgba8Image out{64, 64, {}};
  for (std::uint32_t y = 0; y < 64; ++y)
    for (std::uint32_t x = 0; x < 64; ++x) {
      const float u = (float(x) + 0.5f) / 32 - 1, v = (float(y) + 0.5f) / 32 - 1;
      const float ring = std::abs(std::sqrt(u * u + v * v) - 0.55f);
      const float ripple = 0.45f + 0.15f * std::sin(u * 9) * std::sin(v * 7);
      const float alpha = ring < 0.06f ? 0.85f : ripple;
      out.texels.insert(out.texels.end(), {190, 225, 245, std::uint8_t(std::lround(alpha * 255))});
    }
  return out;
}

}  // namespace

FileCounts write_lantern(const std::filesystem::path& directory) {
  GltfBuilder b;
  nlohmann::json& doc = b.json();
  doc["materials"].push_back({{"name", "lantern_frame"},
                              {"pbrMetallicRoughness",
                               {{"baseColorFactor", {0.08, 0.08, 0.09, 1.0}}, {"metallicFactor", 1.0},
                                {"roughnessFactor", 0.45}}}});
  const int glass = b.add_texture("lantern_glass", frosted_glass());
  doc["materials"].push_back({{"name", "lantern_glass"},
                              {"alphaMode", "BLEND"},
                              {"doubleSided", true},
                              {"pbrMetallicRoughness",
                               {{"baseColorTexture", {{"index", glass}}}, {"metallicFactor", 0.0},
                                {"roughnessFactor", 0.15}}}});
  // The frame: four corner posts, a base and a roof.
  MeshData frame = box({0, 0.05f, 0}, {0.8f, 0.1f, 0.8f});
  append(frame, box({0, 1.25f, 0}, {0.8f, 0.1f, 0.8f}));
  for (const float x : {-0.35f, 0.35f})
    for (const float z : {-0.35f, 0.35f}) append(frame, box({x, 0.65f, z}, {0.1f, 1.1f, 0.1f}));
  // The glass: four thin panes between the posts (thin boxes, so each side has its own faces).
  MeshData panes = box({0, 0.65f, 0.35f}, {0.6f, 1.1f, 0.02f});
  append(panes, box({0, 0.65f, -0.35f}, {0.6f, 1.1f, 0.02f}));
  append(panes, box({0.35f, 0.65f, 0}, {0.02f, 1.1f, 0.6f}));
  append(panes, box({-0.35f, 0.65f, 0}, {0.02f, 1.1f, 0.6f}));
  doc["meshes"].push_back({{"name", "lantern"},
                           {"primitives", {b.add_primitive(frame, 0), b.add_primitive(panes, 1)}}});
  doc["nodes"].push_back({{"name", "lantern"}, {"mesh", 0}});
  doc["scenes"].push_back({{"nodes", {0}}});
  return b.write_glb(directory / "lantern.glb");
}

}  // namespace aem::sample
