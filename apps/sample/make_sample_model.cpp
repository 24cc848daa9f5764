// aem-make-sample: writes the toolkit's own sample model, a textured, skinned and animated
// tentacle (a capped tube bent by a chain of three joints), so the demo needs no third-party
// asset. Usage: aem-make-sample OUT.aem
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <numbers>
#include <string>
#include <string_view>

#include "aem/mip_chain.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace {

using aem::pipeline::ModelContent;
using aem::pipeline::TextureImage;

constexpr int kRings = 24;         // along the tube
constexpr int kSides = 32;         // around it
constexpr float kLength = 3.0f;    // metres, along +Y
constexpr float kRadius = 0.35f;
constexpr int kJoints = 3;

// Full mip chain of an RGBA8 image by 2x2 box filtering (odd edges repeat their last texel).
std::vector<std::byte> with_mips(std::vector<std::uint8_t> level, std::uint32_t w, std::uint32_t h) {
  std::vector<std::byte> chain;
  while (true) {
    for (std::uint8_t v : level) chain.push_back(std::byte{v});
    if (w == 1 && h == 1) break;
    const std::uint32_t nw = std::max(1u, w / 2), nh = std::max(1u, h / 2);
    std::vector<std::uint8_t> next(std::size_t{nw} * nh * 4);
    for (std::uint32_t y = 0; y < nh; ++y) {
      for (std::uint32_t x = 0; x < nw; ++x) {
        for (int c = 0; c < 4; ++c) {
          unsigned sum = 0;
          for (std::uint32_t dy = 0; dy < 2; ++dy) {
            for (std::uint32_t dx = 0; dx < 2; ++dx) {
              const std::uint32_t sx = std::min(w - 1, 2 * x + dx), sy = std::min(h - 1, 2 * y + dy);
              sum += level[(std::size_t{sy} * w + sx) * 4 + c];
            }
          }
          next[(std::size_t{y} * nw + x) * 4 + c] = std::uint8_t((sum + 2) / 4);
        }
      }
    }
    level = std::move(next);
    w = nw;
    h = nh;
  }
  return chain;
}

TextureImage make_texture(std::uint32_t size, auto&& texel) {
  std::vector<std::uint8_t> pixels(std::size_t{size} * size * 4);
  for (std::uint32_t y = 0; y < size; ++y) {
    for (std::uint32_t x = 0; x < size; ++x) {
      const std::array<std::uint8_t, 4> rgba = texel(x, y);
      std::copy(rgba.begin(), rgba.end(), pixels.begin() + (std::size_t{y} * size + x) * 4);
    }
  }
  TextureImage image;
  image.width = image.height = size;
  image.mips = with_mips(std::move(pixels), size, size);
  return image;
}

void add_tube(ModelContent& m) {
  for (int ring = 0; ring <= kRings; ++ring) {
    const float t = float(ring) / kRings;
    const float y = t * kLength;
    const float radius = kRadius * (1.0f - 0.6f * t);  // tapers towards the tip
    // Weights blend between the two nearest joints along the tube.
    const float joint_pos = t * (kJoints - 1);
    const int j0 = std::min(int(joint_pos), kJoints - 2);
    const float w1 = std::clamp(joint_pos - float(j0), 0.0f, 1.0f);
    for (int side = 0; side <= kSides; ++side) {
      const float a = 2 * std::numbers::pi_v<float> * float(side) / kSides;
      const float c = std::cos(a), s = std::sin(a);
      aem::Vertex v{};
      v.position[0] = radius * c;
      v.position[1] = y;
      v.position[2] = radius * s;
      v.normal[0] = c;
      v.normal[2] = s;
      v.tangent[0] = -s;  // along increasing u
      v.tangent[2] = c;
      // cross(normal, tangent) = (0, -1, 0), the direction v grows in: handedness +1.
      v.bitangent[1] = -1;
      v.uv[0] = float(side) / kSides;
      v.uv[1] = 1.0f - t;
      v.joints[0] = j0;
      v.joints[1] = j0 + 1;
      v.joints[2] = v.joints[3] = -1;
      v.weights[0] = 1.0f - w1;
      v.weights[1] = w1;
      m.vertices.push_back(v);
    }
  }
  for (int ring = 0; ring < kRings; ++ring) {
    for (int side = 0; side < kSides; ++side) {
      const auto at = [](int r, int s) { return std::uint32_t(r * (kSides + 1) + s); };
      m.indices.insert(m.indices.end(), {at(ring, side), at(ring + 1, side), at(ring, side + 1),
                                         at(ring, side + 1), at(ring + 1, side),
                                         at(ring + 1, side + 1)});
    }
  }
}

void add_skeleton_and_animation(ModelContent& m) {
  aem::pipeline::AnimationDesc wave{"wave", 2.0f, {}};
  for (int j = 0; j < kJoints; ++j) {
    const float y = kLength * float(j) / (kJoints - 1);
    aem::pipeline::JointDesc joint;
    joint.name = "segment_" + std::to_string(j);
    joint.parent = j - 1;
    joint.inverse_bind[13] = -y;  // column-major: translation in elements 12..14
    m.joints.push_back(joint);

    aem::pipeline::JointKeys keys;
    const float local_y = j == 0 ? 0.0f : kLength / (kJoints - 1);
    keys.translations = {{0.0f, {0, local_y, 0, 0}}};
    for (int k = 0; k <= 8; ++k) {
      const float time = 2.0f * float(k) / 8;
      const float angle = (j == 0 ? 0.15f : 0.45f) * std::sin(std::numbers::pi_v<float> * time);
      keys.rotations.push_back({time, {0, 0, std::sin(angle / 2), std::cos(angle / 2)}});
    }
    keys.scales = {{0.0f, {1, 1, 1, 0}}};
    wave.joints.push_back(std::move(keys));
  }
  m.animations.push_back(std::move(wave));
}

ModelContent make_sample() {
  ModelContent m;
  add_tube(m);
  m.textures.push_back(make_texture(64, [](std::uint32_t x, std::uint32_t y) {
    const bool stripe = ((x / 8) + (y / 8)) % 2 == 0;
    return std::array<std::uint8_t, 4>{std::uint8_t(stripe ? 230 : 60), std::uint8_t(stripe ? 120 : 40),
                                       std::uint8_t(stripe ? 60 : 90), 255};
  }));
  m.textures.push_back(make_texture(4, [](std::uint32_t, std::uint32_t) {
    return std::array<std::uint8_t, 4>{128, 128, 255, 255};  // flat normal
  }));
  m.textures.push_back(make_texture(4, [](std::uint32_t, std::uint32_t) {
    return std::array<std::uint8_t, 4>{140, 255, 0, 0};  // roughness 0.55, no occlusion, dielectric
  }));
  m.meshes.push_back({0, std::uint32_t(m.indices.size()), 0});
  m.materials.push_back({0, 1, 2, std::uint32_t(aem::MaterialType::opaque)});
  add_skeleton_and_animation(m);
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::string_view(argv[1]) == "--help") {
    std::fprintf(argc == 2 ? stdout : stderr, "usage: aem-make-sample OUT.aem\n");
    return argc == 2 ? 0 : 1;
  }
  try {
    aem::pipeline::write_model_file(argv[1], make_sample());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem-make-sample: %s\n", e.what());
    return 1;
  }
  std::printf("wrote %s\n", argv[1]);
  return 0;
}
