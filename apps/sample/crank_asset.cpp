// The crank: a machine of rigid parts moved by node animation alone (no skin): a wheel turning
// on its axle and a piston whose yoke rides on the wheel's pin (a Scotch yoke).
#include <cmath>
#include <numbers>

#include "sample_assets.hpp"
#include "sample_shapes.hpp"

namespace aem::sample {
namespace {

constexpr float kCrankDuration = 2.0f;  // one turn
constexpr float kPinRadius = 0.3f, kAxleHeight = 0.7f;
constexpr float kPistonHeight = kAxleHeight + 0.9f;  // its yoke at the axle's height when level

nlohmann::json metal(const char* name, std::array<double, 3> colour, double metallic, double roughness) {
  return {{"name", name},
          {"pbrMetallicRoughness",
           {{"baseColorFactor", {colour[0], colour[1], colour[2], 1.0}}, {"metallicFactor", metallic},
            {"roughnessFactor", roughness}}}};
}

}  // namespace

FileCounts write_crank(const std::filesystem::path& directory) {
  GltfBuilder b;
  nlohmann::json& doc = b.json();
  doc["materials"].push_back(metal("cast_iron", {0.12, 0.12, 0.13}, 1.0, 0.6));
  doc["materials"].push_back(metal("red_paint", {0.6, 0.05, 0.03}, 0.0, 0.4));
  doc["materials"].push_back(metal("chrome", {0.9, 0.9, 0.92}, 1.0, 0.15));

  MeshData base = box({0, 0.05f, 0}, {1.4f, 0.1f, 0.6f});
  append(base, box({0, 0.4f, -0.2f}, {0.12f, 0.7f, 0.12f}));    // the axle's pillar
  append(base, box({0.5f, 1.2f, -0.2f}, {0.1f, 2.2f, 0.1f}));   // the post holding the cylinder
  append(base, box({0.25f, 2.2f, -0.2f}, {0.5f, 0.1f, 0.1f}));
  append(base, box({0, 2.05f, 0}, {0.3f, 0.4f, 0.3f}));          // the cylinder the piston slides in
  MeshData wheel = cylinder(0.45f, -0.08f, 0.16f, 32);
  append(wheel, box({kPinRadius, 0, 0.12f}, {0.08f, 0.08f, 0.1f}));  // the pin
  MeshData piston = box({0, 0, 0}, {0.22f, 0.3f, 0.22f});
  append(piston, box({0, -0.525f, 0.12f}, {0.05f, 0.75f, 0.05f}));  // the rod
  append(piston, box({0, -0.9f, 0.12f}, {0.8f, 0.06f, 0.1f}));      // the yoke the pin slides in

  doc["meshes"].push_back({{"name", "base"}, {"primitives", {b.add_primitive(base, 0)}}});
  doc["meshes"].push_back({{"name", "wheel"}, {"primitives", {b.add_primitive(wheel, 1)}}});
  doc["meshes"].push_back({{"name", "piston"}, {"primitives", {b.add_primitive(piston, 2)}}});
  doc["nodes"].push_back({{"name", "crank"}, {"children", {1, 2, 3}}});
  doc["nodes"].push_back({{"name", "base"}, {"mesh", 0}});
  doc["nodes"].push_back({{"name", "wheel"}, {"mesh", 1}, {"translation", {0.0f, kAxleHeight, 0.0f}}});
  doc["nodes"].push_back({{"name", "piston"}, {"mesh", 2}, {"translation", {0.0f, kPistonHeight, 0.0f}}});
  doc["scenes"].push_back({{"nodes", {0}}});

  // One turn of the wheel about +Z; the piston rises and falls with the pin's height.
  std::vector<float> times, rotations, translations;
  for (int k = 0; k <= 32; ++k) {
    const float t = kCrankDuration * float(k) / 32, angle = 2 * std::numbers::pi_v<float> * t / kCrankDuration;
    times.push_back(t);
    rotations.insert(rotations.end(), {0, 0, std::sin(angle / 2), std::cos(angle / 2)});
    translations.insert(translations.end(), {0, kPistonHeight + kPinRadius * std::sin(angle), 0});
  }
  const int input = b.add_floats(times, "SCALAR", true);
  doc["animations"].push_back(
      {{"name", "run"},
       {"samplers",
        {{{"input", input}, {"output", b.add_floats(rotations, "VEC4")}, {"interpolation", "LINEAR"}},
         {{"input", input}, {"output", b.add_floats(translations, "VEC3")}, {"interpolation", "LINEAR"}}}},
       {"channels",
        {{{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}},
         {{"sampler", 1}, {"target", {{"node", 3}, {"path", "translation"}}}}}}});
  return b.write_gltf(directory, "crank");
}

}  // namespace aem::sample
