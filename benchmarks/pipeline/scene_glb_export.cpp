#include "scene_glb_export.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scene/component_type.hpp"

namespace aem::bench {
namespace {

using json = nlohmann::json;
// Declared here: aem::Material and aem::Image (the file format's) would be ambiguous otherwise.
using aem::pipeline::AlphaMode;
using aem::pipeline::Animation;
using aem::pipeline::AnimationSampler;
using aem::pipeline::Attribute;
using aem::pipeline::Channel;
using aem::pipeline::ComponentType;
using aem::pipeline::Image;
using aem::pipeline::Interpolation;
using aem::pipeline::Material;
using aem::pipeline::Mesh;
using aem::pipeline::Node;
using aem::pipeline::Primitive;
using aem::pipeline::Sampler;
using aem::pipeline::Scene;
using aem::pipeline::Semantic;
using aem::pipeline::Stream;
using aem::pipeline::Texture;
using aem::pipeline::TargetPath;
using aem::pipeline::TextureRef;
using aem::pipeline::UvTransform;
using aem::pipeline::kNone;
using aem::pipeline::component_bytes;

const char* gltf_accessor_type(std::uint8_t components) {
  switch (components) {
    case 1: return "SCALAR";
    case 2: return "VEC2";
    case 3: return "VEC3";
    case 4: return "VEC4";
    case 9: return "MAT3";
    case 16: return "MAT4";
  }
  throw std::runtime_error("a stream of " + std::to_string(components) + " components has no glTF type");
}

std::string attribute_name(const Attribute& a) {
  const std::string set = std::to_string(a.set);
  switch (a.semantic) {
    case Semantic::position: return "POSITION";
    case Semantic::normal: return "NORMAL";
    case Semantic::tangent: return "TANGENT";
    case Semantic::texcoord: return "TEXCOORD_" + set;
    case Semantic::color: return "COLOR_" + set;
    case Semantic::joints: return "JOINTS_" + set;
    case Semantic::weights: return "WEIGHTS_" + set;
  }
  throw std::logic_error("unknown semantic");
}

const char* path_name(TargetPath path) {
  switch (path) {
    case TargetPath::translation: return "translation";
    case TargetPath::rotation: return "rotation";
    case TargetPath::scale: return "scale";
    case TargetPath::weights: return "weights";
    case TargetPath::other: break;
  }
  throw std::runtime_error("an animation channel with a target path glTF does not have");
}

int gltf_wrap(WrapMode mode) {
  switch (mode) {
    case WrapMode::repeat: return 10497;
    case WrapMode::mirrored_repeat: return 33648;
    case WrapMode::clamp_to_edge: return 33071;
  }
  throw std::logic_error("unknown wrap mode");
}

json texture_info(const TextureRef& ref) {
  json info = {{"index", ref.texture}, {"texCoord", ref.uv_set}};
  const UvTransform identity;
  if (ref.transform.m != identity.m) {
    throw std::runtime_error("a texture transform (KHR_texture_transform is not written here)");
  }
  return info;
}

// The BIN chunk and the bufferViews over it, each starting 4-byte aligned.
class BinaryChunk {
 public:
  int add(const unsigned char* bytes, std::size_t size, json& views) {
    while (bin_.size() % 4 != 0) bin_.push_back(0);
    views.push_back({{"buffer", 0}, {"byteOffset", bin_.size()}, {"byteLength", size}});
    bin_.insert(bin_.end(), bytes, bytes + size);
    return int(views.size() - 1);
  }
  std::vector<unsigned char>& bytes() { return bin_; }

 private:
  std::vector<unsigned char> bin_;
};

// The stream's elements packed tightly (the producer's stride dropped; kNone buffers are zeros).
std::vector<unsigned char> packed_elements(const Scene& scene, const Stream& s) {
  if (s.sparse.count != 0) throw std::runtime_error(s.where + " is sparse (not written here)");
  const std::size_t element = component_bytes(s.component) * s.components;
  std::vector<unsigned char> out(element * s.count, 0);
  if (s.buffer == kNone) return out;
  const std::vector<unsigned char>& buffer = scene.buffers.at(std::size_t(s.buffer));
  const std::size_t stride = s.stride == 0 ? element : s.stride;
  if (s.count > 0 && s.offset + (s.count - 1) * stride + element > buffer.size()) {
    throw std::runtime_error(s.where + " runs past its buffer");
  }
  for (std::uint64_t i = 0; i < s.count; ++i) std::memcpy(&out[i * element], &buffer[s.offset + i * stride], element);
  return out;
}

json accessor(const Scene& scene, const Stream& s, BinaryChunk& bin, json& views) {
  const std::vector<unsigned char> bytes = packed_elements(scene, s);
  json a = {{"bufferView", bin.add(bytes.data(), bytes.size(), views)},
            {"componentType", aem::pipeline::gltf_component_code(s.component)},
            {"count", s.count},
            {"type", gltf_accessor_type(s.components)}};
  if (s.normalized) a["normalized"] = true;
  if (s.component == ComponentType::f32 && s.count > 0) {  // glTF requires them on POSITION and inputs
    std::vector<float> lo(s.components, std::numeric_limits<float>::max()), hi(s.components, -std::numeric_limits<float>::max());
    for (std::uint64_t i = 0; i < s.count * s.components; ++i) {
      float v;
      std::memcpy(&v, &bytes[i * 4], 4);
      lo[i % s.components] = std::min(lo[i % s.components], v);
      hi[i % s.components] = std::max(hi[i % s.components], v);
    }
    a["min"] = lo;
    a["max"] = hi;
  }
  return a;
}

std::string mime_type(const std::vector<unsigned char>& bytes, const std::string& where) {
  if (bytes.size() >= 8 && std::memcmp(bytes.data(), "\x89PNG\r\n\x1a\n", 8) == 0) return "image/png";
  if (bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return "image/jpeg";
  throw std::runtime_error(where + " is neither PNG nor JPEG, which a .glb cannot embed");
}

std::vector<unsigned char> image_bytes(const Scene& scene, const Image& image) {
  if (!image.problem.empty()) throw std::runtime_error(image.where + " has no pixels: " + image.problem);
  if (!image.file.empty()) {
    std::ifstream in(image.file, std::ios::binary);
    if (!in) throw std::runtime_error(image.where + ": cannot read " + image.file.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  const std::vector<unsigned char>& buffer = scene.buffers.at(std::size_t(image.bytes.buffer));
  if (image.bytes.offset + image.bytes.size > buffer.size()) throw std::runtime_error(image.where + " runs past its buffer");
  const auto begin = buffer.begin() + std::ptrdiff_t(image.bytes.offset);
  return {begin, begin + std::ptrdiff_t(image.bytes.size)};
}

json node_json(const Node& n) {
  json node = json::object();
  if (!n.name.empty()) node["name"] = n.name;
  if (!n.children.empty()) node["children"] = n.children;
  if (n.matrix) {
    node["matrix"] = *n.matrix;
  } else {
    node["translation"] = n.translation;
    node["rotation"] = n.rotation;
    node["scale"] = n.scale;
  }
  if (n.mesh != kNone) node["mesh"] = n.mesh;
  if (n.skin != kNone) node["skin"] = n.skin;
  return node;
}

json material_json(const Material& m) {
  json pbr = {{"baseColorFactor", m.base_color_factor}, {"metallicFactor", m.metallic_factor},
              {"roughnessFactor", m.roughness_factor}};
  if (m.base_color.texture != kNone) pbr["baseColorTexture"] = texture_info(m.base_color);
  if (m.metallic_roughness.texture != kNone) pbr["metallicRoughnessTexture"] = texture_info(m.metallic_roughness);
  json material = {{"pbrMetallicRoughness", pbr}, {"emissiveFactor", m.emissive_factor},
                   {"doubleSided", m.double_sided}};
  if (!m.name.empty()) material["name"] = m.name;
  if (m.normal.texture != kNone) {
    material["normalTexture"] = texture_info(m.normal);
    material["normalTexture"]["scale"] = m.normal_scale;
  }
  if (m.occlusion.texture != kNone) {
    material["occlusionTexture"] = texture_info(m.occlusion);
    material["occlusionTexture"]["strength"] = m.occlusion_strength;
  }
  if (m.emissive.texture != kNone) material["emissiveTexture"] = texture_info(m.emissive);
  if (m.emissive_strength != 1) throw std::runtime_error(m.where + ": emissive strength (an extension not written here)");
  if (m.alpha_mode == AlphaMode::mask) {
    material["alphaMode"] = "MASK";
    material["alphaCutoff"] = m.alpha_cutoff;
  } else if (m.alpha_mode == AlphaMode::blend) {
    material["alphaMode"] = "BLEND";
  }
  return material;
}

void append_u32(std::vector<unsigned char>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

json meshes_json(const Scene& scene) {
  json meshes = json::array();
  for (const Mesh& mesh : scene.meshes) {
    json primitives = json::array();
    for (const Primitive& p : mesh.primitives) {
      json attributes = json::object();
      for (const Attribute& a : p.attributes) attributes[attribute_name(a)] = a.stream;
      json primitive = {{"attributes", attributes}, {"mode", int(p.mode)}};
      if (p.indices != kNone) primitive["indices"] = p.indices;
      if (p.material != kNone) primitive["material"] = p.material;
      primitives.push_back(primitive);
    }
    meshes.push_back({{"primitives", primitives}});
  }
  return meshes;
}

// The images' bytes go into `bin` after the accessors' data, each with its buffer view.
json images_json(const Scene& scene, BinaryChunk& bin, json& views) {
  json images = json::array();
  for (const Image& image : scene.images) {
    const std::vector<unsigned char> bytes = image_bytes(scene, image);
    images.push_back({{"bufferView", bin.add(bytes.data(), bytes.size(), views)}, {"mimeType", mime_type(bytes, image.where)}});
  }
  return images;
}

json textures_json(const Scene& scene) {
  json textures = json::array();
  for (const Texture& t : scene.textures) {
    if (t.image == kNone) throw std::runtime_error(t.where + " has no image");
    json texture = {{"source", t.image}};
    if (t.sampler != kNone) texture["sampler"] = t.sampler;
    textures.push_back(texture);
  }
  return textures;
}

json animations_json(const Scene& scene) {
  json animations = json::array();
  for (const Animation& a : scene.animations) {
    json animation_samplers = json::array(), channels = json::array();
    for (const AnimationSampler& s : a.samplers) {
      const char* interpolation = s.interpolation == Interpolation::linear ? "LINEAR"
                                  : s.interpolation == Interpolation::step ? "STEP"
                                                                           : "CUBICSPLINE";
      animation_samplers.push_back({{"input", s.input}, {"output", s.output}, {"interpolation", interpolation}});
    }
    for (const Channel& c : a.channels) {
      channels.push_back({{"sampler", c.sampler}, {"target", {{"node", c.node}, {"path", path_name(c.path)}}}});
    }
    json animation = {{"samplers", animation_samplers}, {"channels", channels}};
    if (!a.name.empty()) animation["name"] = a.name;
    animations.push_back(animation);
  }
  return animations;
}

// The GLB container: header, the JSON chunk padded with spaces, the BIN chunk.
void write_glb(const json& gltf, const std::vector<unsigned char>& bin, const std::filesystem::path& glb) {
  std::string text = gltf.dump();
  while (text.size() % 4 != 0) text.push_back(' ');
  std::vector<unsigned char> out;
  append_u32(out, 0x46546C67);  // "glTF"
  append_u32(out, 2);
  append_u32(out, std::uint32_t(12 + 8 + text.size() + 8 + bin.size()));
  append_u32(out, std::uint32_t(text.size()));
  append_u32(out, 0x4E4F534A);  // "JSON"
  out.insert(out.end(), text.begin(), text.end());
  append_u32(out, std::uint32_t(bin.size()));
  append_u32(out, 0x004E4942);  // "BIN\0"
  out.insert(out.end(), bin.begin(), bin.end());
  std::ofstream file(glb, std::ios::binary);
  file.write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
  if (!file) throw std::runtime_error("cannot write " + glb.string());
}

}  // namespace

void write_scene_as_glb(const Scene& scene, const std::filesystem::path& glb) {
  if (!scene.skins.empty()) throw std::runtime_error("skins are not written here");
  BinaryChunk bin;
  json views = json::array(), accessors = json::array();
  for (const Stream& s : scene.streams) accessors.push_back(accessor(scene, s, bin, views));
  const json meshes = meshes_json(scene);
  json nodes = json::array();
  for (const Node& n : scene.nodes) nodes.push_back(node_json(n));
  json materials = json::array();
  for (const Material& m : scene.materials) materials.push_back(material_json(m));
  const json images = images_json(scene, bin, views);
  const json textures = textures_json(scene);
  json samplers = json::array();
  for (const Sampler& s : scene.samplers) samplers.push_back({{"wrapS", gltf_wrap(s.wrap_u)}, {"wrapT", gltf_wrap(s.wrap_v)}});
  const json animations = animations_json(scene);

  json gltf = {{"asset", {{"version", "2.0"}, {"generator", "aem scene_glb_export (benchmark)"}}},
               {"scene", 0},
               {"scenes", json::array({{{"nodes", scene.roots}}})},
               {"nodes", nodes},
               {"meshes", meshes},
               {"accessors", accessors},
               {"bufferViews", views}};
  while (bin.bytes().size() % 4 != 0) bin.bytes().push_back(0);
  gltf["buffers"] = json::array({{{"byteLength", bin.bytes().size()}}});
  if (!materials.empty()) gltf["materials"] = materials;
  if (!images.empty()) gltf["images"] = images;
  if (!textures.empty()) gltf["textures"] = textures;
  if (!samplers.empty()) gltf["samplers"] = samplers;
  if (!animations.empty()) gltf["animations"] = animations;
  write_glb(gltf, bin.bytes(), glb);
}

}  // namespace aem::bench
