#include "import/gltf/gltf_import.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <sstream>
#include <string>
#include <vector>

#include <stb_image.h>  // declarations only; libstb.so implements them
#include <tiny_gltf.h>

#include "io/confined_files.hpp"
#include "io/json_depth.hpp"
#include "scene/component_type.hpp"
#include "import/gltf/buffer_range.hpp"
#include "import/gltf/compressed/gltf_decompression.hpp"
#include "import/gltf/gltf_file_access.hpp"
#include "import/gltf/glb_framing.hpp"
#include "import/gltf/gltf_scene.hpp"
#include "io/image_decoding.hpp"
#include "scene/node_tree.hpp"
#include "import/gltf/tinygltf_binding.hpp"

namespace aem::pipeline {
namespace {

// Beyond float rounding (the validator allows about 3e-6): a rotation this far from unit length
// was written wrong, and normalising it is a guess worth a warning.
constexpr double kRotationLengthTolerance = 1e-3;

std::string math_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

[[noreturn]] void fail(const GltfDocument& doc, const std::string& what) {
  throw BakeError(doc.path.string() + ": " + what);
}

// A byte range inside a buffer, checked.
void check_view_range(const GltfDocument& doc, const tinygltf::Model& m, int view_index,
                      std::size_t offset, std::size_t count, std::size_t element_size,
                      std::size_t stride, const std::string& where) {
  if (view_index < 0 || std::size_t(view_index) >= m.bufferViews.size())
    fail(doc, where + ": bufferView " + std::to_string(view_index) + " does not exist");
  const tinygltf::BufferView& view = m.bufferViews[std::size_t(view_index)];
  if (view.buffer < 0 || std::size_t(view.buffer) >= m.buffers.size())
    fail(doc, "bufferView " + std::to_string(view_index) + ": buffer " +
                  std::to_string(view.buffer) + " does not exist");
  const std::size_t buffer_size = m.buffers[std::size_t(view.buffer)].data.size();
  if (!lies_inside_buffer(view.byteOffset, view.byteLength, buffer_size))
    fail(doc, "bufferView " + std::to_string(view_index) + ": bytes " +
                  std::to_string(view.byteOffset) + ".." +
                  std::to_string(view.byteOffset + view.byteLength) + " outside buffer " +
                  std::to_string(view.buffer) + " of " + std::to_string(buffer_size) + " bytes");
  if (count == 0) return;
  // count <= 2^28 and stride <= 2^32 (checked by the caller or by the view size), so no overflow
  // in 64 bits: (2^28)(2^32) + 2^32 < 2^61.
  const std::uint64_t end = std::uint64_t(offset) + std::uint64_t(count - 1) * std::uint64_t(stride) +
                            std::uint64_t(element_size);
  if (offset > view.byteLength || end > view.byteLength)
    fail(doc, where + ": needs bytes up to " + std::to_string(std::uint64_t(end)) +
                  " of bufferView " + std::to_string(view_index) + " which has " +
                  std::to_string(view.byteLength));
}

void check_accessor(const GltfDocument& doc, const tinygltf::Model& m, std::size_t index) {
  const tinygltf::Accessor& a = m.accessors[index];
  const std::string where = "accessor " + std::to_string(index);
  const std::optional<ComponentType> component = component_type_of(a.componentType);
  const std::optional<std::uint8_t> components = components_of(a.type);
  if (!component) fail(doc, where + ": unknown componentType " + std::to_string(a.componentType));
  if (!components) fail(doc, where + ": unknown type " + std::to_string(a.type));
  const std::size_t csize = component_bytes(*component);
  const std::size_t ccount = *components;
  if (a.count > (1u << 28)) fail(doc, where + ": count " + std::to_string(a.count) + " too large");
  const std::size_t element = csize * ccount;
  if (a.bufferView >= 0) {
    if (std::size_t(a.bufferView) >= m.bufferViews.size())
      fail(doc, where + ": bufferView " + std::to_string(a.bufferView) + " does not exist");
    const tinygltf::BufferView& view = m.bufferViews[std::size_t(a.bufferView)];
    const std::size_t stride = view.byteStride ? view.byteStride : element;
    if (view.byteStride > 252)
      fail(doc, "bufferView " + std::to_string(a.bufferView) + ": byteStride " +
                    std::to_string(view.byteStride) + " exceeds glTF's maximum of 252");
    if (stride < element)
      fail(doc, where + ": byteStride " + std::to_string(view.byteStride) +
                    " smaller than its element size " + std::to_string(element));
    check_view_range(doc, m, a.bufferView, a.byteOffset, a.count, element, stride, where);
  }
  if (a.sparse.isSparse) {
    const std::size_t n = std::size_t(a.sparse.count);
    if (a.sparse.count < 0 || n > a.count)
      fail(doc, where + ": sparse count " + std::to_string(a.sparse.count) + " outside 0.." +
                    std::to_string(a.count));
    const std::optional<ComponentType> itype = component_type_of(a.sparse.indices.componentType);
    if (itype != ComponentType::u8 && itype != ComponentType::u16 && itype != ComponentType::u32)
      fail(doc, where + ": sparse indices have an invalid componentType");
    const std::size_t isize = component_bytes(*itype);
    check_view_range(doc, m, a.sparse.indices.bufferView, std::size_t(a.sparse.indices.byteOffset),
                     n, isize, isize, where + " sparse indices");
    check_view_range(doc, m, a.sparse.values.bufferView, std::size_t(a.sparse.values.byteOffset),
                     n, element, element, where + " sparse values");
  }
}

void check_index(const GltfDocument& doc, int value, std::size_t size, const std::string& where,
                 const char* what) {
  if (value < 0 || std::size_t(value) >= size)
    fail(doc, where + ": " + what + " " + std::to_string(value) + " does not exist (" +
                  std::to_string(size) + " in the file)");
}

// With one parent per node, the graph is a forest unless a walk up the parents comes back to a
// node of the same walk. Each node is walked once (later walks stop at nodes already cleared),
// so this is linear even for a chain of 100,000 nodes.
void check_no_cycles(const GltfDocument& doc) {
  enum : std::uint8_t { unvisited, on_walk, cleared };
  std::vector<std::uint8_t> state(doc.parent.size(), unvisited);
  std::vector<std::size_t> walk;
  for (std::size_t start = 0; start < doc.parent.size(); ++start) {
    walk.clear();
    int node = int(start);
    while (node >= 0 && state[std::size_t(node)] == unvisited) {
      state[std::size_t(node)] = on_walk;
      walk.push_back(std::size_t(node));
      node = doc.parent[std::size_t(node)];
    }
    if (node >= 0 && state[std::size_t(node)] == on_walk)
      fail(doc, "node " + std::to_string(node) + " is its own ancestor (the node graph has a cycle)");
    for (std::size_t w : walk) state[w] = cleared;
  }
}

// The scene's roots, each node placed once. Exporters and hand-edited files sometimes list a node
// both as a root and as a descendant of another root (Bevy's cakeBirthday.glb), or list a root
// twice; Blender, three.js and Bevy place such a node once, under its parent, and so do we.
// A root whose parent the scene does not list is placed as three.js (GLTFLoader.loadScene adds
// each listed node's own subtree to the scene group) and Bevy (load_node starts each listed node
// from the identity) place it: at the scene root, with its own transform only. It is detached
// from its parent here, so the Scene stays a forest whose roots have no parent.
void choose_roots(GltfDocument& doc, WarningLog& warnings) {
  const tinygltf::Scene& scene = doc.model->scenes[std::size_t(doc.scene)];
  const std::string where = doc.path.string() + ": scene " + std::to_string(doc.scene) + ": ";
  std::vector<char> listed(doc.parent.size(), 0);
  for (int r : scene.nodes) listed[std::size_t(r)] = 1;
  const std::vector<int> nearest_listed = nearest_marked_nodes(doc.parent, listed);
  std::vector<char> taken(doc.parent.size(), 0);
  for (int r : scene.nodes) {
    const int parent = doc.parent[std::size_t(r)];
    const int listed_ancestor = parent >= 0 ? nearest_listed[std::size_t(parent)] : -1;
    if (listed_ancestor >= 0) {
      warnings.warn("scene root is child",
                    where + "node " + std::to_string(r) + " is listed as a root but is a descendant of root node " +
                        std::to_string(listed_ancestor) + "; it is placed once, under its parent node " +
                        std::to_string(doc.parent[std::size_t(r)]));
      continue;
    }
    if (taken[std::size_t(r)]) {
      warnings.warn("root listed twice", where + "node " + std::to_string(r) +
                                             " is listed as a root more than once; it is placed once");
      continue;
    }
    if (parent >= 0) {
      warnings.warn("scene root parent not listed",
                    where + "node " + std::to_string(r) + " is listed as a root but is the child of node " +
                        std::to_string(parent) + ", which the scene does not list; it is placed at the scene " +
                        "root with its own transform, without node " + std::to_string(parent) +
                        "'s (as three.js and Bevy show it)");
      doc.parent[std::size_t(r)] = -1;
    }
    taken[std::size_t(r)] = 1;
    doc.roots.push_back(r);
  }
}

// Every primitive's accessors and material in range.
void check_meshes(const GltfDocument& doc, const tinygltf::Model& m) {
  const std::size_t accessor_count = m.accessors.size();
  for (std::size_t mi = 0; mi < m.meshes.size(); ++mi) {
    for (std::size_t pi = 0; pi < m.meshes[mi].primitives.size(); ++pi) {
      const tinygltf::Primitive& p = m.meshes[mi].primitives[pi];
      const std::string where = "mesh " + std::to_string(mi) + " primitive " + std::to_string(pi);
      for (const auto& [name, acc] : p.attributes) check_index(doc, acc, accessor_count, where + " attribute " + name, "accessor");
      if (p.indices >= 0) check_index(doc, p.indices, accessor_count, where + " indices", "accessor");
      if (p.material >= 0) check_index(doc, p.material, m.materials.size(), where, "material");
    }
  }
}

// A node's own transform: the right count of finite numbers, and a rotation that is no zero
// quaternion (one far from unit length is normalised with a warning).
void check_node_transform(const GltfDocument& doc, const tinygltf::Node& node, const std::string& where,
                          WarningLog& warnings) {
  if (!node.matrix.empty() && node.matrix.size() != 16)
    fail(doc, where + ": matrix has " + std::to_string(node.matrix.size()) + " numbers, not 16");
  if (!node.translation.empty() && node.translation.size() != 3)
    fail(doc, where + ": translation needs 3 numbers");
  if (!node.rotation.empty() && node.rotation.size() != 4)
    fail(doc, where + ": rotation needs 4 numbers");
  if (!node.scale.empty() && node.scale.size() != 3) fail(doc, where + ": scale needs 3 numbers");
  for (double v : node.matrix) if (!std::isfinite(v)) fail(doc, where + ": matrix is not finite");
  for (double v : node.translation) if (!std::isfinite(v)) fail(doc, where + ": translation is not finite");
  for (double v : node.rotation) if (!std::isfinite(v)) fail(doc, where + ": rotation is not finite");
  for (double v : node.scale) if (!std::isfinite(v)) fail(doc, where + ": scale is not finite");
  if (node.rotation.size() == 4) {
    // Loaders normalise the quaternion; a zero one is no rotation at all.
    const double length = std::sqrt(node.rotation[0] * node.rotation[0] + node.rotation[1] * node.rotation[1] +
                                    node.rotation[2] * node.rotation[2] + node.rotation[3] * node.rotation[3]);
    if (!(length > 1e-6)) fail(doc, where + ": rotation is the zero quaternion, which is no rotation");
    if (std::abs(length - 1) > kRotationLengthTolerance)
      warnings.warn("non-unit rotation", doc.path.string() + ": " + where + ": rotation quaternion of length " +
                                             math_text(length) + " is normalised");
  }
}

// Nodes: references in range, one parent each (recorded in doc.parent), no cycles.
void check_nodes(GltfDocument& doc, const tinygltf::Model& m, WarningLog& warnings) {
  const std::size_t n = m.nodes.size();
  doc.parent.assign(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    const tinygltf::Node& node = m.nodes[i];
    const std::string where = "node " + std::to_string(i);
    if (node.mesh >= 0) check_index(doc, node.mesh, m.meshes.size(), where, "mesh");
    if (node.skin >= 0) check_index(doc, node.skin, m.skins.size(), where, "skin");
    if (node.mesh < -1 || node.skin < -1) fail(doc, where + ": negative mesh or skin index");
    check_node_transform(doc, node, where, warnings);
    for (int child : node.children) {
      check_index(doc, child, n, where + " children", "node");
      if (std::size_t(child) == i) fail(doc, where + ": is its own child");
      if (doc.parent[std::size_t(child)] >= 0)
        fail(doc, "node " + std::to_string(child) + " has two parents (nodes " +
                      std::to_string(doc.parent[std::size_t(child)]) + " and " +
                      std::to_string(i) + "); glTF nodes must form trees");
      doc.parent[std::size_t(child)] = int(i);
    }
  }
  check_no_cycles(doc);
}

// Skins: joints, skeleton and inverse bind matrices in range, one float MAT4 per joint.
void check_skins(const GltfDocument& doc, const tinygltf::Model& m) {
  const std::size_t n = m.nodes.size();
  for (std::size_t si = 0; si < m.skins.size(); ++si) {
    const tinygltf::Skin& s = m.skins[si];
    const std::string where = "skin " + std::to_string(si);
    if (s.joints.empty()) fail(doc, where + ": has no joints");
    for (int j : s.joints) check_index(doc, j, n, where + " joints", "node");
    if (s.skeleton >= 0) check_index(doc, s.skeleton, n, where + " skeleton", "node");
    if (s.inverseBindMatrices >= 0) {
      check_index(doc, s.inverseBindMatrices, m.accessors.size(), where + " inverseBindMatrices", "accessor");
      const tinygltf::Accessor& a = m.accessors[std::size_t(s.inverseBindMatrices)];
      if (a.type != TINYGLTF_TYPE_MAT4 || a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT)
        fail(doc, where + ": inverseBindMatrices accessor " + std::to_string(s.inverseBindMatrices) + " is not float MAT4");
      if (a.count < s.joints.size())
        fail(doc, where + ": " + std::to_string(a.count) + " inverse bind matrices for " +
                      std::to_string(s.joints.size()) + " joints");
    }
  }
}

// Animations: samplers' accessors in range with a known interpolation, channels' samplers and
// target nodes in range.
void check_animations(const GltfDocument& doc, const tinygltf::Model& m) {
  const std::size_t accessor_count = m.accessors.size();
  for (std::size_t ai = 0; ai < m.animations.size(); ++ai) {
    const tinygltf::Animation& anim = m.animations[ai];
    const std::string where = "animation " + std::to_string(ai);
    for (std::size_t si = 0; si < anim.samplers.size(); ++si) {
      const auto& s = anim.samplers[si];
      const std::string sw = where + " sampler " + std::to_string(si);
      check_index(doc, s.input, accessor_count, sw + " input", "accessor");
      check_index(doc, s.output, accessor_count, sw + " output", "accessor");
      if (s.interpolation != "LINEAR" && s.interpolation != "STEP" && s.interpolation != "CUBICSPLINE" && !s.interpolation.empty())
        fail(doc, sw + ": unknown interpolation '" + s.interpolation + "'");
    }
    for (std::size_t ci = 0; ci < anim.channels.size(); ++ci) {
      const auto& c = anim.channels[ci];
      const std::string cw = where + " channel " + std::to_string(ci);
      check_index(doc, c.sampler, anim.samplers.size(), cw, "sampler");
      if (c.target_node >= 0) check_index(doc, c.target_node, m.nodes.size(), cw + " target", "node");
    }
  }
}

// Textures' images and samplers, and materials' textures, in range.
void check_materials(const GltfDocument& doc, const tinygltf::Model& m) {
  for (std::size_t ti = 0; ti < m.textures.size(); ++ti) {
    const tinygltf::Texture& t = m.textures[ti];
    const std::string where = "texture " + std::to_string(ti);
    if (t.source >= 0) check_index(doc, t.source, m.images.size(), where + " source", "image");
    if (t.sampler >= 0) check_index(doc, t.sampler, m.samplers.size(), where + " sampler", "sampler");
  }
  for (std::size_t mi = 0; mi < m.materials.size(); ++mi) {
    const tinygltf::Material& mat = m.materials[mi];
    const std::string where = "material " + std::to_string(mi);
    const int refs[] = {mat.pbrMetallicRoughness.baseColorTexture.index,
                        mat.pbrMetallicRoughness.metallicRoughnessTexture.index,
                        mat.normalTexture.index, mat.occlusionTexture.index,
                        mat.emissiveTexture.index};
    for (int r : refs)
      if (r >= 0 || r < -1) check_index(doc, r, m.textures.size(), where, "texture");
  }
}

// The roots to bake: without scenes every parentless node, else the chosen scene's (choose_roots).
void check_scene_roots(GltfDocument& doc, const tinygltf::Model& m, WarningLog& warnings) {
  const std::size_t n = m.nodes.size();
  if (m.scenes.empty()) {
    doc.scene = -1;
    for (std::size_t i = 0; i < n; ++i)
      if (doc.parent[i] < 0) doc.roots.push_back(int(i));
  } else {
    for (std::size_t si = 0; si < m.scenes.size(); ++si)
      for (int r : m.scenes[si].nodes)
        check_index(doc, r, n, "scene " + std::to_string(si) + " nodes", "node");
    choose_roots(doc, warnings);
  }
}

// Everything later stages index into, in the order the checks have always run (the first
// problem found is the one reported).
void check_model(GltfDocument& doc, WarningLog& warnings) {
  const tinygltf::Model& m = *doc.model;
  for (std::size_t i = 0; i < m.accessors.size(); ++i) check_accessor(doc, m, i);
  check_meshes(doc, m);
  check_nodes(doc, m, warnings);
  check_skins(doc, m);
  check_animations(doc, m);
  check_materials(doc, m);
  check_scene_roots(doc, m, warnings);
}

constexpr int kMaxImageSide = 16384;
constexpr std::size_t kMaxSameHashCompared = 8;

// The first byte of bufferView `view` of `model` (its range inside its buffer checked by the caller).
const unsigned char* encoded_bytes_in(const tinygltf::Model& model, int view) {
  const tinygltf::BufferView& v = model.bufferViews[std::size_t(view)];
  return model.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset;
}

// What tinygltf's loading learnt of each image, by image index: why it has no pixels, or its
// encoded bytes and header size. An image the bake cannot read is not a load failure: whether it
// matters depends on whether a baked material uses it, which the material packer decides
// (error, or with allow_missing a warning).
struct ImageLog {
  std::map<int, std::string> problems;
  std::map<int, EncodedImage> encoded;
  std::unordered_map<std::size_t, std::vector<int>> by_hash;  // images with bytes, by their hash
  const tinygltf::Model* model = nullptr;  // being loaded: its buffers and views come before images
  const std::atomic<bool>* cancel = nullptr;  // once set, decoding stops and the load fails
};

// KTX2's file identifier (KTX 2.0 specification, section 3.1): «KTX 20»\r\n\x1A\n.
constexpr unsigned char kKtx2Identifier[12] = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};

// An image that is KTX2 (KHR_texture_basisu's container) by its bytes, its media type or its
// file name: what a texture without a PNG or JPEG fallback points at.
bool is_ktx2_image(const tinygltf::Image& image, std::span<const unsigned char> bytes) {
  if (bytes.size() >= sizeof kKtx2Identifier && std::memcmp(bytes.data(), kKtx2Identifier, sizeof kKtx2Identifier) == 0)
    return true;
  const std::string& uri = image.uri;
  return image.mimeType == "image/ktx2" || (uri.size() >= 5 && uri.compare(uri.size() - 5, 5, ".ktx2") == 0);
}

// Image "decoding" for tinygltf: reads only the header (PNG/JPEG, anything stb_image reads) and
// keeps the bytes for the material packer, which decodes the images a baked material uses, once
// each. Images with the same bytes as an earlier one point to it instead of keeping a copy.
bool keep_encoded_image(tinygltf::Image* image, const int index, std::string* err, std::string*, int, int,
                        const unsigned char* bytes, int size, void* image_log) {
  auto& log = *static_cast<ImageLog*>(image_log);
  auto& problems = log.problems;
  if (log.cancel && log.cancel->load(std::memory_order_relaxed)) return false;
  // tinygltf hands over an image's bufferView without checking it lies inside its buffer.
  if (image->bufferView >= 0) {
    const tinygltf::BufferView& view = log.model->bufferViews[std::size_t(image->bufferView)];
    const std::size_t buffer_size = log.model->buffers[std::size_t(view.buffer)].data.size();
    if (!lies_inside_buffer(view.byteOffset, view.byteLength, buffer_size)) {
      if (err)
        *err += "image " + std::to_string(index) + ": bufferView " + std::to_string(image->bufferView) + " (bytes " +
                std::to_string(view.byteOffset) + ".." + std::to_string(view.byteOffset + view.byteLength) +
                ") lies outside buffer " + std::to_string(view.buffer) + " of " + std::to_string(buffer_size) + " bytes\n";
      return false;
    }
  }
  int w = 0, h = 0;
  if (!read_image_size({bytes, std::size_t(size)}, w, h)) {
    problems[index] = is_ktx2_image(*image, {bytes, std::size_t(size)})
                          ? "is a KTX2 image (Basis Universal, KHR_texture_basisu), which the toolkit does not decode "
                            "(it reads PNG, JPEG and WebP)"
                          : "cannot be decoded (not a PNG or JPEG image)";
    return true;
  }
  if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide) {
    problems[index] = "is " + std::to_string(w) + "x" + std::to_string(h) + ", larger than " +
                      std::to_string(kMaxImageSide) + " texels a side";
    return true;
  }
  EncodedImage& out = log.encoded[index];
  out.width = w;
  out.height = h;
  const std::string_view text(reinterpret_cast<const char*>(bytes), std::size_t(size));
  std::vector<int>& same_hash = log.by_hash[std::hash<std::string_view>{}(text)];
  // Only a few candidates are compared, so that crafted hash collisions cost no more than that.
  for (std::size_t k = 0; k < same_hash.size() && k < kMaxSameHashCompared; ++k) {
    const int earlier = same_hash[k];
    const EncodedImage& e = log.encoded.at(earlier);
    const unsigned char* e_bytes = e.buffer_view >= 0 ? encoded_bytes_in(*log.model, e.buffer_view) : e.bytes.data();
    const std::size_t e_size = e.buffer_view >= 0 ? log.model->bufferViews[std::size_t(e.buffer_view)].byteLength
                                                  : e.bytes.size();
    if (e_size == text.size() && std::memcmp(e_bytes, bytes, e_size) == 0) {
      out.same_as = earlier;
      return true;
    }
  }
  same_hash.push_back(index);
  // Bytes in a bufferView stay where they are (the buffers outlive the bake); others are copied.
  if (image->bufferView >= 0)
    out.buffer_view = image->bufferView;
  else
    out.bytes.assign(bytes, bytes + size);
  return true;
}

// A URI's %XX escapes decoded, as tinygltf decodes them before opening the file.
std::string percent_decoded(const std::string& uri) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      out += char(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

// Why tinygltf left an image with a URI empty without calling the decoder: its file.
std::string image_file_problem(const std::filesystem::path& base_dir, const std::string& uri) {
  if (uri.rfind("data:", 0) == 0)
    return "its data URI (" + uri.substr(0, std::min<std::size_t>(uri.find(','), 40)) +
           ") is not a PNG or JPEG image the loader reads";
  const std::filesystem::path file = (base_dir / percent_decoded(uri)).lexically_normal();
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return "file " + file.string() + " not found";
  if (std::filesystem::is_regular_file(file, ec) && std::filesystem::file_size(file, ec) == 0)
    return "file " + file.string() + " is empty";
  return "file " + file.string() + " cannot be read";
}

// tinygltf's warnings without those about image files, which the bake reports itself (naming
// the material that uses the image) or, for an image no baked material uses, not at all.
std::string without_image_file_warnings(const std::string& warning) {
  std::istringstream lines(warning);
  std::string line, out;
  while (std::getline(lines, line)) {
    const bool image_file = line.rfind("File not found : ", 0) == 0 || line.rfind("File read error : ", 0) == 0 ||
                            line.rfind("File is empty : ", 0) == 0 ||
                            line.rfind("Failed to load external 'uri' for image[", 0) == 0;
    if (!image_file && !line.empty()) out += line + "\n";
  }
  return out;
}

// tinygltf's load error with its buffer-file lines said plainly: image files never fail the
// load (they are optional to tinygltf), so a file problem in the error is a buffer's.
std::string with_buffer_file_errors_named(const std::string& error, const std::string& base_dir) {
  std::istringstream lines(error);
  std::string line, out;
  auto starts = [&](const char* prefix) { return line.rfind(prefix, 0) == 0; };
  while (std::getline(lines, line)) {
    if (starts("File not found : ")) {
      const std::string uri = line.substr(17);
      if (uri.empty()) continue;  // tinygltf has already said the uri is missing
      line = uri.rfind("data:", 0) == 0
                 ? "buffer data URI " + uri.substr(0, 60) + (uri.size() > 60 ? "..." : "") + " cannot be decoded"
                 : "buffer file " + uri + " not found in " + (base_dir.empty() ? "." : base_dir) +
                       " (a model's geometry cannot be baked without its buffers)";
    }
    else if (starts("File is empty : ") || starts("File read error : ") || starts("File size mismatch : "))
      line = "buffer file " + line;
    if (!line.empty()) out += line + "\n";
  }
  return out;
}

// A loader message on one line: trailing breaks and spaces dropped, inner breaks made ';'.
std::string one_line(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  for (char& c : s) if (c == '\n') c = ';';
  return s;
}

// The JSON text of a .gltf, or the JSON chunk of a .glb, refused when it nests deeper than
// kMaxJsonDepth: the JSON parser recurses once per nesting level.
std::span<const unsigned char> checked_json_text(const std::filesystem::path& path,
                                                 std::span<const unsigned char> bytes, bool binary) {
  std::size_t begin = 0, end = bytes.size();
  if (binary && bytes.size() >= 20) {
    std::uint32_t chunk = 0;
    std::memcpy(&chunk, bytes.data() + 12, 4);
    begin = 20;
    end = std::min<std::size_t>(bytes.size(), 20 + std::size_t(chunk));
  }
  const std::span<const unsigned char> json_text = bytes.subspan(begin, end - begin);
  if (const std::size_t depth = json_depth(json_text); depth > kMaxJsonDepth)
    throw BakeError(path.string() + ": JSON nested " + std::to_string(depth) +
                    " levels deep (more than " + std::to_string(kMaxJsonDepth) + ")");
  return json_text;
}

// tinygltf's load of the file's `bytes` into doc.model, its files read through GltfFileAccess
// (listed in doc.files) and its images kept encoded in `image_log`. A failed load throws
// BakeError; loader warnings, less those about image files, go to `warnings`.
void load_with_tinygltf(GltfDocument& doc, const std::vector<unsigned char>& bytes, bool binary,
                        std::span<const unsigned char> json_text, ImageLog& image_log, const BakeOptions& options,
                        WarningLog& warnings) {
  const std::filesystem::path& path = doc.path;
  tinygltf::TinyGLTF loader;
  loader.SetStoreOriginalJSONForExtrasAndExtensions(false);
  image_log.model = doc.model.get();
  image_log.cancel = options.signals.cancel;
  loader.SetImageLoader(&keep_encoded_image, &image_log);
  doc.files.push_back(path.lexically_normal());
  GltfFileAccess files(path, options, doc.files);
  loader.SetFsCallbacks(files.callbacks());
  std::string error, warning;
  bool ok = false;
  try {
    ok = binary ? loader.LoadBinaryFromMemory(doc.model.get(), &error, &warning, bytes.data(),
                                              unsigned(bytes.size()), files.base_dir())
                : loader.LoadASCIIFromString(doc.model.get(), &error, &warning,
                                             reinterpret_cast<const char*>(bytes.data()),
                                             unsigned(bytes.size()), files.base_dir());
  } catch (const std::exception& e) {
    throw BakeError(path.string() + ": not a readable glTF file: " + e.what());
  }
  files.throw_if_refused(json_text);
  throw_if_cancelled(options, path);
  const std::string base_dir = path.parent_path().string();  // for messages
  if (!ok)
    throw BakeError(path.string() + ": " +
                    (error.empty() ? "cannot be parsed as glTF" : one_line(with_buffer_file_errors_named(error, base_dir))));
  warning = without_image_file_warnings(warning);
  if (!warning.empty()) warnings.warn("loader", path.string() + ": glTF loader: " + one_line(warning));
}

// Each image of the loaded model: its encoded bytes, or why it has none.
std::vector<EncodedImage> scene_images(const tinygltf::Model& m, ImageLog& image_log, const std::string& base_dir) {
  std::vector<EncodedImage> images(m.images.size());
  for (std::size_t i = 0; i < m.images.size(); ++i) {
    if (const auto it = image_log.problems.find(int(i)); it != image_log.problems.end())
      images[i].problem = it->second;
    else if (const auto kept = image_log.encoded.find(int(i)); kept != image_log.encoded.end())
      images[i] = std::move(kept->second);
    else
      images[i].problem = m.images[i].uri.empty() ? "has no pixel data" : image_file_problem(base_dir, m.images[i].uri);
  }
  return images;
}

// The scene to bake (options.scene, else the file's default, else 0) into doc.scene; a file
// without scenes keeps -1, and refuses --scene.
void choose_scene(GltfDocument& doc, const tinygltf::Model& m, const BakeOptions& options) {
  const std::filesystem::path& path = doc.path;
  if (!m.scenes.empty()) {
    int scene = options.scene >= 0 ? options.scene : (m.defaultScene >= 0 ? m.defaultScene : 0);
    if (std::size_t(scene) >= m.scenes.size())
      throw BakeError(path.string() + ": scene " + std::to_string(scene) + " does not exist (" +
                      std::to_string(m.scenes.size()) + " scenes)");
    doc.scene = scene;
  } else if (options.scene >= 0) {
    throw BakeError(path.string() + ": --scene " + std::to_string(options.scene) +
                    " given but the file has no scenes");
  }
}

// "light 0 'Sun' (directional), light 1 (point)": each light by index, name and type.
std::string light_list(const std::vector<tinygltf::Light>& lights) {
  std::string list;
  for (std::size_t i = 0; i < lights.size(); ++i) {
    if (i > 0) list += ", ";
    list += "light " + std::to_string(i);
    if (!lights[i].name.empty()) list += " '" + lights[i].name + "'";
    list += " (" + (lights[i].type.empty() ? std::string("no type") : lights[i].type) + ")";
  }
  return list;
}

// Whether the bake reads (or deliberately drops, with a warning) what an extension adds. Lights
// are scene content like cameras, which no model file carries: a file that requires
// KHR_lights_punctual still has an exact model, and its lights are dropped by name below.
// KHR_materials_unlit is carried by the `material_flags` extension, which a version-1 bake lacks.
bool handled_extension(const std::string& ext, bool version_1_only) {
  return ext == "KHR_mesh_quantization" || ext == "KHR_texture_transform" ||
         ext == "KHR_materials_emissive_strength" || ext == "KHR_lights_punctual" ||
         (ext == "KHR_materials_unlit" && !version_1_only);
}

// Required extensions the bake does not support fail it; used ones it ignores are warned of,
// and so are the cameras and lights it drops.
void check_extensions(const std::filesystem::path& path, const tinygltf::Model& m, bool version_1_only,
                      WarningLog& warnings) {
  for (const std::string& ext : m.extensionsRequired)
    if (!handled_extension(ext, version_1_only))
      throw BakeError(path.string() + ": requires extension " + ext + ", which aem bake does not support");
  for (const std::string& ext : m.extensionsUsed)
    if (!handled_extension(ext, version_1_only))
      warnings.warn("ignored extension", ext, path.string() + ": extension " + ext + " is ignored");
  if (!m.cameras.empty())
    warnings.warn("cameras", path.string() + ": " + std::to_string(m.cameras.size()) + " camera(s) dropped: AEM has no cameras");
  if (!m.lights.empty())
    warnings.warn("lights", path.string() + ": " + std::to_string(m.lights.size()) +
                                " light(s) dropped: AEM has no lights: " + light_list(m.lights));
}

}  // namespace

Scene import_gltf(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings) {
  static const std::string binding_problem = tinygltf_binding_problem();
  if (!binding_problem.empty()) throw BakeError(path.string() + ": cannot import glTF: " + binding_problem);
  GltfDocument doc;
  doc.path = path;
  doc.model = std::make_shared<tinygltf::Model>();
  // Read the whole file once; sniff the container from its first bytes, not the extension.
  std::vector<unsigned char> bytes;
  if (const std::string problem = read_regular_file(path, bytes, 0x7fffffff); !problem.empty())
    throw BakeError(path.string() + ": " + problem);
  if (bytes.empty()) throw BakeError(path.string() + ": empty file (0 bytes)");
  const bool binary = is_glb(path, bytes);
  if (binary) check_glb_framing(path, bytes);  // a file cut short says where, not tinygltf's parse error
  std::span<const unsigned char> json_text = checked_json_text(path, bytes, binary);  // repointed if the plan rewrites it
  const CompressedGltfPlan compressed = plan_compressed_gltf(path, bytes, json_text);
  ImageLog image_log;
  load_with_tinygltf(doc, bytes, binary, json_text, image_log, options, warnings);
  decompress_gltf(path, *doc.model, compressed, options);  // the checks below then see a plain glTF
  const tinygltf::Model& m = *doc.model;
  std::vector<EncodedImage> images = scene_images(m, image_log, path.parent_path().string());
  choose_scene(doc, m, options);
  check_model(doc, warnings);
  check_extensions(path, m, options.version_1_only, warnings);
  return describe_gltf(*doc.model, doc, std::move(images));
}

}  // namespace aem::pipeline
