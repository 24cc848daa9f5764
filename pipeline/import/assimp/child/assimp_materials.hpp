#pragma once
// Assimp materials as the scene's metallic-roughness materials (specs/assimp-import.md, section
// 3): PBR keys taken as they are, Phong/Blinn/Lambert converted by the documented rule with a
// deferred warning listing each step and every property dropped. Textures, samplers and images
// are added to the scene once each (an image per path, a texture per path and wrap mode).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include <assimp/material.h>

#include "aem/pipeline/scene.hpp"

struct aiScene;

namespace aem::pipeline {

class AssimpMaterials {
 public:
  // Adds textures, samplers, images and image buffers to `scene` as materials use them.
  AssimpMaterials(const aiScene& source, Scene& scene);

  // Material `index` of the source.
  Material convert(std::size_t index);

  // One texture slot of an aiMaterial, as Assimp describes it.
  struct TextureSlot {
    bool present = false;
    std::string path;  // backslashes made slashes
    unsigned uv_set = 0;
    aiTextureMapping mapping = aiTextureMapping_UV;
    aiTextureMapMode wrap[2] = {aiTextureMapMode_Wrap, aiTextureMapMode_Wrap};
    bool transformed = false;  // a UV transform other than identity
  };

 private:
  TextureRef texture_ref(const TextureSlot& s, Material& material, const char* role);
  std::int32_t image_for(const std::string& path);

  const aiScene& src_;
  Scene& scene_;
  std::map<std::string, std::int32_t> texture_by_key_, image_by_path_;
};

}  // namespace aem::pipeline
