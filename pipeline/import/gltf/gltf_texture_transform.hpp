#pragma once
// glTF's KHR_texture_transform, read by the glTF importer into a scene TextureRef.
#include <map>
#include <string>

#include "aem/pipeline/scene.hpp"

namespace tinygltf {
class Value;
}

namespace aem::pipeline {

// A KHR_texture_transform extension object: the transform and the UV set it overrides (-1: none).
struct TextureTransform {
  UvTransform uv;
  int tex_coord_override = -1;
};

// Parses a texture reference's extensions' KHR_texture_transform (identity when absent or
// malformed; a non-finite offset, scale or rotation leaves the identity too).
TextureTransform parse_texture_transform(const std::map<std::string, tinygltf::Value>& extensions);

}  // namespace aem::pipeline
