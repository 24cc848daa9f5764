#pragma once
// Typed views over the sections of one AEM file, plus where each section starts in the file.
// A ModelView is plain data: it owns nothing and is only as valid as the memory it points to.
#include <cstdint>
#include <span>

#include "aem/export.h"
#include "aem/format.hpp"

namespace aem {

// Byte offset of each section from the start of the file; `end` is the file size.
struct SectionOffsets {
  std::uint64_t vertices = 0;
  std::uint64_t indices = 0;
  std::uint64_t image_buffer = 0;
  std::uint64_t textures = 0;
  std::uint64_t meshes = 0;
  std::uint64_t materials = 0;
  std::uint64_t joints = 0;
  std::uint64_t animations = 0;
  std::uint64_t tracks = 0;
  std::uint64_t keyframes = 0;
  std::uint64_t end = 0;
};

// Where every section lies for a header's counts: the size equation of specs/aem-v1.md.
// The counts are 32-bit and the records at most 196 bytes, so 64-bit sums cannot overflow.
AEM_API SectionOffsets section_offsets(const Header& header);

struct ModelView {
  Header header{};
  SectionOffsets offsets;
  std::span<const Vertex> vertices;
  std::span<const std::uint32_t> indices;
  std::span<const std::byte> image_buffer;
  std::span<const Texture> textures;
  std::span<const Mesh> meshes;
  std::span<const Material> materials;
  std::span<const Joint> joints;
  std::span<const Animation> animations;
  std::span<const Track> tracks;
  std::span<const Keyframe> keyframes;
  // Textures that only the known extensions name (an own emission's, uv1's occlusion texture), in
  // range of the texture table: the semantic checks count them as used.
  std::span<const std::uint32_t> extension_textures;
};

}  // namespace aem
