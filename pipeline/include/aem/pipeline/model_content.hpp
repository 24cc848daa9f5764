#pragma once
// A model as in-memory arrays, ready for the writer: the pipeline's stages fill one of these.
// Unlike the file records, names are strings, textures carry their own texels and animations
// their own keys; the writer decides where everything lands in the file.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aem/format.hpp"
#include "aem/pipeline/extension_content.hpp"

namespace aem::pipeline {

struct TextureImage {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  WrapMode wrap_x = WrapMode::repeat;
  WrapMode wrap_y = WrapMode::repeat;
  Compression compression = Compression::none;
  std::vector<std::byte> mips;  // every level down to 1x1, back to back (see mip_chain.hpp)
};

struct JointDesc {
  std::string name;  // at most 127 bytes of UTF-8
  std::array<float, 16> inverse_bind{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  std::int32_t parent = -1;  // must come before this joint
};

struct JointKeys {
  std::vector<Keyframe> translations;
  std::vector<Keyframe> rotations;
  std::vector<Keyframe> scales;
};

struct AnimationDesc {
  std::string name;
  float duration = 0;              // seconds
  std::vector<JointKeys> joints;  // one entry per joint of the model, in joint order
};

struct ModelContent {
  std::vector<Vertex> vertices;
  std::vector<std::uint32_t> indices;
  std::vector<TextureImage> textures;
  std::vector<aem::Mesh> meshes;  // aem::, not the scene description's (scene.hpp)
  std::vector<aem::Material> materials;
  std::vector<JointDesc> joints;
  std::vector<AnimationDesc> animations;
  ExtensionContent extensions;  // written after the version-1 part when not empty
};

}  // namespace aem::pipeline
