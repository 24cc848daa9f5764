// E3D materials mapped to the scene's metallic-roughness materials by the rule of
// specs/e3d-import.md (the same Phong conversion as the Assimp producer's), and E3D textures
// as scene images: embedded PNG and JPEG kept encoded, JPEG 2000 decoded through OpenJPEG,
// named files read from the model's folder under the bake's confinement.
#include <cmath>
#include <map>
#include <sstream>

#include "io/confined_files.hpp"
#include "import/e3d/e3d_jpeg2000.hpp"
#include "import/e3d/e3d_scene_builder.hpp"
#include "io/image_decoding.hpp"

namespace aem::pipeline::e3d {
namespace {

constexpr std::uint64_t kMaxImageFileBytes = std::uint64_t(1) << 30;

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

bool is_black(const Vec3& c) { return c[0] == 0 && c[1] == 0 && c[2] == 0; }

class TextureTable {
 public:
  TextureTable(const Model& model, Scene& scene, const BakeOptions& options, WarningLog& warnings)
      : model_(model), scene_(scene), options_(options), warnings_(warnings),
        confinement_(scene.model.parent_path(), options.allowed_dirs) {
    for (std::size_t i = 0; i < model.textures.size(); ++i) add_image(model.textures[i]);
    for (int wrap = 0; wrap < 4; ++wrap)
      scene.samplers.push_back({"E3D wrap flags " + std::to_string(wrap),
                                wrap & 1 ? WrapMode::repeat : WrapMode::clamp_to_edge,
                                wrap & 2 ? WrapMode::repeat : WrapMode::clamp_to_edge, {}});
  }

  // The scene texture for a material's map, with the material's wrap flags; kNone (and a
  // warning) when the map names no texture of the file.
  std::int32_t texture_for(const TextureSlot& slot, std::uint32_t flags, const MaterialData& material) {
    std::int32_t image = kNone;
    for (std::size_t i = 0; i < model_.textures.size() && image == kNone; ++i)
      if (slot.texture_id != 0 ? model_.textures[i].id == slot.texture_id : model_.textures[i].name == slot.texture_name)
        image = std::int32_t(i);
    if (image == kNone && slot.texture_id == 0 && !slot.texture_name.empty()) {  // a file named only by the map
      TextureData named;
      named.name = slot.texture_name;
      named.where = "texture '" + slot.texture_name + "'";
      image = add_image(named);
    }
    if (image == kNone) {
      warnings_.warn("missing textures", material.where, scene_.model.string() + ": " + material.where + ": texture ID " +
                                                             std::to_string(slot.texture_id) + " is not in the file; the map is dropped");
      return kNone;
    }
    const int sampler = (flags >> 3 & 1) | ((flags >> 4 & 1) << 1);
    const auto [it, fresh] = textures_.emplace(std::pair{image, sampler}, std::int32_t(scene_.textures.size()));
    if (fresh) scene_.textures.push_back({scene_.images[std::size_t(image)].where, image, sampler, {}});
    return it->second;
  }

 private:
  std::int32_t add_image(const TextureData& t) {
    Image image;
    image.where = "image " + std::to_string(scene_.images.size()) + " (" + t.where + ")";
    std::vector<unsigned char> bytes;
    switch (t.kind) {
      case TextureData::Kind::png: case TextureData::Kind::jpeg: bytes = t.bytes; break;
      case TextureData::Kind::jpeg2000: {
        std::string problem;
        if (!jpeg2000_to_png(t.bytes, options_.limits.max_image_pixels, bytes, problem)) image.problem = "cannot be decoded (" + problem + ")";
        break;
      }
      case TextureData::Kind::none: read_named_file(t, image, bytes); break;
    }
    if (image.problem.empty()) {
      int w = 0, h = 0;
      if (!read_image_size(bytes, w, h)) image.problem = "cannot be decoded (not an image format the baker reads)";
      image.width = std::uint32_t(w);
      image.height = std::uint32_t(h);
      image.bytes = {add_buffer(scene_, std::move(bytes)), 0, 0};
      image.bytes.size = scene_.buffers.back().size();
    }
    scene_.images.push_back(std::move(image));
    return std::int32_t(scene_.images.size() - 1);
  }

  void read_named_file(const TextureData& t, Image& image, std::vector<unsigned char>& bytes) {
    if (t.name.empty()) { image.problem = "has no pixel data (neither embedded nor named)"; return; }
    const ReadConfinement::Resolution r = confinement_.resolve(t.name);
    if (!r.file.empty()) scene_.inputs.push_back(r.file);
    if (!r.refusal.empty()) { image.problem = "file " + t.name + " " + r.refusal; return; }
    if (!r.exists) { image.problem = "file " + r.file.string() + " not found"; return; }
    if (const std::string why = read_regular_file(r.file, bytes, kMaxImageFileBytes); !why.empty())
      image.problem = "file " + r.file.string() + " " + why;
  }

  const Model& model_;
  Scene& scene_;
  const BakeOptions& options_;
  WarningLog& warnings_;
  ReadConfinement confinement_;
  std::map<std::pair<std::int32_t, int>, std::int32_t> textures_;
};

Material convert(const MaterialData& m, TextureTable& textures) {
  Material out;
  out.where = m.where;
  out.name = m.name;
  std::vector<std::string> steps, dropped;
  out.base_color_factor = {m.diffuse[0], m.diffuse[1], m.diffuse[2], m.opacity};
  steps.push_back("diffuse colour and opacity -> base colour");
  out.metallic_factor = 0;
  const double shininess = m.shininess.value_or(0);
  out.roughness_factor = shininess > 0 ? std::sqrt(2 / (shininess + 2)) : 1;
  steps.push_back("metallic 0, shininess " + number(shininess) + " -> roughness " + number(out.roughness_factor));
  out.emissive_factor = {m.emissive[0], m.emissive[1], m.emissive[2]};
  out.double_sided = (m.flags & 1) != 0;
  // Translucent (bit 2) or an opacity below 1 blends; partly transparent (bit 1: cut-outs) is
  // alpha-tested, AEM's opaque type.
  if (m.opacity < 1 || (m.flags & 4) != 0) out.alpha_mode = AlphaMode::blend;
  else if ((m.flags & 2) != 0) out.alpha_mode = AlphaMode::mask;
  const auto map = [&](const TextureSlot& slot, TextureRef& ref, const char* what) {
    if (!slot.present) return;
    ref.texture = textures.texture_for(slot, m.flags, m);
    if (ref.texture != kNone) steps.push_back(std::string(what));
  };
  const TextureSlot& albedo = m.pbr_albedo_map.present ? m.pbr_albedo_map : m.diffuse_map;
  map(albedo, out.base_color, m.pbr_albedo_map.present ? "pbrRMAlbedo -> base colour texture" : "phongDiffuseMap -> base colour texture");
  if (m.pbr_albedo_map.present && m.diffuse_map.present) dropped.push_back("phongDiffuseMap (pbrRMAlbedo is used)");
  map(m.normal_map, out.normal, "normalMap -> normal texture");
  map(m.occlusion_map, out.occlusion, "ambientOcclusionMap -> occlusion texture");
  map(m.emissive_map, out.emissive, "emissiveMap -> emissive texture");
  if (out.emissive.texture != kNone && is_black(m.emissive)) out.emissive_factor = {1, 1, 1};  // a black factor would hide the map
  if (m.specular && !is_black(*m.specular)) dropped.push_back("specular colour");
  if (m.ambient && *m.ambient != m.diffuse) dropped.push_back("ambient colour");
  if (m.reflectivity != 0) dropped.push_back("reflectivity " + number(m.reflectivity));
  if (m.refraction != 1) dropped.push_back("refraction index " + number(m.refraction));
  if (m.height_map.present) dropped.push_back("heightMap");
  if (m.specular_map.present) dropped.push_back("phongSpecularMap");
  if (m.ambient_map.present) dropped.push_back("phongAmbientMap");
  if (m.pbr_roughness_metalness_map.present) dropped.push_back("pbrRMRoughnessMetalness (its channel layout is not specified)");
  if (m.pbr_spec_diffuse_map.present) dropped.push_back("pbrSpecDiffuseMap");
  if (m.pbr_spec_gloss_map.present) dropped.push_back("pbrSpecSpecularGlossMap");
  // Deferred: the material packer reports them, prefixed with the model and the material, only
  // for a material the bake uses.
  std::string detail = "Phong material converted to metallic-roughness:";
  for (std::size_t i = 0; i < steps.size(); ++i) detail += (i ? ", " : " ") + steps[i];
  out.deferred.warnings.push_back({"material conversion", m.where, detail});
  if (!dropped.empty()) {
    std::string lost = "dropped (no AEM counterpart):";
    for (std::size_t i = 0; i < dropped.size(); ++i) lost += (i ? ", " : " ") + dropped[i];
    out.deferred.warnings.push_back({"material properties", m.where, lost});
  }
  return out;
}

}  // namespace

void add_materials(const Model& model, Scene& scene, const BakeOptions& options, WarningLog& warnings) {
  TextureTable textures(model, scene, options, warnings);
  for (const MaterialData& m : model.materials) scene.materials.push_back(convert(m, textures));
}

}  // namespace aem::pipeline::e3d
