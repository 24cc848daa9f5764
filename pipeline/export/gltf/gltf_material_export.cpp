#include "export/gltf/gltf_material_export.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "aem/codec/bc5.hpp"
#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_names.hpp"
#include "aem/ext_uv1.hpp"
#include "export/gltf/gltf_texture_pixels.hpp"
#include "math/bilinear_sample.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline::gltf {
namespace {

using codec::ImageRgba8;

enum class TextureUse { base_color, normal, occlusion_roughness_metal, emissive, occlusion };
// (emissive: the `emissive` extension's own texture, RGB as stored, A made 255.)

// glTF's sampler wrap codes for AEM's wrap modes.
int gltf_wrap(std::uint32_t wrap) {
  switch (WrapMode(wrap)) {
    case WrapMode::mirrored_repeat: return 33648;
    case WrapMode::clamp_to_edge: return 33071;
    case WrapMode::repeat: break;
  }
  return 10497;
}

// The bake's bilinear sample (clamped, texel centres) of channel c of `img` at texel (x, y) of a
// w×h grid, read as sRGB-encoded to linear light, in float as the bake reads it.
double linear_sample(const ImageRgba8& img, std::uint32_t x, std::uint32_t y, std::uint32_t w, std::uint32_t h,
                     std::size_t c) {
  auto at = [&](std::uint32_t xx, std::uint32_t yy) {
    return double(float(srgb_byte_to_linear(img.pixels[(std::size_t(yy) * img.width + xx) * 4 + c])));
  };
  return bilinear_sample(img.width, img.height, x, y, w, h, at);
}

// The intensity a bake finds for emitted colour `e` over base colour `b` (both linear).
int baked_intensity(const std::array<double, 3>& e, const std::array<double, 3>& b) {
  double eb = 0, bb = 0;
  for (std::size_t c = 0; c < 3; ++c) {
    eb += e[c] * b[c];
    bb += b[c] * b[c];
  }
  return int(aem::round_to_integer((bb > 0 ? std::clamp(eb / bb, 0.0, 1.0) : 0.0) * 255));
}

// The sRGB emitted colour for intensity `k` (0..255) over base colour `b`: k·b, and among the
// colours one sRGB step from it the one a bake turns back into `k` exactly, where there is one.
std::array<std::uint8_t, 3> emitted_colour(int k, const std::array<double, 3>& b) {
  std::array<std::uint8_t, 3> ideal{};
  for (std::size_t c = 0; c < 3; ++c) ideal[c] = linear_to_srgb_byte(k / 255.0 * b[c]);
  for (int step = 0; step < 27; ++step) {
    const std::array<int, 3> delta{step % 3 - 1, step / 3 % 3 - 1, step / 9 - 1};
    std::array<std::uint8_t, 3> candidate{};
    std::array<double, 3> e{};
    for (std::size_t c = 0; c < 3; ++c) {
      candidate[c] = std::uint8_t(std::clamp(int(ideal[c]) + delta[c], 0, 255));
      e[c] = double(float(srgb_byte_to_linear(candidate[c])));
    }
    if (baked_intensity(e, b) == k) return candidate;
  }
  return ideal;
}

class MaterialExporter {
 public:
  MaterialExporter(const aem::Model& model, Document& document) : model_(model), doc_(document) {}

  int material(std::uint32_t index) {
    const aem::Material& m = model_.materials()[index];
    nlohmann::json out = nlohmann::json::object();
    if (const std::string name = material_name(index); !name.empty()) out["name"] = name;
    nlohmann::json pbr = nlohmann::json::object();
    if (is_solid(m.base_color_texture))
      pbr["baseColorFactor"] = base_color_factor(m.base_color_texture);
    else
      pbr["baseColorTexture"] = {{"index", texture(m.base_color_texture, TextureUse::base_color)}};
    if (const std::optional<std::array<double, 2>> factors = roughness_metal_factors(m.pbr_texture)) {
      pbr["roughnessFactor"] = (*factors)[0];
      pbr["metallicFactor"] = (*factors)[1];
    } else {
      const int orm = texture(m.pbr_texture, TextureUse::occlusion_roughness_metal);
      pbr["metallicRoughnessTexture"] = {{"index", orm}};
      out["occlusionTexture"] = {{"index", orm}};
    }
    out["pbrMetallicRoughness"] = std::move(pbr);
    if (const std::uint32_t own = own_occlusion(index); own != kUv1NoTexture)  // the uv1 extension's
      out["occlusionTexture"] = {{"index", texture(own, TextureUse::occlusion)}};
    if (!is_flat_normal(m.normal_texture))
      out["normalTexture"] = {{"index", texture(m.normal_texture, TextureUse::normal)}};
    if (!own_emission(index, out)) emission(m, out);
    if (material_unlit(model_, index)) {  // the `material_flags` extension
      out["extensions"]["KHR_materials_unlit"] = nlohmann::json::object();
      doc_.use_extension("KHR_materials_unlit");
    }
    if (MaterialType(m.type) == MaterialType::transparent) {
      out["alphaMode"] = "BLEND";
    } else if (has_cutout(m.base_color_texture)) {
      out["alphaMode"] = "MASK";
      out["alphaCutoff"] = 0.5;
      note_loss("alphaCutoff", "opaque materials with cut-out texels are MASK at alphaCutoff 0.5 (the glTF's cutoff is not stored)");
    }
    return doc_.append("materials", std::move(out));
  }

 private:
  // The texture holding material `index`'s occlusion on its own (the uv1 extension's packing,
  // sampled with its occlusion set), else kUv1NoTexture: occlusion is the PBR texture's G.
  std::uint32_t own_occlusion(std::uint32_t index) const {
    if (!uv1_ || index >= uv1_->materials.size()) return kUv1NoTexture;
    return uv1_->materials[index].occlusion_texture;
  }

  // The source's name (the `names` extension), else "": no name is invented, so that baking the
  // export gives back a model without names.
  std::string material_name(std::uint32_t index) const {
    return names_ ? std::string(names_->material_name(index)) : std::string();
  }

  const ImageRgba8& texels(std::uint32_t texture) {
    auto it = texels_.find(texture);
    if (it == texels_.end()) it = texels_.emplace(texture, level0_texels(model_, model_.textures()[texture])).first;
    return it->second;
  }

  // A texture that is one colour everywhere, as the bake makes where the source has no texture:
  // 1×1 (one mip level, so every sample of it is its one texel) and repeating on both axes (the
  // bake's solid textures do). Such a texture is written as the material's factors
  // (specs/gltf-export.md, "Solid textures").
  bool is_solid(std::uint32_t texture) const {
    const aem::Texture& t = model_.textures()[texture];
    return t.width == 1 && t.height == 1 && WrapMode(t.wrap_x) == WrapMode::repeat &&
           WrapMode(t.wrap_y) == WrapMode::repeat;
  }

  // The solid texture's texel: R, G, B, A.
  std::array<std::uint8_t, 4> solid_texel(std::uint32_t texture) {
    const ImageRgba8& img = texels(texture);
    return {img.pixels[0], img.pixels[1], img.pixels[2], img.pixels[3]};
  }

  // baseColorFactor of a solid base colour: its sRGB bytes in linear light, its alpha / 255.
  nlohmann::json base_color_factor(std::uint32_t texture) {
    const std::array<std::uint8_t, 4> texel = solid_texel(texture);
    return {srgb_byte_to_linear(texel[0]), srgb_byte_to_linear(texel[1]), srgb_byte_to_linear(texel[2]),
            texel[3] / 255.0};
  }

  // roughnessFactor and metallicFactor of a solid PBR texture with no occlusion (G 255, as the
  // bake writes it without an occlusion map; glTF has no occlusion factor), else nullopt.
  std::optional<std::array<double, 2>> roughness_metal_factors(std::uint32_t texture) {
    if (!is_solid(texture)) return std::nullopt;
    const std::array<std::uint8_t, 4> texel = solid_texel(texture);
    if (texel[1] != 255) return std::nullopt;
    return std::array<double, 2>{texel[0] / 255.0, texel[2] / 255.0};
  }

  // A solid normal texture of the flat normal (X, Y 128: 0 in AEM's encoding; an uncompressed
  // one's Z 255), which is what a material without normalTexture has.
  bool is_flat_normal(std::uint32_t texture) {
    if (!is_solid(texture)) return false;
    const std::array<std::uint8_t, 4> texel = solid_texel(texture);
    const bool bc5 = Compression(model_.textures()[texture].compression) == Compression::bc5;
    return texel[0] == 128 && texel[1] == 128 && (bc5 || texel[2] == 255);
  }

  bool has_cutout(std::uint32_t texture) {
    const ImageRgba8& img = texels(texture);
    for (std::size_t i = 3; i < img.pixels.size(); i += 4)
      if (img.pixels[i] < 255) return true;
    return false;
  }

  void note_loss(const std::string& key, const std::string& phrase) {
    if (losses_noted_.emplace(key, true).second) doc_.losses.push_back(phrase);
  }

  int sampler(const aem::Texture& t) {
    const auto key = std::pair{t.wrap_x, t.wrap_y};
    if (auto it = samplers_.find(key); it != samplers_.end()) return it->second;
    const int index = doc_.append("samplers", {{"magFilter", 9729}, {"minFilter", 9987},
                                               {"wrapS", gltf_wrap(t.wrap_x)}, {"wrapT", gltf_wrap(t.wrap_y)}});
    samplers_.emplace(key, index);
    return index;
  }

  // A glTF texture (with its image) of `pixels`, sampled as AEM texture `source` wraps. The image's
  // PNG is made by finish_images.
  int add_texture(ImageRgba8 pixels, const aem::Texture& source) {
    const int image = doc_.append("images", {{"mimeType", "image/png"}});
    pending_.push_back(std::move(pixels));
    return doc_.append("textures", {{"sampler", sampler(source)}, {"source", image}});
  }

 public:
  // Encodes the images' PNGs side by side (zlib is most of an export's time) and stores them in
  // image order, so the bytes do not depend on the threads.
  void finish_images() {
    std::vector<std::future<std::vector<std::byte>>> encoded;
    for (const ImageRgba8& image : pending_)
      encoded.push_back(std::async(std::launch::async, [&image] { return png_bytes(image); }));
    for (std::size_t i = 0; i < encoded.size(); ++i) doc_.json["images"][i]["bufferView"] = doc_.add_view(encoded[i].get());
    pending_.clear();
  }

 private:

  int texture(std::uint32_t index, TextureUse use) {
    const auto key = std::pair{index, int(use)};
    if (auto it = textures_.find(key); it != textures_.end()) return it->second;
    ImageRgba8 pixels = texels(index);
    const aem::Texture& t = model_.textures()[index];
    if (use == TextureUse::normal) rebuild_normal_z(pixels, Compression(t.compression) == Compression::bc5);
    if (use == TextureUse::emissive)
      for (std::size_t i = 3; i < pixels.pixels.size(); i += 4) pixels.pixels[i] = 255;
    if (use == TextureUse::occlusion)  // R is occlusion: grey, opaque
      for (std::size_t i = 0; i < pixels.pixels.size(); i += 4) {
        pixels.pixels[i + 1] = pixels.pixels[i + 2] = pixels.pixels[i];
        pixels.pixels[i + 3] = 255;
      }
    if (use == TextureUse::occlusion_roughness_metal)
      for (std::size_t i = 0; i < pixels.pixels.size(); i += 4) {
        std::swap(pixels.pixels[i], pixels.pixels[i + 1]);  // R occlusion, G roughness, B metalness
        pixels.pixels[i + 3] = 255;
      }
    const int out = add_texture(std::move(pixels), t);
    textures_.emplace(key, out);
    return out;
  }

  // Normal maps: A is 255; a BC5 map's Z is rebuilt from X and Y (an uncompressed one keeps its B).
  static void rebuild_normal_z(ImageRgba8& pixels, bool rebuild) {
    for (std::size_t i = 0; i < pixels.pixels.size(); i += 4) {
      pixels.pixels[i + 3] = 255;
      if (!rebuild) continue;
      const double z = codec::bc5_normal(pixels.pixels[i], pixels.pixels[i + 1]).z;
      pixels.pixels[i + 2] = std::uint8_t(aem::round_to_integer((z + 1) * 127.5));
    }
  }

  // A material with its own `emissive` record (mode 1): emissiveFactor and emissiveTexture as the
  // glTF had them, and KHR_materials_emissive_strength when the strength is not 1 (a factor above
  // 1, which glTF does not allow, is moved into the strength). False for the core rule.
  bool own_emission(std::uint32_t index, nlohmann::json& out) {
    if (!emission_ || EmissiveMode((*emission_)[index].mode) != EmissiveMode::record) return false;
    const EmissiveRecord& r = (*emission_)[index];
    const double largest = std::max({double(r.factor[0]), double(r.factor[1]), double(r.factor[2])});
    const double scale = largest > 1 ? largest : 1.0;
    out["emissiveFactor"] = {r.factor[0] / scale, r.factor[1] / scale, r.factor[2] / scale};
    if (r.texture != kNoTexture) out["emissiveTexture"] = {{"index", texture(r.texture, TextureUse::emissive)}};
    if (const double strength = double(r.strength) * scale; strength != 1) {
      out["extensions"]["KHR_materials_emissive_strength"] = {{"emissiveStrength", strength}};
      doc_.use_extension("KHR_materials_emissive_strength");
    }
    return true;
  }

  // The material's emission, where its PBR texture has some intensity above 0: emissiveFactor
  // k × base colour where both textures are solid, else an emissive texture (emissive_texture).
  void emission(const aem::Material& m, nlohmann::json& out) {
    if (is_solid(m.pbr_texture) && is_solid(m.base_color_texture)) {
      const int k = solid_texel(m.pbr_texture)[3];
      if (k == 0) return;
      const std::array<std::uint8_t, 4> base = solid_texel(m.base_color_texture);
      // The base colour as baseColorFactor writes it, so that a bake finds k again exactly.
      out["emissiveFactor"] = {k / 255.0 * srgb_byte_to_linear(base[0]), k / 255.0 * srgb_byte_to_linear(base[1]),
                               k / 255.0 * srgb_byte_to_linear(base[2])};
      note_loss("emissive", "emission is stored as an intensity times the base colour: the glTF's own emissive colour is lost");
      return;
    }
    if (const int emissive = emissive_texture(m); emissive >= 0) {
      out["emissiveTexture"] = {{"index", emissive}};
      out["emissiveFactor"] = {1.0, 1.0, 1.0};
    }
  }

  // The emissive texture of a material whose PBR texture has some intensity above 0, else -1.
  int emissive_texture(const aem::Material& m) {
    const auto key = std::pair{m.pbr_texture, m.base_color_texture};
    if (auto it = emissive_.find(key); it != emissive_.end()) return it->second;
    const ImageRgba8& pbr = texels(m.pbr_texture);
    bool emits = false;
    for (std::size_t i = 3; i < pbr.pixels.size() && !emits; i += 4) emits = pbr.pixels[i] > 0;
    int out = -1;
    if (emits) {
      out = add_texture(emitted_image(pbr, texels(m.base_color_texture)), model_.textures()[m.pbr_texture]);
      note_loss("emissive", "emission is stored as an intensity times the base colour: the glTF's own emissive colour is lost");
    }
    emissive_.emplace(key, out);
    return out;
  }

  // Intensity × base colour on the PBR texture's grid (the base colour resampled as a bake does).
  static ImageRgba8 emitted_image(const ImageRgba8& pbr, const ImageRgba8& base) {
    ImageRgba8 out{pbr.width, pbr.height, std::vector<std::uint8_t>(pbr.pixels.size())};
    for (std::uint32_t y = 0; y < pbr.height; ++y)
      for (std::uint32_t x = 0; x < pbr.width; ++x) {
        const std::size_t at = (std::size_t(y) * pbr.width + x) * 4;
        std::array<double, 3> b{};
        for (std::size_t c = 0; c < 3; ++c) b[c] = linear_sample(base, x, y, pbr.width, pbr.height, c);
        const std::array<std::uint8_t, 3> e = emitted_colour(pbr.pixels[at + 3], b);
        std::copy(e.begin(), e.end(), out.pixels.begin() + std::ptrdiff_t(at));
        out.pixels[at + 3] = 255;
      }
    return out;
  }

  const aem::Model& model_;
  Document& doc_;
  std::optional<NamesView> names_ = names_of(model_);
  std::optional<Uv1View> uv1_ = uv1_of(model_);
  std::optional<std::span<const EmissiveRecord>> emission_ = emissive_of(model_);
  std::map<std::uint32_t, ImageRgba8> texels_;
  std::map<std::pair<std::uint32_t, int>, int> textures_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> samplers_, emissive_;
  std::map<std::string, bool> losses_noted_;
  std::vector<ImageRgba8> pending_;  // image i's texels, until finish_images
};

}  // namespace

std::vector<int> export_materials(const aem::Model& model, Document& document) {
  MaterialExporter exporter(model, document);
  std::vector<int> out;
  for (std::uint32_t i = 0; i < model.materials().size(); ++i) out.push_back(exporter.material(i));
  exporter.finish_images();
  return out;
}

}  // namespace aem::pipeline::gltf
