#include "model_factory.hpp"

#include <random>
#include <utility>

#include "aem/ext_morph_targets.hpp"
#include "aem/mip_chain.hpp"

namespace aem::test {

using pipeline::AnimationDesc;
using pipeline::JointDesc;
using pipeline::JointKeys;
using pipeline::ModelContent;
using pipeline::TextureImage;

pipeline::ModelContent tiny_model() {
  ModelContent m;
  const auto vertex = [](float x, float y, float u, float v) {
    return Vertex{{x, y, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {u, v}, {0, -1, -1, -1}, {1, 0, 0, 0}};
  };
  m.vertices = {vertex(0, 0, 0, 1), vertex(1, 0, 1, 1), vertex(0, 1, 0, 0)};
  m.indices = {0, 1, 2};
  const auto solid = [](std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    TextureImage t;
    t.width = t.height = 1;
    t.mips = {std::byte{r}, std::byte{g}, std::byte{b}, std::byte{a}};
    return t;
  };
  m.textures = {solid(200, 150, 100, 255), solid(128, 128, 255, 255), solid(128, 255, 0, 0)};
  m.textures[2].wrap_x = m.textures[2].wrap_y = WrapMode::clamp_to_edge;
  m.meshes = {{0, 3, 0}};
  m.materials = {{0, 1, 2, std::uint32_t(MaterialType::opaque)}};
  m.joints = {JointDesc{"root", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, -1}};
  JointKeys keys;
  keys.translations = {{0.0f, {0, 0, 0, 0}}};
  keys.rotations = {{0.0f, {0, 0, 0, 1}}, {1.0f, {0, 0, 0.70710677f, 0.70710677f}}};
  keys.scales = {{0.0f, {1, 1, 1, 0}}};
  m.animations = {AnimationDesc{"wave", 1.0f, {keys}}};
  return m;
}

pipeline::ModelContent random_model(std::uint32_t seed) {
  std::mt19937 rng(seed);
  const auto below = [&](std::uint32_t n) {  // uniform in [0, n)
    return n == 0 ? 0u : std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng);
  };
  const auto real = [&](float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(rng);
  };
  // Zero counts come up often on purpose: they are the edge cases.
  const auto count = [&](std::uint32_t max) { return below(4) == 0 ? 0u : below(max + 1); };

  ModelContent m;
  m.vertices.resize(count(200));
  for (Vertex& v : m.vertices) {
    for (float* field : {v.position, v.normal, v.tangent, v.bitangent}) {
      for (int k = 0; k < 3; ++k) field[k] = real(-10, 10);
    }
    v.uv[0] = real(-2, 2);
    v.uv[1] = real(-2, 2);
    for (int k = 0; k < 4; ++k) v.weights[k] = real(0, 1);
  }
  if (!m.vertices.empty()) {
    m.indices.resize(3 * count(300));
    for (std::uint32_t& index : m.indices) index = below(std::uint32_t(m.vertices.size()));
  }

  m.textures.resize(count(5));
  for (TextureImage& t : m.textures) {
    t.width = 1 + below(below(3) == 0 ? 70 : 9);
    t.height = 1 + below(below(3) == 0 ? 70 : 9);
    t.compression = Compression(below(3));
    t.wrap_x = WrapMode(below(3));
    t.wrap_y = WrapMode(below(3));
    t.mips.resize(mip_chain_size(t.width, t.height, t.compression));
    for (std::byte& b : t.mips) b = std::byte(below(256));
  }
  if (!m.textures.empty()) {
    m.materials.resize(1 + below(4));
    const auto texture_count = std::uint32_t(m.textures.size());
    for (Material& mat : m.materials) {
      mat = {below(texture_count), below(texture_count), below(texture_count), below(2)};
    }
    const std::uint32_t triangles = std::uint32_t(m.indices.size() / 3);
    std::uint32_t next = 0;
    const std::uint32_t mesh_count = below(5);
    for (std::uint32_t i = 0; i < mesh_count; ++i) {
      const std::uint32_t take = below(triangles - next + 1);
      m.meshes.push_back({3 * next, 3 * take, below(std::uint32_t(m.materials.size()))});
      next += take;
    }
  }

  m.joints.resize(count(20));
  for (std::uint32_t j = 0; j < m.joints.size(); ++j) {
    JointDesc& joint = m.joints[j];
    joint.name = "joint_" + std::to_string(seed) + "_" + std::to_string(j);
    for (float& e : joint.inverse_bind) e = real(-3, 3);
    joint.parent = j == 0 || below(4) == 0 ? -1 : std::int32_t(below(j));
  }
  for (Vertex& v : m.vertices) {
    for (int k = 0; k < 4; ++k) {
      v.joints[k] = m.joints.empty() || below(3) == 0
                        ? -1
                        : std::int32_t(below(std::uint32_t(m.joints.size())));
    }
  }
  const std::uint32_t animation_count = count(3);
  for (std::uint32_t a = 0; a < animation_count; ++a) {
    AnimationDesc anim;
    anim.name = "animation " + std::to_string(a);
    anim.duration = real(0, 5);
    for (std::size_t j = 0; j < m.joints.size(); ++j) {
      JointKeys keys;
      for (auto* list : {&keys.translations, &keys.rotations, &keys.scales}) {
        list->resize(below(5));
        for (Keyframe& k : *list) k = {real(0, anim.duration), {real(-1, 1), real(-1, 1), real(-1, 1), real(-1, 1)}};
      }
      anim.joints.push_back(std::move(keys));
    }
    m.animations.push_back(std::move(anim));
  }
  return m;
}

pipeline::ModelContent morphed_tiny_model() {
  pipeline::ModelContent c = tiny_model();
  auto& m = c.extensions.morph_targets;
  m.groups = {{"Face", 2}};
  m.targets = {{"smile", 0.25f, 1, 0, 3, true, {}, std::vector<float>(9, 1.0f)},
               {"blink", 0, 3, 0, 3, false, {1}, std::vector<float>(6, 0.5f)}};
  m.weight_tracks.resize(c.animations.size());
  return c;
}

pipeline::ModelContent tiny_model_with_meshlets() {
  pipeline::ModelContent m = tiny_model();
  m.indices = {0, 1, 2, 0, 2, 1, 1, 2, 0};
  m.meshes[0].index_count = 9;
  m.extensions.lods.meshes = {{{{0, 1, 2, 0, 2, 1}, 0.125f}, {{2, 0, 1}, 0.5f}}};
  const auto all = [](std::uint32_t triangles) {
    return Meshlet{0, 0, 3, triangles, {0.5f, 0.5f, 0}, 0.75f, {}, 1.0f, {}, {}, 127};
  };
  const std::uint32_t ab = 0x020100, ba = 0x010200, rotated = 0x000201;  // (0,1,2), (0,2,1), (1,2,0)
  m.extensions.meshlets = {64, 124, {{{{all(3)}, {0, 1, 2}, {ab, ba, rotated}},
                                      {{all(2)}, {0, 1, 2}, {ab, ba}},
                                      {{all(1)}, {2, 0, 1}, {ab}}}}};
  return m;
}

pipeline::ModelContent two_group_morph_model() {
  pipeline::ModelContent c = tiny_model();
  const Vertex first = c.vertices[0];
  c.vertices.clear();
  for (const float x : {0.0f, 2.0f})
    for (const auto& [dx, dy] : {std::pair{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}}) {
      Vertex v = first;
      v.position[0] = x + dx;
      v.position[1] = dy;
      v.uv[0] = dx;
      v.uv[1] = 1 - dy;
      c.vertices.push_back(v);
    }
  c.indices = {0, 1, 2, 3, 4, 5};
  c.meshes = {{0, 6, 0}};
  auto& m = c.extensions.morph_targets;
  m.groups = {{"Face", 2}, {"Brow", 1}};
  m.targets = {{"smile", 0.25f, kMorphPosition, 0, 3, true, {}, {0, 0, 0.5f, 0, 0, 0.25f, 0.125f, 0, 0.5f}},
               {"blink", 0, kMorphNormal, 0, 3, false, {1}, {0.5f, 0, 0}},
               {"raise", 0.5f, kMorphPosition, 3, 3, true, {}, {0, 0.25f, 0, 0, 0.25f, 0, 0, 0.5f, 0}}};
  m.weight_tracks = {{0, 0, 0, 0.5f, 1, 0.5f, 1, 0, 1}, {0, 0.5f, 1, 1}};
  return c;
}

}  // namespace aem::test
