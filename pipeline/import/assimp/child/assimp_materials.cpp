#include "import/assimp/child/assimp_materials.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include <assimp/material.h>
#include <assimp/scene.h>

#include "import/assimp/child/message_number.hpp"
#include "scene/utf8_repair.hpp"

namespace aem::pipeline {
namespace {

AssimpMaterials::TextureSlot slot(const aiMaterial& m, aiTextureType type) {
  AssimpMaterials::TextureSlot s;
  if (m.GetTextureCount(type) == 0) return s;
  aiString path;
  if (m.GetTexture(type, 0, &path, &s.mapping, &s.uv_set, nullptr, nullptr, s.wrap) != AI_SUCCESS) return s;
  s.present = path.length > 0;
  s.path = path.C_Str();
  std::replace(s.path.begin(), s.path.end(), '\\', '/');  // Windows paths in FBX and OBJ
  aiUVTransform t;
  if (m.Get(AI_MATKEY_UVTRANSFORM(type, 0), t) == AI_SUCCESS)
    s.transformed = t.mTranslation != aiVector2D(0, 0) || t.mScaling != aiVector2D(1, 1) || t.mRotation != 0;
  return s;
}

WrapMode wrap_mode(aiTextureMapMode mode) {
  switch (mode) {
    case aiTextureMapMode_Clamp:
    case aiTextureMapMode_Decal: return WrapMode::clamp_to_edge;
    case aiTextureMapMode_Mirror: return WrapMode::mirrored_repeat;
    case aiTextureMapMode_Wrap:
    case _aiTextureMapMode_Force32Bit: break;
  }
  return WrapMode::repeat;
}

}  // namespace

AssimpMaterials::AssimpMaterials(const aiScene& source, Scene& scene) : src_(source), scene_(scene) {}

TextureRef AssimpMaterials::texture_ref(const TextureSlot& s, Material& material, const char* role) {
  TextureRef ref;
  if (!s.present) return ref;
  ref.uv_set = std::int32_t(s.uv_set);
  if (s.mapping != aiTextureMapping_UV)
    material.deferred.warnings.push_back({"texture mapping", material.where, std::string(role) +
                                          " texture uses a projected mapping (sphere, box...); UV set " +
                                          std::to_string(s.uv_set) + " is used instead"});
  if (s.transformed)
    material.deferred.warnings.push_back({"texture transform", material.where,
                                          std::string(role) + " texture's UV transform is dropped"});
  if (s.wrap[0] == aiTextureMapMode_Decal || s.wrap[1] == aiTextureMapMode_Decal)
    material.deferred.warnings.push_back({"texture wrap", material.where, std::string(role) +
                                          " texture's decal mode becomes clamp to edge"});
  Scene& scene = scene_;
  Sampler sampler;
  sampler.wrap_u = wrap_mode(s.wrap[0]);
  sampler.wrap_v = wrap_mode(s.wrap[1]);
  const std::string key = s.path + '\n' + std::to_string(int(sampler.wrap_u)) + std::to_string(int(sampler.wrap_v));
  if (const auto it = texture_by_key_.find(key); it != texture_by_key_.end()) {
    ref.texture = it->second;
    return ref;
  }
  Texture texture;
  texture.where = "texture " + std::to_string(scene.textures.size()) + " (" + utf8_from_unknown(s.path) + ")";
  texture.image = image_for(s.path);
  std::int32_t sampler_index = kNone;
  for (std::size_t i = 0; i < scene.samplers.size(); ++i)
    if (scene.samplers[i].wrap_u == sampler.wrap_u && scene.samplers[i].wrap_v == sampler.wrap_v) sampler_index = std::int32_t(i);
  if (sampler_index == kNone) {
    sampler_index = std::int32_t(scene.samplers.size());
    sampler.where = "sampler " + std::to_string(sampler_index);
    scene.samplers.push_back(sampler);
  }
  texture.sampler = sampler_index;
  ref.texture = std::int32_t(scene.textures.size());
  texture_by_key_[key] = ref.texture;
  scene.textures.push_back(std::move(texture));
  return ref;
}

// An image: embedded bytes ("*3", or a file name that an embedded texture carries), or a file
// the parent resolves against the model's directory and reads.
std::int32_t AssimpMaterials::image_for(const std::string& path) {
  if (const auto it = image_by_path_.find(path); it != image_by_path_.end()) return it->second;
  Scene& scene = scene_;
  Image image;
  const auto index = std::int32_t(scene.images.size());
  const auto [embedded, embedded_index] = src_.GetEmbeddedTextureAndIndex(path.c_str());
  if (embedded) {
    image.where = "image " + std::to_string(index) + " (embedded texture " + std::to_string(embedded_index) + ")";
    if (embedded->mHeight != 0 || !embedded->pcData) {
      image.problem = "is an uncompressed embedded texture, which is not read (only encoded images are)";
    } else {
      std::vector<unsigned char> bytes(embedded->mWidth);
      std::memcpy(bytes.data(), embedded->pcData, bytes.size());
      image.bytes = {std::int32_t(scene.buffers.size()), 0, bytes.size()};
      scene.buffers.push_back(std::move(bytes));
    }
  } else {
    image.where = "image " + std::to_string(index) + " (" + utf8_from_unknown(path) + ")";
    image.file = path;
  }
  scene.images.push_back(std::move(image));
  image_by_path_[path] = index;
  return index;
}

namespace {

bool has_property(const aiMaterial& m, const char* key, unsigned type, unsigned idx) {
  const aiMaterialProperty* p = nullptr;
  return aiGetMaterialProperty(&m, key, type, idx, &p) == AI_SUCCESS;
}

// Whether the material describes itself in PBR terms (else it is Phong/Blinn/Lambert, converted).
bool is_pbr(const aiMaterial& m) {
  ai_real metallic = 0, roughness = 1;
  const bool has_metallic = m.Get(AI_MATKEY_METALLIC_FACTOR, metallic) == AI_SUCCESS;
  const bool has_roughness = m.Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness) == AI_SUCCESS;
  return has_property(m, AI_MATKEY_BASE_COLOR) || has_metallic || has_roughness ||
         slot(m, aiTextureType_BASE_COLOR).present || slot(m, aiTextureType_DIFFUSE_ROUGHNESS).present ||
         slot(m, aiTextureType_METALNESS).present;
}

// What the conversion did, for the deferred warnings: each step, and each property dropped.
struct ConversionNotes {
  std::vector<std::string> converted, lost;
};

// Base colour (diffuse colour and opacity where there is none), metallic and roughness: PBR
// keys as they are, Phong's by the documented rule.
void convert_factors(const aiMaterial& m, bool pbr, Material& mat, ConversionNotes& notes) {
  ai_real metallic = 0, roughness = 1, glossiness = 0, shininess = 0, opacity = 1;
  const bool has_metallic = m.Get(AI_MATKEY_METALLIC_FACTOR, metallic) == AI_SUCCESS;
  const bool has_roughness = m.Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness) == AI_SUCCESS;
  const bool has_glossiness = m.Get(AI_MATKEY_GLOSSINESS_FACTOR, glossiness) == AI_SUCCESS;
  const bool has_shininess = m.Get(AI_MATKEY_SHININESS, shininess) == AI_SUCCESS;
  aiColor4D base(1, 1, 1, 1);
  if (m.Get(AI_MATKEY_BASE_COLOR, base) != AI_SUCCESS) {
    aiColor3D d(1, 1, 1);
    if (m.Get(AI_MATKEY_COLOR_DIFFUSE, d) == AI_SUCCESS) {
      base = aiColor4D(d.r, d.g, d.b, 1);
      if (!pbr) notes.converted.push_back("diffuse colour -> base colour");
    }
    if (m.Get(AI_MATKEY_OPACITY, opacity) == AI_SUCCESS) base.a = opacity;
  }
  mat.base_color_factor = {base.r, base.g, base.b, base.a};
  if (base.a < 1) mat.alpha_mode = AlphaMode::blend;

  if (pbr) {
    mat.metallic_factor = has_metallic ? metallic : (slot(m, aiTextureType_METALNESS).present ? 1.0 : 0.0);
    if (has_roughness) mat.roughness_factor = roughness;
    else if (has_glossiness) mat.roughness_factor = 1.0 - glossiness;
    else mat.roughness_factor = 1;
    return;
  }
  mat.metallic_factor = 0;
  notes.converted.push_back("metallic 0");
  if (has_glossiness) {
    mat.roughness_factor = 1.0 - glossiness;
    notes.converted.push_back("glossiness " + message_number(glossiness) + " -> roughness " + message_number(mat.roughness_factor));
  } else if (has_shininess && shininess > 0) {
    mat.roughness_factor = std::sqrt(2.0 / (double(shininess) + 2.0));
    notes.converted.push_back("shininess " + message_number(shininess) + " -> roughness " + message_number(mat.roughness_factor));
  } else {
    mat.roughness_factor = 1;
    notes.converted.push_back("roughness 1");
  }
  aiColor3D specular(0, 0, 0);
  if (m.Get(AI_MATKEY_COLOR_SPECULAR, specular) == AI_SUCCESS && !specular.IsBlack())
    notes.lost.push_back("specular colour (" + message_number(specular.r) + ", " + message_number(specular.g) + ", " +
                         message_number(specular.b) + ")");
}

// The textures AEM has no place for, each noted as lost.
void note_unread_textures(const aiMaterial& m, ConversionNotes& notes) {
  const std::pair<aiTextureType, const char*> unread[] = {
      {aiTextureType_SPECULAR, "specular texture"},   {aiTextureType_SHININESS, "shininess texture"},
      {aiTextureType_HEIGHT, "height/bump texture"},  {aiTextureType_OPACITY, "opacity texture"},
      {aiTextureType_LIGHTMAP, "lightmap texture"},   {aiTextureType_REFLECTION, "reflection texture"},
      {aiTextureType_DISPLACEMENT, "displacement texture"}, {aiTextureType_AMBIENT, "ambient texture"},
      {aiTextureType_SHEEN, "sheen texture"},         {aiTextureType_CLEARCOAT, "clearcoat texture"},
      {aiTextureType_TRANSMISSION, "transmission texture"}, {aiTextureType_UNKNOWN, "texture of unknown use"}};
  for (const auto& [type, what] : unread)
    if (const AssimpMaterials::TextureSlot s = slot(m, type); s.present)
      notes.lost.push_back(std::string(what) + " " + utf8_from_unknown(s.path));
}

// The material's deferred warnings: the conversion's steps (all of a Phong material's, or a
// PBR material's one), then what was dropped.
void add_conversion_warnings(bool pbr, const ConversionNotes& notes, Material& mat) {
  if (!notes.converted.empty() && !pbr) {
    std::string detail = "Phong material converted to metallic-roughness:";
    for (std::size_t i = 0; i < notes.converted.size(); ++i) detail += (i ? ", " : " ") + notes.converted[i];
    mat.deferred.warnings.push_back({"material conversion", mat.where, detail});
  } else if (!notes.converted.empty()) {
    mat.deferred.warnings.push_back({"material conversion", mat.where, notes.converted.front()});
  }
  if (!notes.lost.empty()) {
    std::string detail = "dropped:";
    for (std::size_t i = 0; i < notes.lost.size(); ++i) detail += (i ? ", " : " ") + notes.lost[i];
    mat.deferred.warnings.push_back({"material properties", mat.where, detail});
  }
}

}  // namespace

Material AssimpMaterials::convert(std::size_t index) {
  const aiMaterial& m = *src_.mMaterials[index];
  Material mat;
  aiString name;
  if (m.Get(AI_MATKEY_NAME, name) == AI_SUCCESS) mat.name = utf8_from_unknown(name.C_Str());
  mat.where = "material " + std::to_string(index) + " (" + mat.name + ")";
  const bool pbr = is_pbr(m);
  ConversionNotes notes;
  convert_factors(m, pbr, mat, notes);

  // Textures are added to the scene in this order, the order the baked file lists them.
  const TextureSlot base_pbr = slot(m, aiTextureType_BASE_COLOR), diffuse = slot(m, aiTextureType_DIFFUSE);
  mat.base_color = texture_ref(base_pbr.present ? base_pbr : diffuse, mat, "base colour");
  if (!base_pbr.present && diffuse.present && !pbr) notes.converted.push_back("diffuse texture -> base colour texture");
  TextureSlot normal = slot(m, aiTextureType_NORMALS);
  if (!normal.present) normal = slot(m, aiTextureType_NORMAL_CAMERA);
  mat.normal = texture_ref(normal, mat, "normal");
  TextureSlot emissive = slot(m, aiTextureType_EMISSIVE);
  if (!emissive.present) emissive = slot(m, aiTextureType_EMISSION_COLOR);
  mat.emissive = texture_ref(emissive, mat, "emissive");
  aiColor3D e(0, 0, 0);
  if (m.Get(AI_MATKEY_COLOR_EMISSIVE, e) == AI_SUCCESS) mat.emissive_factor = {e.r, e.g, e.b};
  if (emissive.present && e.IsBlack()) mat.emissive_factor = {1, 1, 1};  // a black factor would hide the texture
  if (ai_real emissive_intensity = 1; m.Get(AI_MATKEY_EMISSIVE_INTENSITY, emissive_intensity) == AI_SUCCESS)
    mat.emissive_strength = emissive_intensity;
  mat.occlusion = texture_ref(slot(m, aiTextureType_AMBIENT_OCCLUSION), mat, "occlusion");

  // AEM reads roughness from G and metalness from B of one image. A roughness image alone
  // serves when the material is not metallic (B times 0); one image named for both is taken as
  // packed the glTF way. Any other combination cannot be carried over.
  const TextureSlot rough_tex = slot(m, aiTextureType_DIFFUSE_ROUGHNESS), metal_tex = slot(m, aiTextureType_METALNESS);
  if (rough_tex.present && metal_tex.present && rough_tex.path == metal_tex.path) {
    mat.metallic_roughness = texture_ref(rough_tex, mat, "metallic-roughness");
    notes.converted.push_back("one image for roughness and metalness, read as glTF packs it (G roughness, B metalness)");
  } else if (rough_tex.present && !metal_tex.present && mat.metallic_factor == 0) {
    mat.metallic_roughness = texture_ref(rough_tex, mat, "roughness");
  } else {
    if (rough_tex.present) notes.lost.push_back("roughness texture " + utf8_from_unknown(rough_tex.path));
    if (metal_tex.present) notes.lost.push_back("metalness texture " + utf8_from_unknown(metal_tex.path));
  }
  note_unread_textures(m, notes);

  int two_sided = 0;
  if (m.Get(AI_MATKEY_TWOSIDED, two_sided) == AI_SUCCESS) mat.double_sided = two_sided != 0;
  add_conversion_warnings(pbr, notes, mat);
  return mat;
}

}  // namespace aem::pipeline
