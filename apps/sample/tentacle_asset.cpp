// The tentacle: a tapering tube bent by a chain of three joints, with two looping animations
// that both start and end in the bind pose, so a game can cross-fade between them anywhere.
#include <cmath>
#include <numbers>

#include "sample_assets.hpp"
#include "sample_shapes.hpp"

namespace aem::sample {
namespace {

constexpr int kRings = 24, kSides = 32, kJoints = 3;
constexpr float kLength = 3.0f, kRadius = 0.35f, kTentacleDuration = 2.0f;
constexpr float kPi = std::numbers::pi_v<float>;

MeshData tube() {
  MeshData m;
  for (int ring = 0; ring <= kRings; ++ring) {
    const float t = float(ring) / kRings;
    const float radius = kRadius * (1.0f - 0.6f * t);
    // Weights blend between the two nearest joints along the tube.
    const float joint_pos = t * (kJoints - 1);
    const int j0 = std::min(int(joint_pos), kJoints - 2);
    const float w1 = std::clamp(joint_pos - float(j0), 0.0f, 1.0f);
    for (int side = 0; side <= kSides; ++side) {
      const float a = 2 * kPi * float(side) / kSides;
      const float c = std::cos(a), s = std::sin(a);
      m.positions.insert(m.positions.end(), {radius * c, t * kLength, -radius * s});
      m.normals.insert(m.normals.end(), {c, 0, -s});
      m.uvs.insert(m.uvs.end(), {float(side) / kSides, 1.0f - t});
      m.joints.insert(m.joints.end(), {std::uint16_t(j0), std::uint16_t(j0 + 1), 0, 0});
      m.weights.insert(m.weights.end(), {1.0f - w1, w1, 0, 0});
    }
  }
  const auto at = [](int r, int s) { return std::uint32_t(r * (kSides + 1) + s); };
  for (int ring = 0; ring < kRings; ++ring)
    for (int side = 0; side < kSides; ++side)
      m.indices.insert(m.indices.end(), {at(ring, side), at(ring, side + 1), at(ring + 1, side), at(ring, side + 1),
                                         at(ring + 1, side + 1), at(ring + 1, side)});
  return m;
}

Rgba8Image skin() {
  Rgba8Image image{64, 64, {}};
  for (std::uint32_t y = 0; y < 64; ++y)
    for (std::uint32_t x = 0; x < 64; ++x) {
      const bool stripe = ((x / 8) + (y / 8)) % 2 == 0;
      image.texels.insert(image.texels.end(), {std::uint8_t(stripe ? 230 : 60), std::uint8_t(stripe ? 120 : 40),
                                               std::uint8_t(stripe ? 60 : 90), 255});
    }
  return image;
}

// One animation: every joint rotates about `axis` by amplitude(joint) * shape(t); shape(0) =
// shape(duration) = 0 (the bind pose).
template <class Shape>
nlohmann::json animation(GltfBuilder& b, const char* name, Vec3 axis, Shape shape, int first_joint_node) {
  std::vector<float> times;
  for (int k = 0; k <= 16; ++k) times.push_back(kTentacleDuration * float(k) / 16);
  const int input = b.add_floats(times, "SCALAR", true);
  nlohmann::json anim = {{"name", name}};
  for (int j = 0; j < kJoints; ++j) {
    std::vector<float> rotations;
    for (float time : times) {
      const float angle = (j == 0 ? 0.3f : 1.0f) * shape(time);
      const float s = std::sin(angle / 2);
      rotations.insert(rotations.end(), {axis[0] * s, axis[1] * s, axis[2] * s, std::cos(angle / 2)});
    }
    anim["samplers"].push_back({{"input", input}, {"output", b.add_floats(rotations, "VEC4")}, {"interpolation", "LINEAR"}});
    anim["channels"].push_back({{"sampler", j}, {"target", {{"node", first_joint_node + j}, {"path", "rotation"}}}});
  }
  return anim;
}

}  // namespace

FileCounts write_tentacle(const std::filesystem::path& directory) {
  GltfBuilder b;
  nlohmann::json& doc = b.json();
  const int skin_texture = b.add_texture("tentacle_skin", skin());
  doc["materials"].push_back({{"name", "tentacle_skin"},
                              {"pbrMetallicRoughness",
                               {{"baseColorTexture", {{"index", skin_texture}}}, {"metallicFactor", 0.0},
                                {"roughnessFactor", 0.55}}}});
  doc["meshes"].push_back({{"name", "tentacle"}, {"primitives", {b.add_primitive(tube(), 0)}}});
  // Node 0 holds the skinned mesh; nodes 1..3 are the joint chain along +Y.
  doc["nodes"].push_back({{"name", "tentacle"}, {"mesh", 0}, {"skin", 0}});
  std::vector<float> inverse_binds;
  for (int j = 0; j < kJoints; ++j) {
    const float step = kLength / (kJoints - 1);
    nlohmann::json joint = {{"name", "segment_" + std::to_string(j)}, {"translation", {0.0f, j == 0 ? 0.0f : step, 0.0f}}};
    if (j + 1 < kJoints) joint["children"] = {2 + j};
    doc["nodes"].push_back(joint);
    inverse_binds.insert(inverse_binds.end(), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -step * float(j), 0, 1});
  }
  doc["skins"].push_back({{"name", "tentacle_rig"}, {"joints", {1, 2, 3}}, {"skeleton", 1},
                          {"inverseBindMatrices", b.add_floats(inverse_binds, "MAT4")}});
  doc["scenes"].push_back({{"nodes", {0, 1}}});
  doc["animations"].push_back(
      animation(b, "wave", {0, 0, 1}, [](float t) { return 0.45f * std::sin(kPi * t); }, 1));
  doc["animations"].push_back(animation(b, "curl", {1, 0, 0}, [](float t) {
    const float s = std::sin(kPi * t / kTentacleDuration);
    return 0.6f * s * s;
  }, 1));
  return b.write_gltf(directory, "tentacle");
}

}  // namespace aem::sample
