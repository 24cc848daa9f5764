#include "import/gltf/compressed/gltf_decompression.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "import/gltf/compressed/gltf_decoders.hpp"

namespace aem::pipeline {
namespace {

// Stands in for a fallback buffer's missing bytes: tinygltf refuses an empty data URI.
constexpr const char* kPlaceholderUri = "data:application/octet-stream;base64,AA==";

// tinygltf 2.7 decodes data URIs of a few media types only, and not WebP's or KTX2's (it fails the
// whole load on them); the bytes are the same under a type it reads, and the image loader
// recognises WebP (which it decodes) and KTX2 (which it names as such) by their bytes.
constexpr const char* kRetypedDataUris[] = {"data:image/webp;base64,", "data:image/ktx2;base64,"};
constexpr const char* kOctetStreamDataUri = "data:application/octet-stream;base64,";

// The prefix of kRetypedDataUris that `text` begins with, or null.
const char* retyped_prefix(std::string_view text) {
  for (const char* prefix : kRetypedDataUris)
    if (text.rfind(prefix, 0) == 0) return prefix;
  return nullptr;
}

// Whether `json` holds a data URI that needs a type tinygltf reads.
bool mentions_retyped_data_uri(std::string_view json) {
  for (const char* prefix : kRetypedDataUris)
    if (json.find(prefix) != std::string_view::npos) return true;
  return false;
}

// Extensions this file makes plain: they leave extensionsUsed and extensionsRequired once done.
constexpr const char* kHandled[] = {"EXT_meshopt_compression", "KHR_draco_mesh_compression", "EXT_texture_webp",
                                    "KHR_texture_basisu"};

bool is_fallback(const nlohmann::json& buffer) {
  if (!buffer.is_object() || buffer.contains("uri")) return false;
  const auto ext = buffer.find("extensions");
  if (ext == buffer.end() || !ext->is_object()) return false;
  const auto meshopt = ext->find("EXT_meshopt_compression");
  if (meshopt == ext->end() || !meshopt->is_object()) return false;
  const auto fallback = meshopt->find("fallback");
  return fallback != meshopt->end() && fallback->is_boolean() && fallback->get<bool>();
}

// A .glb with its JSON chunk replaced by `json` (padded with spaces to 4 bytes); the chunks after
// the old JSON chunk (`rest`) follow unchanged.
std::vector<unsigned char> glb_with_json(std::string json, std::span<const unsigned char> head,
                                         std::span<const unsigned char> rest) {
  json.append((4 - json.size() % 4) % 4, ' ');
  std::vector<unsigned char> out(head.begin(), head.begin() + 12);
  const std::uint32_t json_length = std::uint32_t(json.size()), json_type = 0x4E4F534A;  // "JSON"
  const std::uint32_t total = std::uint32_t(12 + 8 + json.size() + rest.size());
  std::memcpy(out.data() + 8, &total, 4);
  out.resize(20);
  std::memcpy(out.data() + 12, &json_length, 4);
  std::memcpy(out.data() + 16, &json_type, 4);
  out.insert(out.end(), json.begin(), json.end());
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

// EXT_texture_webp points a texture at the WebP image, which the bake decodes; a
// KHR_texture_basisu texture with a plain `source` bakes from it, the image the file offers to
// readers without a Basis transcoder (there is none in Debian). A basisu texture without one is
// left as it is: the material packer names the texture and the extension if a baked material
// uses it.
void choose_texture_images(const std::filesystem::path& model, tinygltf::Model& gltf) {
  for (std::size_t ti = 0; ti < gltf.textures.size(); ++ti) {
    tinygltf::Texture& texture = gltf.textures[ti];
    if (const auto webp = texture.extensions.find("EXT_texture_webp"); webp != texture.extensions.end()) {
      const std::int64_t source = webp->second.IsObject() ? extension_integer(webp->second, "source") : -1;
      if (source < 0 || std::uint64_t(source) >= gltf.images.size())
        throw BakeError(model.string() + ": texture " + std::to_string(ti) + ": EXT_texture_webp: source " +
                        std::to_string(source) + " is not an image of the file (" + std::to_string(gltf.images.size()) +
                        " images)");
      texture.source = int(source);
      texture.extensions.erase(webp);
    }
    if (const auto basisu = texture.extensions.find("KHR_texture_basisu"); basisu != texture.extensions.end())
      if (texture.source >= 0) texture.extensions.erase(basisu);
  }
}

void drop_handled_extensions(std::vector<std::string>& names) {
  std::erase_if(names, [](const std::string& name) {
    return std::find(std::begin(kHandled), std::end(kHandled), name) != std::end(kHandled);
  });
}

}  // namespace

void DecodedBytesBudget::check(std::uint64_t bytes, const std::string& element) const {
  if (bytes > left_)
    throw BakeError(model_.string() + ": " + element + ": decodes to " + std::to_string(bytes) + " bytes, which with the " +
                    std::to_string(limit_ - left_) + " decoded before exceeds the limit of " + std::to_string(limit_) +
                    " decoded bytes (--max-decoded-bytes raises it)");
}

void DecodedBytesBudget::take(std::uint64_t bytes, const std::string& element) {
  check(bytes, element);
  left_ -= bytes;
}

std::int64_t json_integer(const tinygltf::Value& value) {
  if (!value.IsNumber()) return -1;
  const double v = value.GetNumberAsDouble();
  if (!(v >= 0) || v > 9007199254740992.0 || std::floor(v) != v) return -1;
  return std::int64_t(v);
}

std::int64_t extension_integer(const tinygltf::Value& object, const char* key) {
  return object.Has(key) ? json_integer(object.Get(key)) : -1;
}

CompressedGltfPlan plan_compressed_gltf(const std::filesystem::path& model, std::vector<unsigned char>& file,
                                        std::span<const unsigned char>& json) {
  CompressedGltfPlan plan;
  const std::string_view text(reinterpret_cast<const char*>(json.data()), json.size());
  if (text.find("EXT_meshopt_compression") == std::string_view::npos &&
      text.find("KHR_draco_mesh_compression") == std::string_view::npos &&
      !mentions_retyped_data_uri(text))
    return plan;
  // Invalid JSON is left to tinygltf, which reports it as for any other file.
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) return plan;
  if (const auto buffers = doc.find("buffers"); buffers != doc.end() && buffers->is_array()) {
    for (std::size_t i = 0; i < buffers->size(); ++i) {
      nlohmann::json& buffer = (*buffers)[i];
      if (!is_fallback(buffer)) continue;
      const auto length = buffer.find("byteLength");
      if (length == buffer.end() || !length->is_number_unsigned()) continue;  // tinygltf refuses it
      plan.fallback_byte_length[int(i)] = length->get<std::uint64_t>();
      buffer["uri"] = kPlaceholderUri;
      buffer["byteLength"] = 1;
    }
  }
  if (const auto meshes = doc.find("meshes"); meshes != doc.end() && meshes->is_array()) {
    for (std::size_t mi = 0; mi < meshes->size(); ++mi) {
      nlohmann::json& mesh = (*meshes)[mi];
      if (!mesh.is_object() || !mesh.contains("primitives") || !mesh["primitives"].is_array()) continue;
      for (std::size_t pi = 0; pi < mesh["primitives"].size(); ++pi) {
        nlohmann::json& primitive = mesh["primitives"][pi];
        if (!primitive.is_object() || !primitive.contains("extensions") || !primitive["extensions"].is_object() ||
            !primitive["extensions"].contains("KHR_draco_mesh_compression"))
          continue;
        const auto indices = primitive.find("indices");
        if (indices == primitive.end() || !indices->is_number_unsigned() || indices->get<std::uint64_t>() > 0x7fffffff)
          continue;  // tinygltf's own checks report it
        plan.draco_indices[{mi, pi}] = int(indices->get<std::uint64_t>());
        primitive.erase("indices");
      }
    }
  }
  bool retyped_uris = false;
  if (const auto images = doc.find("images"); images != doc.end() && images->is_array()) {
    for (nlohmann::json& image : *images) {
      if (!image.is_object() || !image.contains("uri") || !image["uri"].is_string()) continue;
      const std::string& uri = image["uri"].get_ref<const std::string&>();
      const char* prefix = retyped_prefix(uri);
      if (prefix == nullptr) continue;
      image["uri"] = kOctetStreamDataUri + uri.substr(std::strlen(prefix));
      retyped_uris = true;
    }
  }
  if (plan.fallback_byte_length.empty() && plan.draco_indices.empty() && !retyped_uris) return plan;
  const bool binary = json.data() != file.data();  // a .glb's JSON starts after its headers
  try {
    std::string rewritten = doc.dump();
    if (binary) {
      const std::size_t rest = std::size_t(json.data() - file.data()) + json.size();
      file = glb_with_json(std::move(rewritten), file, std::span(file).subspan(rest));
      std::uint32_t length = 0;
      std::memcpy(&length, file.data() + 12, 4);
      json = std::span(file).subspan(20, length);
    } else {
      file.assign(rewritten.begin(), rewritten.end());
      json = file;
    }
  } catch (const nlohmann::json::exception& e) {  // dump() throws on strings that are not UTF-8
    throw BakeError(model.string() + ": compressed glTF cannot be prepared for loading: " + e.what());
  }
  return plan;
}

void decompress_gltf(const std::filesystem::path& model, tinygltf::Model& gltf,
                     const CompressedGltfPlan& plan, const BakeOptions& options) {
  DecodedBytesBudget budget(model, options.limits.max_decoded_bytes);
  decode_meshopt_views(model, gltf, plan, budget, options);
  decode_draco_primitives(model, gltf, plan, budget, options);
  choose_texture_images(model, gltf);
  drop_handled_extensions(gltf.extensionsUsed);
  drop_handled_extensions(gltf.extensionsRequired);
}

}  // namespace aem::pipeline
