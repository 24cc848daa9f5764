#include "stages/materials/material_packer.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "stages/materials/mip_generation.hpp"
#include "math/bake_math.hpp"
#include "stages/deferred_report.hpp"
#include "math/bilinear_sample.hpp"
#include "io/image_decoding.hpp"
#include "io/cancellable_call.hpp"
#include "aem/portable_math.hpp"

namespace aem::pipeline {
namespace {

using codec::ImageRgba8;
using math::exact_text;

// Images of more pixels than this (a 2048x2048 takes a tenth of a second and more) are decoded on
// a thread the cancel flag does not wait for, from a copy of their bytes: the scene may be gone
// before the thread ends.
constexpr std::uint64_t kPixelsWorthAThread = std::uint64_t(1) << 22;

std::optional<ImageRgba8> decode(std::span<const unsigned char> bytes, std::uint64_t pixels,
                                 const std::atomic<bool>* cancel, std::string& problem) {
  if (pixels <= kPixelsWorthAThread) return decode_rgba8(bytes, problem);
  auto [image, why] = run_cancellable(cancel, [copy = std::vector<unsigned char>(bytes.begin(), bytes.end())] {
    std::string decode_problem;
    std::optional<ImageRgba8> decoded = decode_rgba8(copy, decode_problem);
    return std::pair{std::move(decoded), std::move(decode_problem)};
  });
  problem = std::move(why);
  return std::move(image);
}

// A material's base colour as the emissive intensity must fit it: its decoded image (or null)
// with its glTF texture index, and its factor.
struct BaseColour {
  const ImageRgba8* image = nullptr;
  int texture = -1;
  std::array<double, 4> factor{1, 1, 1, 1};
};

// Relative error of the emitted light (root of summed squared differences over summed squares,
// linear RGB, over the PBR texels) above which the bake warns that the emissive colour changed.
// Where the emissive colour is the base colour, 8-bit rounding alone stays under 1%; the corpus's
// emitting models are far above (DamagedHelmet 64%, BoomBox's blue display on a dark base
// 99.5%). 10% is well clear of rounding and well below a visible change of colour.
// Above it the material gets its own `emissive` record (mode 1) instead of the warning, unless
// the bake writes version 1 only, or the error is too faint to see: a root mean square under half
// an 8-bit step in linear light (the BC7 noise of a PBR texture's A, which `aem export` writes
// out as a faint emissive colour, comes back tens of per cent off but invisible).
constexpr double kEmissiveErrorLimit = 0.10;
constexpr double kEmissiveVisibleError = 0.5 / 255;

// The emitted light's error over a PBR texture's texels: relative (to the glTF's emitted light)
// and absolute (root mean square per channel, linear light).
struct EmissiveError {
  double relative = 0, absolute = 0;
};

// glTF's spelling, which the packing keys and the alpha rules use.
std::string alpha_mode_name(AlphaMode mode) {
  switch (mode) {
    case AlphaMode::opaque: return "OPAQUE";
    case AlphaMode::mask: return "MASK";
    case AlphaMode::blend: return "BLEND";
  }
  return "OPAQUE";  // not reached: the switch names every mode
}

class Packer {
 public:
  Packer(const Scene& scene, const std::map<int, Uv1Material>& uv1_sets, const BakeOptions& options, WarningLog& warnings)
      : scene_(scene), uv1_sets_(uv1_sets), options_(options), warnings_(warnings) {}

  aem::Material pack(int material) {
    Material defaults;
    defaults.where = "material -1";
    const Material& mat = material >= 0 ? scene_.materials[std::size_t(material)] : defaults;
    const std::string& where = mat.where;  // "material 3 (Wood)", as messages name it
    aem::Material out{};
    // What the producer deferred about the material's own fields (an unknown alpha mode) first,
    // what it deferred about its extensions (each naming one) last, as the bake reports them.
    Deferred own = mat.deferred, extensions;
    std::erase_if(own.warnings, [](const DeferredWarning& w) { return !w.element.empty(); });
    std::copy_if(mat.deferred.warnings.begin(), mat.deferred.warnings.end(), std::back_inserter(extensions.warnings),
                 [](const DeferredWarning& w) { return !w.element.empty(); });
    throw_if_refused(scene_, where, own);
    report_warnings(scene_, where, own, warnings_);
    const std::string alpha_mode = alpha_mode_name(mat.alpha_mode);
    out.type = std::uint32_t(mat.alpha_mode == AlphaMode::blend ? MaterialType::transparent : MaterialType::opaque);
    out.base_color_texture = base_color(mat.base_color.texture, mat.base_color_factor, alpha_mode, mat.alpha_cutoff, where);
    out.normal_texture = normal(mat.normal.texture, mat.normal_scale, where);
    const BaseColour base{image(mat.base_color.texture, where, "base colour"), mat.base_color.texture,
                          base_factor(mat.base_color_factor)};
    EmissiveRecord emission = kCoreEmission;
    out.pbr_texture = pbr_texture(mat, base, emission, own_occlusion(material));
    emission_.push_back(emission);
    occlusion_.push_back(kUv1NoTexture);
    report_warnings(scene_, where, extensions, warnings_);
    return out;
  }

  // The emissive textures of the materials with their own record, appended after every texture
  // the version-1 materials use (specs/aem-extensions.md section 4), encoded as base colours are.
  void add_emissive_textures() {
    for (const PendingEmission& p : pending_emission_)
      emission_[p.material].texture = texture("emissive|image" + std::to_string(source(p.texture)),
                                              TextureKind::base_color, wrap(p.texture), [&] {
                                                ImageRgba8 out = *p.image;
                                                for (std::size_t i = 3; i < out.pixels.size(); i += 4) out.pixels[i] = 255;
                                                return out;
                                              });
  }

  // The own occlusion textures (the uv1 extension's packing), appended after the emissive ones:
  // R (and G) the occlusion as the PBR texture's G would hold it, B 0, A opaque.
  void add_occlusion_textures() {
    for (const PendingOcclusion& p : pending_occlusion_)
      occlusion_[p.material] = texture("occlusion|image" + std::to_string(source(p.texture)) + "|" + exact_text(p.occlusion_strength),
                                       TextureKind::occlusion, wrap(p.texture), [&] {
                                         ImageRgba8 out = *p.image;
                                         for (std::size_t i = 0; i < out.pixels.size(); i += 4) {
                                           const double o = 1 + p.occlusion_strength * (out.pixels[i] / 255.0 - 1);
                                           out.pixels[i] = out.pixels[i + 1] = std::uint8_t(aem::round_to_integer(std::clamp(o, 0.0, 1.0) * 255));
                                           out.pixels[i + 2] = 0;
                                           out.pixels[i + 3] = 255;
                                         }
                                         return out;
                                       });
  }

  // One texture per packed material; none when no material has its own occlusion.
  std::vector<std::uint32_t> take_occlusion() {
    return pending_occlusion_.empty() ? std::vector<std::uint32_t>{} : std::move(occlusion_);
  }

  // One record per packed material; none when every one follows the core rule.
  std::vector<EmissiveRecord> take_emission() {
    const bool any = std::any_of(emission_.begin(), emission_.end(),
                                 [](const EmissiveRecord& r) { return r.mode != kCoreEmission.mode; });
    return any ? std::move(emission_) : std::vector<EmissiveRecord>{};
  }

  std::vector<TextureImage> take_textures() { return std::move(textures_); }
  double compress_seconds() const { return compress_seconds_; }
  std::vector<TextureRdoChoice> take_rdo_choices() { return std::move(rdo_choices_); }
  std::uint64_t images_decoded() const { return decoded_.size(); }
  std::uint64_t decoded_pixels() const { return decoded_pixels_; }

 private:
  // Whether scene material `material` samples occlusion with another UV set than its PBR texture.
  bool own_occlusion(int material) const {
    const auto sets = uv1_sets_.find(material);
    return material >= 0 && sets != uv1_sets_.end() && sets->second.occlusion_set != sets->second.pbr_set &&
           scene_.materials[std::size_t(material)].occlusion.texture != kNone;
  }

  // "image 3 (wood.png)": an image as a message names it.
  std::string image_label(int index) const { return scene_.images[std::size_t(index)].where; }

  // The texture's image, or kNone.
  int source(int texture) const { return scene_.textures[std::size_t(texture)].image; }

  // A texture a baked material uses has no pixels: an error, or with allow_missing a warning
  // (once per image or texture) and the factor alone.
  // `kind` is the warning's kind, `element` the texture or image it is kept once for.
  void unusable(const std::string& kind, const std::string& element, const std::string& what) {
    if (!options_.allow_missing)
      throw BakeError(what + " (--allow-missing bakes the factor alone instead, for previews)");
    warnings_.warn(kind, element, what + "; the factor alone is used (allow_missing)");
  }

  // The texture's decoded image as RGBA8, or nullptr when the material uses none, or (with
  // allow_missing) when its image is missing or cannot be decoded. `material` names the
  // material, `usage` what it uses the texture for.
  const ImageRgba8* image(int texture, const std::string& material, const char* usage) {
    if (texture < 0) return nullptr;
    const Texture& t = scene_.textures[std::size_t(texture)];
    const std::string user = scene_.model.string() + ": " + material + " uses texture " + std::to_string(texture) +
                             " as its " + usage;
    if (t.image == kNone) {
      // Its only images are in extensions (EXT_texture_webp, KHR_texture_basisu...) that the
      // bake does not read, or it has none at all: the material's look would be lost.
      std::string extensions;
      for (const std::string& name : t.unread_sources)
        extensions += (extensions.empty() ? "" : ", ") + name +
                      (name == "KHR_texture_basisu" ? " (a KTX2 image, which the toolkit does not decode)" : "");
      unusable("texture without image", std::to_string(texture),
               user + ", which has no image aem bake can read" +
                   (extensions.empty() ? std::string(" (no source)") : " (only sources in " + extensions + ")"));
      return nullptr;
    }
    std::string problem = scene_.images[std::size_t(t.image)].problem;
    auto report_unusable = [&] {
      unusable("missing image", std::to_string(t.image),
               user + ", whose " + image_label(t.image) + " " +
                   (problem.rfind("file ", 0) == 0 || problem.rfind("its ", 0) == 0 ? "is unusable: " : "") + problem);
    };
    if (!problem.empty()) {
      report_unusable();
      return nullptr;
    }
    // Images with the same bytes share one decoding.
    const int source = pixel_source(scene_, t.image);
    if (auto it = decoded_.find(source); it != decoded_.end()) return &it->second;
    if (auto it = undecodable_.find(source); it != undecodable_.end()) {
      problem = it->second;
      report_unusable();
      return nullptr;
    }
    // The size the header claims, checked before a byte is allocated for the pixels.
    const Image& encoded = scene_.images[std::size_t(source)];
    const std::uint64_t pixels = std::uint64_t(encoded.width) * std::uint64_t(encoded.height);
    const BakeLimits& limits = options_.limits;
    const std::string size = std::to_string(encoded.width) + "x" + std::to_string(encoded.height) + " = " +
                             std::to_string(pixels) + " pixels";
    if (pixels > limits.max_image_pixels)
      throw BakeError(user + ", whose " + image_label(t.image) + " is " + size + ", more than the limit of " +
                      std::to_string(limits.max_image_pixels) + " pixels per image (--max-image-pixels raises it)");
    if (decoded_pixels_ + pixels > limits.max_total_pixels)
      throw BakeError(user + ", whose " + image_label(t.image) + " (" + size + ") brings the images decoded to " +
                      std::to_string(decoded_pixels_ + pixels) + " pixels, more than the limit of " +
                      std::to_string(limits.max_total_pixels) + " pixels per bake (--max-total-pixels raises it)");
    std::optional<ImageRgba8> decoded = decode(encoded_bytes(scene_, source), pixels, options_.signals.cancel, problem);
    if (!decoded) {
      undecodable_.emplace(source, problem);
      report_unusable();
      return nullptr;
    }
    decoded_pixels_ += pixels;
    auto [pos, inserted] = decoded_.emplace(source, std::move(*decoded));
    (void)inserted;
    return &pos->second;
  }

  std::pair<WrapMode, WrapMode> wrap(int texture) const {
    if (texture < 0) return {WrapMode::repeat, WrapMode::repeat};
    const int s = scene_.textures[std::size_t(texture)].sampler;
    if (s == kNone) return {WrapMode::repeat, WrapMode::repeat};
    const Sampler& sampler = scene_.samplers[std::size_t(s)];
    report_warnings(scene_, sampler.where, sampler.deferred, warnings_);  // an unknown wrap code
    return {sampler.wrap_u, sampler.wrap_v};
  }

  // Finds or makes a texture for `key`; `make` yields level 0.
  template <class Make>
  std::uint32_t texture(const std::string& key, TextureKind kind, std::pair<WrapMode, WrapMode> wraps, Make make) {
    std::ostringstream full;
    full << key << "|wrap" << int(wraps.first) << int(wraps.second) << "|kind" << int(kind);
    const auto it = index_.find(full.str());
    if (it != index_.end()) return it->second;
    ImageRgba8 level0 = downsize(make(), options_.max_texture_size, kind);
    throw_if_cancelled(options_, scene_.model);
    const auto levels = build_mip_chain(level0, kind, options_.signals.cancel);
    const auto start = std::chrono::steady_clock::now();
    TextureRdoChoice rdo;
    TextureImage tex = encode_texture(levels, kind, options_, &rdo);
    compress_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    tex.wrap_x = wraps.first;
    tex.wrap_y = wraps.second;
    const auto index = std::uint32_t(textures_.size());
    if (!rdo.lambdas.empty()) {
      rdo.texture = index;
      rdo_choices_.push_back(std::move(rdo));
    }
    textures_.push_back(std::move(tex));
    index_.emplace(full.str(), index);
    return index;
  }

  static ImageRgba8 solid(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    return ImageRgba8{1, 1, {r, g, b, a}};
  }

  // baseColorFactor, finite and in [0, 1].
  static std::array<double, 4> base_factor(const std::array<double, 4>& factor_in) {
    std::array<double, 4> f;
    for (std::size_t i = 0; i < 4; ++i) f[i] = std::clamp(std::isfinite(factor_in[i]) ? factor_in[i] : 1.0, 0.0, 1.0);
    return f;
  }

  std::uint32_t base_color(int tex, const std::array<double, 4>& factor_in, const std::string& mode,
                           double cutoff, const std::string& where) {
    const std::array<double, 4> f = base_factor(factor_in);
    if (!std::isfinite(cutoff)) cutoff = 0.5;
    const ImageRgba8* src = image(tex, where, "base colour");
    const TextureKind kind = mode == "MASK" ? TextureKind::base_color_masked : TextureKind::base_color;
    auto alpha = [&](double a) -> std::uint8_t {
      if (mode == "OPAQUE") return 255;
      if (mode == "MASK") return a >= cutoff ? 255 : 0;
      return std::uint8_t(aem::round_to_integer(std::clamp(a, 0.0, 1.0) * 255));
    };
    std::string key = "base|" + mode + "|" + exact_text(cutoff) + "|" + exact_text(f[0]) + "," + exact_text(f[1]) + "," +
                      exact_text(f[2]) + "," + exact_text(f[3]);
    if (src == nullptr) {
      const ImageRgba8 s = solid(linear_to_srgb(float(f[0])), linear_to_srgb(float(f[1])),
                                 linear_to_srgb(float(f[2])), alpha(f[3]));
      return texture("solid|" + std::to_string(s.pixels[0]) + "," + std::to_string(s.pixels[1]) + "," +
                         std::to_string(s.pixels[2]) + "," + std::to_string(s.pixels[3]),
                     TextureKind::base_color, {WrapMode::repeat, WrapMode::repeat}, [&] { return s; });
    }
    key += "|image" + std::to_string(source(tex));
    return texture(key, kind, wrap(tex), [&] {
      ImageRgba8 out = *src;
      const bool identity = f[0] == 1 && f[1] == 1 && f[2] == 1;
      for (std::size_t i = 0; i < out.pixels.size(); i += 4) {
        if (i % (4 * kCancelCheckInterval) == 0) throw_if_cancelled(options_, scene_.model);
        if (!identity)
          for (std::size_t c = 0; c < 3; ++c)
            out.pixels[i + c] = linear_to_srgb(float(srgb_to_linear(out.pixels[i + c]) * f[c]));
        out.pixels[i + 3] = alpha(out.pixels[i + 3] / 255.0 * f[3]);
      }
      return out;
    });
  }

  std::uint32_t normal(int tex, double scale, const std::string& where) {
    const ImageRgba8* src = image(tex, where, "normal map");
    if (!std::isfinite(scale)) scale = 1;
    if (src == nullptr)
      return texture("solid|normal", TextureKind::normal, {WrapMode::repeat, WrapMode::repeat},
                     [] { return solid(128, 128, 255, 255); });
    const std::string key = "normal|image" + std::to_string(source(tex)) + "|" + exact_text(scale);
    return texture(key, TextureKind::normal, wrap(tex), [&] {
      ImageRgba8 out = *src;
      for (std::size_t i = 0; i < out.pixels.size(); i += 4) {
        if (i % (4 * kCancelCheckInterval) == 0) throw_if_cancelled(options_, scene_.model);
        double x = (out.pixels[i] / 255.0 * 2 - 1) * scale, y = (out.pixels[i + 1] / 255.0 * 2 - 1) * scale;
        double z = std::max(0.0, out.pixels[i + 2] / 255.0 * 2 - 1);
        double l = std::sqrt(x * x + y * y + z * z);
        if (!(l > 1e-6)) {
          x = y = 0;
          z = l = 1;
        }
        out.pixels[i] = std::uint8_t(aem::round_to_integer((x / l + 1) * 127.5));
        out.pixels[i + 1] = std::uint8_t(aem::round_to_integer((y / l + 1) * 127.5));
        out.pixels[i + 2] = std::uint8_t(aem::round_to_integer((z / l + 1) * 127.5));
        out.pixels[i + 3] = 255;
      }
      return out;
    });
  }

  // Bilinear sample (clamped) of channel c at texel-centre coordinates of a w×h target; each
  // byte is read as sRGB-encoded (to linear light) when `srgb`, else as byte / 255.
  static double sample(const ImageRgba8& img, std::uint32_t x, std::uint32_t y, std::uint32_t w,
                       std::uint32_t h, int c, bool srgb = false) {
    auto at = [&](std::uint32_t xx, std::uint32_t yy) {
      const std::uint8_t byte = img.pixels[(std::size_t(yy) * img.width + xx) * 4 + std::size_t(c)];
      return srgb ? double(srgb_to_linear(byte)) : byte / 255.0;
    };
    return bilinear_sample(img.width, img.height, x, y, w, h, at);
  }

  // The PBR texture's factors, finite and clamped: roughness, metalness and occlusion strength
  // in [0, 1]; the emissive colour times its strength, non-negative.
  struct PbrFactors {
    double roughness, metallic, occlusion_strength;
    std::array<double, 3> emissive;
  };

  static PbrFactors pbr_factors(const Material& mat) {
    auto fin = [](double v, double fallback) { return std::isfinite(v) ? v : fallback; };
    PbrFactors f{std::clamp(fin(mat.roughness_factor, 1), 0.0, 1.0), std::clamp(fin(mat.metallic_factor, 1), 0.0, 1.0),
                 std::clamp(fin(mat.occlusion_strength, 1), 0.0, 1.0), {0, 0, 0}};
    const double strength = std::max(0.0, fin(mat.emissive_strength, 1));
    for (std::size_t i = 0; i < 3; ++i) f.emissive[i] = std::max(0.0, fin(mat.emissive_factor[i], 0)) * strength;
    return f;
  }

  // The maps the PBR texture packs: each one's decoded image (or null) and texture index.
  struct PbrMaps {
    const ImageRgba8* metallic_roughness;
    const ImageRgba8* occlusion;
    const ImageRgba8* emissive;
    int metallic_roughness_texture, occlusion_texture, emissive_texture;
  };

  // The texture's identity: factors, sources, and for an emitting material the base colour
  // its intensity multiplies.
  std::string pbr_key(const PbrFactors& f, const PbrMaps& maps, const BaseColour& base, bool emits) const {
    std::string key = "pbr|" + exact_text(f.roughness) + "," + exact_text(f.metallic) + "," +
                      exact_text(f.occlusion_strength) + "," + exact_text(f.emissive[0]) + "," +
                      exact_text(f.emissive[1]) + "," + exact_text(f.emissive[2]);
    auto src_key = [&](const ImageRgba8* img, int tex) {
      return img ? std::to_string(source(tex)) : std::string("-");
    };
    key += "|" + src_key(maps.metallic_roughness, maps.metallic_roughness_texture) + "|" +
           src_key(maps.occlusion, maps.occlusion_texture) + "|" + src_key(maps.emissive, maps.emissive_texture);
    if (emits)
      key += "|base" + src_key(base.image, base.texture) + "," + exact_text(base.factor[0]) + "," +
             exact_text(base.factor[1]) + "," + exact_text(base.factor[2]);
    return key;
  }

  // AEM emits intensity × base colour. The glTF emits E (emissive texture, sRGB, times factor
  // and strength): the intensity k minimising |k·B − E|² in linear light is E·B / B·B, clamped
  // to what 8 bits hold. Adds the texel's squared error and squared target to the sums.
  static std::uint8_t emissive_intensity(const std::array<double, 3>& e, const std::array<double, 3>& b,
                                         double& error2, double& emitted2) {
    double eb = 0, bb = 0;
    for (std::size_t c = 0; c < 3; ++c) {
      eb += e[c] * b[c];
      bb += b[c] * b[c];
    }
    const double k = bb > 0 ? std::clamp(eb / bb, 0.0, 1.0) : 0.0;
    const std::uint8_t intensity = std::uint8_t(aem::round_to_integer(k * 255));
    for (std::size_t c = 0; c < 3; ++c) {
      const double d = intensity / 255.0 * b[c] - e[c];
      error2 += d * d;
      emitted2 += e[c] * e[c];
    }
    return intensity;
  }

  // The packed texels on a w×h grid: R roughness, G occlusion, B metalness, A emissive
  // intensity. `emissive_error` is the emitted light's error over the texture.
  ImageRgba8 pbr_pixels(const PbrFactors& f, const PbrMaps& maps, const BaseColour& base, bool emits,
                        std::uint32_t w, std::uint32_t h, EmissiveError& emissive_error) const {
    const ImageRgba8* mr = maps.metallic_roughness;
    const ImageRgba8* occ = maps.occlusion;
    const ImageRgba8* em = maps.emissive;
    ImageRgba8 out{w, h, std::vector<std::uint8_t>(std::size_t(w) * h * 4)};
    double error2 = 0, emitted2 = 0;  // emitted light: squared error and squared target
    for (std::uint32_t y = 0; y < h; ++y)
      for (std::uint32_t x = 0; x < w; ++x) {
        if (x == 0 && y % 16 == 0) throw_if_cancelled(options_, scene_.model);
        const double r = f.roughness * (mr ? sample(*mr, x, y, w, h, 1) : 1.0);
        const double met = f.metallic * (mr ? sample(*mr, x, y, w, h, 2) : 1.0);
        const double o = occ ? 1 + f.occlusion_strength * (sample(*occ, x, y, w, h, 0) - 1) : 1.0;
        std::uint8_t intensity = 0;
        if (emits) {
          std::array<double, 3> e{}, b{};
          for (int c = 0; c < 3; ++c) {
            const auto ci = std::size_t(c);
            e[ci] = f.emissive[ci] * (em ? sample(*em, x, y, w, h, c, true) : 1.0);
            b[ci] = base.factor[ci] * (base.image ? sample(*base.image, x, y, w, h, c, true) : 1.0);
          }
          intensity = emissive_intensity(e, b, error2, emitted2);
        }
        std::uint8_t* p = &out.pixels[(std::size_t(y) * w + x) * 4];
        p[0] = std::uint8_t(aem::round_to_integer(std::clamp(r, 0.0, 1.0) * 255));
        p[1] = std::uint8_t(aem::round_to_integer(std::clamp(o, 0.0, 1.0) * 255));
        p[2] = std::uint8_t(aem::round_to_integer(std::clamp(met, 0.0, 1.0) * 255));
        p[3] = intensity;
      }
    emissive_error.relative = emitted2 > 0 ? std::sqrt(error2 / emitted2) : 0.0;
    emissive_error.absolute = std::sqrt(error2 / (3.0 * w * h));
    return out;
  }

  // The `emissive` record of a material whose emission is not a multiple of its base colour:
  // glTF's factor and strength, and its emissive map (made into a texture by add_emissive_textures).
  EmissiveRecord own_emission(const Material& mat, const PbrMaps& maps) {
    auto fin = [](double v, double fallback) { return std::isfinite(v) ? v : fallback; };
    EmissiveRecord r{std::uint32_t(EmissiveMode::record), {0, 0, 0}, float(std::max(0.0, fin(mat.emissive_strength, 1))),
                     kNoTexture, 0, 0};
    for (std::size_t c = 0; c < 3; ++c) r.factor[c] = float(std::max(0.0, fin(mat.emissive_factor[c], 0)));
    if (maps.emissive) pending_emission_.push_back({emission_.size(), maps.emissive_texture, maps.emissive});
    return r;
  }

  // Roughness, occlusion, metalness and emissive intensity of material `mat` in one texture;
  // `base` is its base colour, which the emissive intensity multiplies. `emission` becomes the
  // material's own record where the core rule cannot say its emitted light.
  std::uint32_t pbr_texture(const Material& mat, const BaseColour& base, EmissiveRecord& emission, bool own_occlusion) {
    const std::string& where = mat.where;
    PbrFactors f = pbr_factors(mat);
    PbrMaps maps{image(mat.metallic_roughness.texture, where, "metallic-roughness map"),
                 image(mat.occlusion.texture, where, "occlusion map"),
                 image(mat.emissive.texture, where, "emissive map"),
                 mat.metallic_roughness.texture, mat.occlusion.texture, mat.emissive.texture};
    if (own_occlusion && maps.occlusion) {  // on a texture of its own; none in the PBR texture's G
      pending_occlusion_.push_back({occlusion_.size(), maps.occlusion_texture, maps.occlusion, f.occlusion_strength});
      maps.occlusion = nullptr;
      f.occlusion_strength = 0;
    }
    const double em_max = std::max({f.emissive[0], f.emissive[1], f.emissive[2]});
    const bool emits = em_max > 0;
    const std::string key = pbr_key(f, maps, base, emits);
    const int lead = maps.metallic_roughness ? maps.metallic_roughness_texture
                     : maps.occlusion        ? maps.occlusion_texture
                     : maps.emissive         ? maps.emissive_texture
                     : emits && base.image   ? base.texture
                                             : -1;
    std::uint32_t w = 1, h = 1;
    // The grid of the source with the most texels (the first of equals), the others resampled
    // to it: never more texels than the largest source, whatever their shapes (a 16384x1 and a
    // 1x16384 source make a 16384x1 texture, not 16384x16384). An emitting material's intensity
    // follows its base colour texel by texel, so the base colour is a source too.
    for (const ImageRgba8* img : {maps.metallic_roughness, maps.occlusion, maps.emissive, emits ? base.image : nullptr})
      if (img && std::uint64_t(img->width) * img->height > std::uint64_t(w) * h) {
        w = img->width;
        h = img->height;
      }
    const std::uint32_t index = texture(key, TextureKind::pbr, wrap(lead), [&] {
      EmissiveError emissive_error;
      ImageRgba8 pixels = pbr_pixels(f, maps, base, emits, w, h, emissive_error);
      emissive_error_[key] = emissive_error;
      return pixels;
    });
    const auto error = emissive_error_.find(key);
    if (emits && !options_.version_1_only && error != emissive_error_.end() &&
        error->second.relative > kEmissiveErrorLimit && error->second.absolute > kEmissiveVisibleError) {
      emission = own_emission(mat, maps);  // carried exactly: neither warning below applies
      return index;
    }
    if (em_max > 1 && maps.emissive == nullptr)
      warnings_.warn("emissive clamp", scene_.model.string() + ": " + where + ": emissive intensity " + exact_text(em_max) +
                                           " clamped to 1 (AEM stores it in 8 bits)");
    if (error != emissive_error_.end() && error->second.relative > kEmissiveErrorLimit)
      warnings_.warn("emissive colour", where,
                     scene_.model.string() + ": " + where + ": emitted light differs from the glTF's by " +
                         std::to_string(int(aem::round_to_integer(error->second.relative * 100))) +
                         "% (AEM emits an intensity times the base colour; the emissive colour is not the base colour)");
    return index;
  }

  const Scene& scene_;
  const std::map<int, Uv1Material>& uv1_sets_;
  const BakeOptions& options_;
  WarningLog& warnings_;
  std::map<int, ImageRgba8> decoded_;            // by pixel source (image index)
  std::map<int, std::string> undecodable_;       // by pixel source: why its pixels cannot be read
  std::uint64_t decoded_pixels_ = 0;             // summed over decoded_
  std::map<std::string, EmissiveError> emissive_error_;  // per PBR texture key
  std::map<std::string, std::uint32_t> index_;
  std::vector<TextureImage> textures_;
  std::vector<TextureRdoChoice> rdo_choices_;
  // The core rule's record, which materials without their own emission have.
  static constexpr EmissiveRecord kCoreEmission{std::uint32_t(EmissiveMode::core), {0, 0, 0}, 0, kNoTexture, 0, 0};
  struct PendingEmission {
    std::size_t material;  // its position among the packed materials
    int texture;           // the scene's emissive texture
    const ImageRgba8* image;
  };
  std::vector<EmissiveRecord> emission_;  // one per packed material
  std::vector<PendingEmission> pending_emission_;
  struct PendingOcclusion {
    std::size_t material;  // its position among the packed materials
    int texture;           // the scene's occlusion texture
    const ImageRgba8* image;
    double occlusion_strength;
  };
  std::vector<std::uint32_t> occlusion_;  // one per packed material
  std::vector<PendingOcclusion> pending_occlusion_;
  double compress_seconds_ = 0;
};

}  // namespace

PackedMaterials pack_materials(const Scene& scene, const std::vector<int>& gltf_materials,
                               const std::map<int, Uv1Material>& uv1_sets, const BakeOptions& options,
                               WarningLog& warnings) {
  Packer packer(scene, uv1_sets, options, warnings);
  PackedMaterials out;
  for (int material : gltf_materials) out.materials.push_back(packer.pack(material));
  packer.add_emissive_textures();
  packer.add_occlusion_textures();
  out.emission = packer.take_emission();
  out.occlusion_textures = packer.take_occlusion();
  out.textures = packer.take_textures();
  out.compress_seconds = packer.compress_seconds();
  out.rdo_choices = packer.take_rdo_choices();
  out.images_decoded = packer.images_decoded();
  out.decoded_pixels = packer.decoded_pixels();
  return out;
}

}  // namespace aem::pipeline
