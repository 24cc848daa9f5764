#include "import/gltf/gltf_scene.hpp"

#include <map>
#include <optional>
#include <tuple>

#include <tiny_gltf.h>

#include "import/gltf/gltf_texture_transform.hpp"
#include "scene/component_type.hpp"

namespace aem::pipeline {
namespace {

// n of "TEXCOORD_n" when the name is exactly that prefix and a number in canonical form (no sign,
// no leading zero); kNotASet otherwise, so that only the exact name "TEXCOORD_1" is set 1.
constexpr std::uint32_t kNotASet = std::uint32_t(-1);
std::uint32_t set_number(const std::string& name, std::size_t prefix) {
  const std::string digits = name.substr(prefix);
  if (digits.empty() || digits.size() > 9 || (digits.size() > 1 && digits[0] == '0')) return kNotASet;
  for (char c : digits)
    if (c < '0' || c > '9') return kNotASet;
  return std::uint32_t(std::stoul(digits));
}

// The glTF attribute as a scene attribute, or nothing for names the stages do not read
// (_BATCHID and other application attributes: the caller defers a warning for them).
std::optional<Attribute> attribute_of(const std::string& name, int accessor) {
  auto prefixed = [&](const char* prefix, Semantic semantic) -> std::optional<Attribute> {
    const std::size_t length = std::char_traits<char>::length(prefix);
    if (name.compare(0, length, prefix) != 0) return std::nullopt;
    return Attribute{semantic, set_number(name, length), accessor, name};
  };
  if (name == "POSITION") return Attribute{Semantic::position, 0, accessor, name};
  if (name == "NORMAL") return Attribute{Semantic::normal, 0, accessor, name};
  if (name == "TANGENT") return Attribute{Semantic::tangent, 0, accessor, name};
  for (const auto& [prefix, semantic] : {std::pair{"TEXCOORD_", Semantic::texcoord}, std::pair{"COLOR_", Semantic::color},
                                         std::pair{"JOINTS_", Semantic::joints}, std::pair{"WEIGHTS_", Semantic::weights}})
    if (auto a = prefixed(prefix, semantic)) return a;
  return std::nullopt;
}

Stream stream_of(const tinygltf::Model& m, std::size_t index) {
  const tinygltf::Accessor& a = m.accessors[index];
  Stream s;
  s.where = "accessor " + std::to_string(index);
  s.component = *component_type_of(a.componentType);  // checked by the import
  s.components = *components_of(a.type);
  s.normalized = a.normalized;
  s.count = a.count;
  const std::uint32_t element = std::uint32_t(component_bytes(s.component) * s.components);
  if (a.bufferView >= 0) {
    const tinygltf::BufferView& view = m.bufferViews[std::size_t(a.bufferView)];
    s.buffer = view.buffer;
    s.offset = view.byteOffset + a.byteOffset;
    s.stride = view.byteStride ? std::uint32_t(view.byteStride) : element;
  } else {
    s.stride = element;
  }
  if (a.sparse.isSparse && a.sparse.count > 0) {
    const tinygltf::BufferView& iv = m.bufferViews[std::size_t(a.sparse.indices.bufferView)];
    const tinygltf::BufferView& vv = m.bufferViews[std::size_t(a.sparse.values.bufferView)];
    s.sparse.count = std::uint64_t(a.sparse.count);
    s.sparse.index_type = *component_type_of(a.sparse.indices.componentType);
    s.sparse.index_buffer = iv.buffer;
    s.sparse.index_offset = iv.byteOffset + std::uint64_t(a.sparse.indices.byteOffset);
    s.sparse.value_buffer = vv.buffer;
    s.sparse.value_offset = vv.byteOffset + std::uint64_t(a.sparse.values.byteOffset);
  }
  return s;
}

Node node_of(const tinygltf::Model& m, const GltfDocument& doc, std::size_t index) {
  const tinygltf::Node& n = m.nodes[index];
  Node out;
  out.where = "node " + std::to_string(index);
  out.name = n.name;
  out.parent = doc.parent[index];
  // A child the import detached (a scene root whose parent the scene does not list) is left out.
  for (int child : n.children)
    if (doc.parent[std::size_t(child)] == int(index)) out.children.push_back(child);
  if (n.matrix.size() == 16) {
    out.matrix.emplace();
    for (std::size_t i = 0; i < 16; ++i) (*out.matrix)[i] = n.matrix[i];
  }
  if (n.translation.size() == 3) out.translation = {n.translation[0], n.translation[1], n.translation[2]};
  if (n.rotation.size() == 4) out.rotation = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
  if (n.scale.size() == 3) out.scale = {n.scale[0], n.scale[1], n.scale[2]};
  out.mesh = n.mesh;
  out.skin = n.skin;
  out.has_camera = n.camera >= 0;
  out.weights = n.weights;
  return out;
}

// A target's POSITION, NORMAL and TANGENT; any other attribute is dropped with a deferred warning.
MorphTargetStreams morph_target_of(const std::map<std::string, int>& attributes, Primitive& prim, std::size_t t) {
  MorphTargetStreams out;
  for (const auto& [name, accessor] : attributes) {
    if (name == "POSITION") out.position = accessor;
    else if (name == "NORMAL") out.normal = accessor;
    else if (name == "TANGENT") out.tangent = accessor;
    else
      prim.deferred.warnings.push_back({"morph targets", name, "morph target " + std::to_string(t) + " attribute " +
                                                                   name + " dropped: AEM targets move positions, normals and tangents"});
  }
  return out;
}

// glTF's mesh.extras.targetNames: kept when it is an array of strings, one per target.
std::vector<std::string> target_names_of(const tinygltf::Mesh& mesh, std::size_t target_count) {
  std::vector<std::string> names;
  if (!mesh.extras.IsObject() || !mesh.extras.Has("targetNames")) return names;
  const tinygltf::Value& list = mesh.extras.Get("targetNames");
  if (!list.IsArray() || list.ArrayLen() != target_count) return names;
  for (std::size_t i = 0; i < target_count; ++i) {
    if (!list.Get(int(i)).IsString()) return {};
    names.push_back(list.Get(int(i)).Get<std::string>());
  }
  return names;
}

// Why the mesh's targets cannot be baked (a target accessor that does not exist, is not VEC3 or
// has not one element per vertex; primitives with different target counts), or empty.
std::string morph_target_problem(const tinygltf::Model& m, const tinygltf::Mesh& mesh) {
  for (std::size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
    const tinygltf::Primitive& p = mesh.primitives[pi];
    const std::string at = "primitive " + std::to_string(pi);
    if (p.targets.size() != mesh.primitives[0].targets.size())
      return at + " has " + std::to_string(p.targets.size()) + " targets, primitive 0 has " +
             std::to_string(mesh.primitives[0].targets.size());
    const auto position = p.attributes.find("POSITION");
    for (std::size_t t = 0; t < p.targets.size(); ++t)
      for (const auto& [name, accessor] : p.targets[t]) {
        const std::string what = at + " target " + std::to_string(t) + " " + name + " accessor " + std::to_string(accessor);
        if (accessor < 0 || std::size_t(accessor) >= m.accessors.size()) return what + " does not exist";
        const tinygltf::Accessor& a = m.accessors[std::size_t(accessor)];
        if (a.type != TINYGLTF_TYPE_VEC3) return what + " is not VEC3";
        if (position != p.attributes.end() && position->second >= 0 && std::size_t(position->second) < m.accessors.size() &&
            a.count != m.accessors[std::size_t(position->second)].count)
          return what + " has " + std::to_string(a.count) + " elements, POSITION has " +
                 std::to_string(m.accessors[std::size_t(position->second)].count);
      }
  }
  return {};
}

// Targets the bake cannot read are dropped (the base shape is kept), weights of the wrong count
// are glTF's default (0), each with a warning the bake reports if it places the mesh.
void drop_unusable_morph_targets(const tinygltf::Model& m, const tinygltf::Mesh& mesh, Mesh& out) {
  if (out.primitives.empty()) return;
  std::vector<DeferredWarning>& warnings = out.primitives[0].deferred.warnings;
  if (const std::string problem = morph_target_problem(m, mesh); !problem.empty()) {
    for (Primitive& p : out.primitives) p.morph_targets.clear();
    out.weights.clear();
    out.target_names.clear();
    warnings.push_back({"morph targets", out.where, out.where + " morph targets dropped, the base shape is kept: " + problem});
    return;
  }
  const std::size_t targets = out.primitives[0].morph_targets.size();
  if (!out.weights.empty() && out.weights.size() != targets) {
    warnings.push_back({"morph targets", out.where, out.where + " has " + std::to_string(out.weights.size()) + " weights for " +
                                                        std::to_string(targets) + " morph targets; the default weights are 0"});
    out.weights.clear();
  }
}

Mesh mesh_of(const tinygltf::Model& m, std::size_t index) {
  Mesh out;
  out.where = "mesh " + std::to_string(index);
  out.weights = m.meshes[index].weights;
  out.name = m.meshes[index].name;
  const auto& primitives = m.meshes[index].primitives;
  if (!primitives.empty()) out.target_names = target_names_of(m.meshes[index], primitives[0].targets.size());
  for (std::size_t pi = 0; pi < primitives.size(); ++pi) {
    const tinygltf::Primitive& p = primitives[pi];
    Primitive prim;
    prim.where = out.where + " primitive " + std::to_string(pi);
    // An unknown mode refuses the bake only if the primitive is placed.
    if (p.mode >= 0 && p.mode <= 6) prim.mode = PrimitiveMode(p.mode);
    else prim.deferred.error = "unknown primitive mode " + std::to_string(p.mode);
    prim.indices = p.indices;
    for (const auto& [name, accessor] : p.attributes) {  // by name, as tinygltf's map orders them
      if (auto a = attribute_of(name, accessor)) prim.attributes.push_back(*a);
      else if (name.starts_with('_'))  // reported once per name, only when the primitive is baked
        prim.deferred.warnings.push_back({"application attribute", name,
                                          "application-specific attribute " + name + " dropped: AEM vertices carry none"});
      else
        prim.deferred.warnings.push_back({"unknown attribute", name,
                                          "attribute '" + name + "' dropped: not a glTF attribute semantic"});
    }
    for (std::size_t t = 0; t < p.targets.size(); ++t) prim.morph_targets.push_back(morph_target_of(p.targets[t], prim, t));
    prim.material = p.material;
    out.primitives.push_back(std::move(prim));
  }
  drop_unusable_morph_targets(m, m.meshes[index], out);
  const tinygltf::Value& extras = m.meshes[index].extras;
  if (out.target_names.empty() && !out.primitives.empty() && extras.IsObject() && extras.Has("targetNames"))
    out.primitives[0].deferred.warnings.push_back(
        {"morph targets", "targetNames", out.where + " extras.targetNames is not one string per morph target; the targets are unnamed"});
  return out;
}

Animation animation_of(const tinygltf::Model& m, std::size_t index) {
  const tinygltf::Animation& anim = m.animations[index];
  Animation out;
  out.where = "animation " + std::to_string(index);
  out.name = anim.name;
  for (std::size_t si = 0; si < anim.samplers.size(); ++si) {
    const tinygltf::AnimationSampler& s = anim.samplers[si];
    AnimationSampler sampler;
    sampler.where = out.where + " sampler " + std::to_string(si);
    sampler.input = s.input;
    sampler.output = s.output;
    // The import refused any other spelling; empty means LINEAR.
    sampler.interpolation = s.interpolation == "STEP"          ? Interpolation::step
                            : s.interpolation == "CUBICSPLINE" ? Interpolation::cubic_spline
                                                               : Interpolation::linear;
    out.samplers.push_back(std::move(sampler));
  }
  for (std::size_t ci = 0; ci < anim.channels.size(); ++ci) {
    const tinygltf::AnimationChannel& c = anim.channels[ci];
    Channel channel;
    channel.where = out.where + " channel " + std::to_string(ci);
    channel.sampler = c.sampler;
    channel.node = c.target_node >= 0 ? c.target_node : kNone;
    channel.path_name = c.target_path;
    channel.path = c.target_path == "translation" ? TargetPath::translation
                   : c.target_path == "rotation"  ? TargetPath::rotation
                   : c.target_path == "scale"     ? TargetPath::scale
                   : c.target_path == "weights"   ? TargetPath::weights
                                                  : TargetPath::other;
    out.channels.push_back(std::move(channel));
  }
  return out;
}

// A texture reference with its effective UV set (KHR_texture_transform's texCoord wins) and
// transform. The set is kept as the file gives it, even negative: the stage decides.
template <class Info>
TextureRef texture_ref(const Info& info) {
  const TextureTransform t = parse_texture_transform(info.extensions);
  return TextureRef{info.index, t.tex_coord_override >= 0 ? t.tex_coord_override : info.texCoord, t.uv};
}

Material material_of(const tinygltf::Model& m, std::size_t index) {
  const tinygltf::Material& mat = m.materials[index];
  const auto& pbr = mat.pbrMetallicRoughness;
  Material out;
  out.where = "material " + std::to_string(index) + (mat.name.empty() ? "" : " (" + mat.name + ")");
  out.name = mat.name;
  // A factor of the wrong length is glTF's default (specs/scene-description.md §5, Q3).
  if (pbr.baseColorFactor.size() == 4)
    for (std::size_t i = 0; i < 4; ++i) out.base_color_factor[i] = pbr.baseColorFactor[i];
  out.base_color = texture_ref(pbr.baseColorTexture);
  out.metallic_roughness = texture_ref(pbr.metallicRoughnessTexture);
  out.normal = texture_ref(mat.normalTexture);
  out.occlusion = texture_ref(mat.occlusionTexture);
  out.emissive = texture_ref(mat.emissiveTexture);
  out.metallic_factor = pbr.metallicFactor;
  out.roughness_factor = pbr.roughnessFactor;
  out.normal_scale = mat.normalTexture.scale;
  out.occlusion_strength = mat.occlusionTexture.strength;
  if (mat.emissiveFactor.size() == 3)
    for (std::size_t i = 0; i < 3; ++i) out.emissive_factor[i] = mat.emissiveFactor[i];
  if (auto it = mat.extensions.find("KHR_materials_emissive_strength"); it != mat.extensions.end() &&
      it->second.IsObject() && it->second.Has("emissiveStrength") && it->second.Get("emissiveStrength").IsNumber())
    out.emissive_strength = it->second.Get("emissiveStrength").GetNumberAsDouble();
  const std::string alpha_mode = mat.alphaMode.empty() ? "OPAQUE" : mat.alphaMode;
  if (alpha_mode == "MASK") out.alpha_mode = AlphaMode::mask;
  else if (alpha_mode == "BLEND") out.alpha_mode = AlphaMode::blend;
  else if (alpha_mode != "OPAQUE")
    out.deferred.warnings.push_back({"alpha mode", "", "unknown alphaMode '" + alpha_mode + "', treated as OPAQUE"});
  out.alpha_cutoff = mat.alphaCutoff;
  out.double_sided = mat.doubleSided;
  out.unlit = mat.extensions.count("KHR_materials_unlit") > 0;  // a version-1 bake warns it away
  for (const auto& [ext, value] : mat.extensions) {
    (void)value;
    if (ext != "KHR_materials_emissive_strength" && ext != "KHR_texture_transform" && ext != "KHR_materials_unlit")
      out.deferred.warnings.push_back({"ignored extension", ext, "extension " + ext + " ignored"});
  }
  return out;
}

// "image 3 (wood.png)": an image as a message names it (a data URI is not spelled out).
std::string image_label(const tinygltf::Image& img, std::size_t index) {
  std::string label = "image " + std::to_string(index);
  if (img.uri.rfind("data:", 0) == 0) return label + " (a data URI)";
  if (!img.uri.empty()) return label + " (" + img.uri.substr(0, 200) + ")";
  if (img.bufferView >= 0) return label + " (in bufferView " + std::to_string(img.bufferView) + ")";
  return label;
}

}  // namespace

std::optional<WrapMode> wrap_mode_of(int gltf_wrap) {
  switch (gltf_wrap) {
    case 10497: return WrapMode::repeat;
    case 33648: return WrapMode::mirrored_repeat;
    case 33071: return WrapMode::clamp_to_edge;
    default: return std::nullopt;
  }
}

Sampler sampler_of(const tinygltf::Sampler& s, std::size_t index) {
  Sampler out;
  out.where = "sampler " + std::to_string(index);
  // A code outside glTF's three is baked as glTF's default, with a warning when a baked
  // material uses the sampler.
  for (auto [axis, code, mode] : {std::tuple{"wrapS", s.wrapS, &out.wrap_u}, std::tuple{"wrapT", s.wrapT, &out.wrap_v}}) {
    const std::optional<WrapMode> known = wrap_mode_of(code);
    *mode = known.value_or(WrapMode::repeat);
    if (!known)
      out.deferred.warnings.push_back({"texture wrap", "",
                                       std::string(axis) + " " + std::to_string(code) +
                                           " is not a glTF wrap mode (33071, 33648 or 10497); baked as repeat"});
  }
  return out;
}

Scene describe_gltf(tinygltf::Model& m, const GltfDocument& doc, std::vector<EncodedImage> images) {
  Scene scene;
  scene.model = doc.path;
  scene.inputs = doc.files;
  scene.roots.assign(doc.roots.begin(), doc.roots.end());
  for (std::size_t i = 0; i < m.accessors.size(); ++i) scene.streams.push_back(stream_of(m, i));
  for (std::size_t i = 0; i < m.nodes.size(); ++i) scene.nodes.push_back(node_of(m, doc, i));
  for (std::size_t i = 0; i < m.meshes.size(); ++i) scene.meshes.push_back(mesh_of(m, i));
  for (std::size_t i = 0; i < m.skins.size(); ++i) {
    const tinygltf::Skin& s = m.skins[i];
    scene.skins.push_back({"skin " + std::to_string(i), {s.joints.begin(), s.joints.end()},
                           s.inverseBindMatrices >= 0 ? s.inverseBindMatrices : kNone});
  }
  for (std::size_t i = 0; i < m.animations.size(); ++i) scene.animations.push_back(animation_of(m, i));
  for (std::size_t i = 0; i < m.materials.size(); ++i) scene.materials.push_back(material_of(m, i));
  for (std::size_t i = 0; i < m.textures.size(); ++i) {
    const tinygltf::Texture& t = m.textures[i];
    Texture texture{"texture " + std::to_string(i), t.source >= 0 ? t.source : kNone,
                    t.sampler >= 0 ? t.sampler : kNone, {}};
    if (t.source < 0)
      for (const auto& [name, value] : t.extensions) {
        (void)value;
        texture.unread_sources.push_back(name);
      }
    scene.textures.push_back(std::move(texture));
  }
  for (std::size_t i = 0; i < m.samplers.size(); ++i) scene.samplers.push_back(sampler_of(m.samplers[i], i));
  for (tinygltf::Buffer& buffer : m.buffers) scene.buffers.push_back(std::move(buffer.data));
  for (std::size_t i = 0; i < m.images.size(); ++i) {
    EncodedImage& kept = images[i];
    Image image;
    image.where = image_label(m.images[i], i);
    image.problem = std::move(kept.problem);
    if (image.problem.empty()) {
      image.width = std::uint32_t(kept.width);
      image.height = std::uint32_t(kept.height);
      image.same_as = kept.same_as >= 0 ? kept.same_as : kNone;
      if (kept.same_as < 0 && kept.buffer_view >= 0) {
        const tinygltf::BufferView& view = m.bufferViews[std::size_t(kept.buffer_view)];
        image.bytes = {view.buffer, view.byteOffset, view.byteLength};
      } else if (kept.same_as < 0) {
        image.bytes = {std::int32_t(scene.buffers.size()), 0, kept.bytes.size()};
        scene.buffers.push_back(std::move(kept.bytes));
      }
    }
    scene.images.push_back(std::move(image));
  }
  return scene;
}

}  // namespace aem::pipeline
