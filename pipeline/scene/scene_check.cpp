#include "scene/scene_check.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline {
namespace {

class Checker {
 public:
  explicit Checker(const Scene& scene) : s_(scene) {}

  void run() {
    for (std::size_t i = 0; i < s_.streams.size(); ++i) stream(i);
    forest();
    for (std::size_t i = 0; i < s_.meshes.size(); ++i) mesh(i);
    for (std::size_t i = 0; i < s_.skins.size(); ++i) skin(i);
    for (std::size_t i = 0; i < s_.animations.size(); ++i) animation(i);
    for (std::size_t i = 0; i < s_.materials.size(); ++i) material(i);
    for (std::size_t i = 0; i < s_.textures.size(); ++i) texture(i);
    for (std::size_t i = 0; i < s_.samplers.size(); ++i) sampler(i);
    for (std::size_t i = 0; i < s_.images.size(); ++i) image(i);
  }

 private:
  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw BakeError(s_.model.string() + ": " + where + ": " + what);
  }

  // The element's own name, or its kind and index when the producer gave none.
  static std::string name(const std::string& where, const char* kind, std::size_t index) {
    return where.empty() ? std::string(kind) + " " + std::to_string(index) : where;
  }

  // `value` must index `size` elements, or be kNone when `optional`.
  void index(std::int32_t value, std::size_t size, bool optional, const std::string& where, const char* what) const {
    if (value == kNone && optional) return;
    if (value < 0 || std::size_t(value) >= size)
      fail(where, what + std::string(" ") + std::to_string(value) + " does not exist (there are " +
                      std::to_string(size) + ")");
  }

  static bool valid(ComponentType t) { return std::uint8_t(t) <= std::uint8_t(ComponentType::f32); }

  // `count` elements of `element` bytes, `stride` apart from `offset`, inside buffer `buffer`.
  void range(std::int32_t buffer, std::uint64_t offset, std::uint64_t count, std::uint64_t element,
             std::uint64_t stride, const std::string& where) const {
    index(buffer, s_.buffers.size(), false, where, "buffer");
    if (count == 0) return;
    const std::uint64_t size = s_.buffers[std::size_t(buffer)].size();
    // count <= 2^28 and stride, element < 2^32: no overflow below.
    const std::uint64_t end = (count - 1) * stride + element;
    if (offset > size || end > size - offset)
      fail(where, "needs bytes " + std::to_string(offset) + ".." + std::to_string(offset) + "+" +
                      std::to_string(end) + " of buffer " + std::to_string(buffer) + ", which has " +
                      std::to_string(size));
  }

  void stream(std::size_t i) {
    const Stream& st = s_.streams[i];
    const std::string where = name(st.where, "stream", i);
    if (!valid(st.component)) fail(where, "unknown component type " + std::to_string(int(st.component)));
    const unsigned c = st.components;
    if (c != 1 && c != 2 && c != 3 && c != 4 && c != 9 && c != 16)
      fail(where, std::to_string(c) + " components per element (1-4, 9 or 16 allowed)");
    if (st.count > kMaxStreamElements)
      fail(where, "count " + std::to_string(st.count) + " too large (at most " + std::to_string(kMaxStreamElements) + ")");
    const std::uint64_t element = component_bytes(st.component) * c;
    if (st.buffer != kNone) {
      if (st.stride < element)
        fail(where, "stride " + std::to_string(st.stride) + " smaller than its element size " + std::to_string(element));
      range(st.buffer, st.offset, st.count, element, st.stride, where);
    }
    const Stream::Sparse& sp = st.sparse;
    if (sp.count == 0) return;
    if (sp.count > st.count)
      fail(where, "sparse count " + std::to_string(sp.count) + " over its " + std::to_string(st.count) + " elements");
    if (sp.index_type != ComponentType::u8 && sp.index_type != ComponentType::u16 && sp.index_type != ComponentType::u32)
      fail(where, "sparse indices must be unsigned integers");
    const std::uint64_t isize = component_bytes(sp.index_type);
    range(sp.index_buffer, sp.index_offset, sp.count, isize, isize, where + " sparse indices");
    range(sp.value_buffer, sp.value_offset, sp.count, element, element, where + " sparse values");
  }

  void stream_ref(std::int32_t value, bool optional, const std::string& where, const char* what) const {
    index(value, s_.streams.size(), optional, where, what);
  }

  // Parent and children links agree, every chain of parents ends, and the roots are distinct
  // parentless nodes.
  void forest() {
    const std::size_t n = s_.nodes.size();
    std::vector<unsigned char> listed_as_child(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const Node& node = s_.nodes[i];
      const std::string where = name(node.where, "node", i);
      index(node.parent, n, true, where, "parent node");
      index(node.mesh, s_.meshes.size(), true, where, "mesh");
      index(node.skin, s_.skins.size(), true, where, "skin");
      for (double w : node.weights)
        if (!std::isfinite(w)) fail(where, "a morph target weight is not finite");
      for (std::int32_t child : node.children) {
        index(child, n, false, where, "child node");
        if (s_.nodes[std::size_t(child)].parent != std::int32_t(i))
          fail(where, "lists node " + std::to_string(child) + " as a child, but that node's parent is " +
                          std::to_string(s_.nodes[std::size_t(child)].parent));
        if (++listed_as_child[std::size_t(child)] > 1)
          fail(where, "lists node " + std::to_string(child) + " as a child twice");
      }
    }
    for (std::size_t i = 0; i < n; ++i)
      if (s_.nodes[i].parent != kNone && listed_as_child[i] == 0)
        fail(name(s_.nodes[i].where, "node", i),
             "its parent node " + std::to_string(s_.nodes[i].parent) + " does not list it as a child");
    // 0: unvisited, 1: on the current chain, 2: reaches a root.
    std::vector<unsigned char> state(n, 0);
    for (std::size_t start = 0; start < n; ++start) {
      std::size_t at = start;
      while (state[at] == 0) {
        state[at] = 1;
        if (s_.nodes[at].parent == kNone) break;
        at = std::size_t(s_.nodes[at].parent);
      }
      if (state[at] == 1 && s_.nodes[at].parent != kNone)
        fail(name(s_.nodes[at].where, "node", at), "is its own ancestor (the node parents form a cycle)");
      for (at = start; state[at] == 1; at = std::size_t(s_.nodes[at].parent)) {
        state[at] = 2;
        if (s_.nodes[at].parent == kNone) break;
      }
    }
    std::vector<unsigned char> listed(n, 0);
    for (std::int32_t root : s_.roots) {
      index(root, n, false, "roots", "node");
      const Node& node = s_.nodes[std::size_t(root)];
      const std::string where = name(node.where, "node", std::size_t(root));
      if (node.parent != kNone) fail(where, "is listed as a root but has parent node " + std::to_string(node.parent));
      if (listed[std::size_t(root)]) fail(where, "is listed as a root twice");
      listed[std::size_t(root)] = 1;
    }
  }

  void mesh(std::size_t i) {
    const Mesh& mesh = s_.meshes[i];
    for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
      const Primitive& prim = mesh.primitives[p];
      const std::string where = name(prim.where, "primitive", p);
      if (int(prim.mode) < int(PrimitiveMode::points) || int(prim.mode) > int(PrimitiveMode::triangle_fan))
        fail(where, "unknown primitive mode " + std::to_string(int(prim.mode)));
      stream_ref(prim.indices, true, where, "indices stream");
      index(prim.material, s_.materials.size(), true, where, "material");
      for (const Attribute& a : prim.attributes) {
        if (std::uint8_t(a.semantic) > std::uint8_t(Semantic::weights))
          fail(where, "attribute " + a.name + " has an unknown semantic " + std::to_string(int(a.semantic)));
        stream_ref(a.stream, false, where + " attribute " + a.name, "stream");
      }
      morph_targets(mesh, prim, where);
    }
    const std::size_t targets = mesh.primitives.empty() ? 0 : mesh.primitives[0].morph_targets.size();
    const std::string where = name(mesh.where, "mesh", i);
    if (!mesh.weights.empty() && mesh.weights.size() != targets)
      fail(where, std::to_string(mesh.weights.size()) + " weights for " + std::to_string(targets) + " morph targets");
    for (double w : mesh.weights)
      if (!std::isfinite(w)) fail(where, "a morph target weight is not finite");
    if (!mesh.target_names.empty() && mesh.target_names.size() != targets)
      fail(where, std::to_string(mesh.target_names.size()) + " target names for " + std::to_string(targets) + " morph targets");
  }

  // Every primitive of a mesh has its mesh's number of targets; each target stream is VEC3 with
  // one element per vertex (POSITION's count).
  void morph_targets(const Mesh& mesh, const Primitive& prim, const std::string& where) const {
    if (prim.morph_targets.size() != mesh.primitives[0].morph_targets.size())
      fail(where, std::to_string(prim.morph_targets.size()) + " morph targets, but the mesh's first primitive has " +
                      std::to_string(mesh.primitives[0].morph_targets.size()));
    std::int32_t position = kNone;
    for (const Attribute& a : prim.attributes)
      if (a.semantic == Semantic::position && a.set == 0 && position == kNone) position = a.stream;
    for (std::size_t t = 0; t < prim.morph_targets.size(); ++t) {
      const MorphTargetStreams& target = prim.morph_targets[t];
      for (const auto& [stream, attribute] : {std::pair{target.position, "POSITION"}, std::pair{target.normal, "NORMAL"},
                                              std::pair{target.tangent, "TANGENT"}}) {
        const std::string at = where + " morph target " + std::to_string(t) + " " + attribute;
        stream_ref(stream, true, at, "stream");
        if (stream == kNone) continue;
        const Stream& st = s_.streams[std::size_t(stream)];
        if (st.components != 3) fail(at, st.where + " is not VEC3");
        if (position != kNone && st.count != s_.streams[std::size_t(position)].count)
          fail(at, st.where + " has " + std::to_string(st.count) + " elements but POSITION has " +
                       std::to_string(s_.streams[std::size_t(position)].count));
      }
    }
  }

  void skin(std::size_t i) {
    const Skin& skin = s_.skins[i];
    const std::string where = name(skin.where, "skin", i);
    for (std::int32_t joint : skin.joints) index(joint, s_.nodes.size(), false, where, "joint node");
    stream_ref(skin.inverse_bind, true, where, "inverse bind matrix stream");
    if (skin.inverse_bind != kNone) {
      const Stream& st = s_.streams[std::size_t(skin.inverse_bind)];
      if (st.components != 16 || st.component != ComponentType::f32)
        fail(where, "inverse bind matrices are not MAT4 floats");
      if (st.count < skin.joints.size())
        fail(where, std::to_string(st.count) + " inverse bind matrices for " + std::to_string(skin.joints.size()) + " joints");
    }
  }

  void animation(std::size_t i) {
    const Animation& anim = s_.animations[i];
    const std::string where = name(anim.where, "animation", i);
    for (std::size_t k = 0; k < anim.samplers.size(); ++k) {
      const AnimationSampler& sampler = anim.samplers[k];
      const std::string at = name(sampler.where, (where + " sampler").c_str(), k);
      stream_ref(sampler.input, false, at, "input stream");
      stream_ref(sampler.output, false, at, "output stream");
      if (std::uint8_t(sampler.interpolation) > std::uint8_t(Interpolation::cubic_spline))
        fail(at, "unknown interpolation " + std::to_string(int(sampler.interpolation)));
    }
    for (std::size_t k = 0; k < anim.channels.size(); ++k) {
      const Channel& channel = anim.channels[k];
      const std::string at = name(channel.where, (where + " channel").c_str(), k);
      index(channel.sampler, anim.samplers.size(), false, at, "sampler");
      index(channel.node, s_.nodes.size(), true, at, "target node");
      if (std::uint8_t(channel.path) > std::uint8_t(TargetPath::other))
        fail(at, "unknown target path " + std::to_string(int(channel.path)));
    }
  }

  void material(std::size_t i) {
    const Material& m = s_.materials[i];
    const std::string where = name(m.where, "material", i);
    // Any uv_set is safe: the stages look it up among the primitive's attributes.
    for (const TextureRef* ref : {&m.base_color, &m.metallic_roughness, &m.normal, &m.occlusion, &m.emissive})
      index(ref->texture, s_.textures.size(), true, where, "texture");
    if (std::uint8_t(m.alpha_mode) > std::uint8_t(AlphaMode::blend))
      fail(where, "unknown alpha mode " + std::to_string(int(m.alpha_mode)));
  }

  void texture(std::size_t i) {
    const Texture& t = s_.textures[i];
    const std::string where = name(t.where, "texture", i);
    index(t.image, s_.images.size(), true, where, "image");
    index(t.sampler, s_.samplers.size(), true, where, "sampler");
  }

  void sampler(std::size_t i) {
    const Sampler& sm = s_.samplers[i];
    for (WrapMode w : {sm.wrap_u, sm.wrap_v})
      if (std::uint32_t(w) > std::uint32_t(WrapMode::clamp_to_edge))
        fail("sampler " + std::to_string(i), "unknown wrap mode " + std::to_string(std::uint32_t(w)));
  }

  void image(std::size_t i) {
    const Image& im = s_.images[i];
    const std::string where = name(im.where, "image", i);
    if (im.bytes.buffer != kNone) range(im.bytes.buffer, im.bytes.offset, 1, im.bytes.size, 0, where);
    if (im.same_as != kNone && (im.same_as < 0 || std::size_t(im.same_as) >= i))
      fail(where, "same_as " + std::to_string(im.same_as) + " is not an earlier image");
  }

  const Scene& s_;
};

}  // namespace

void check_scene(const Scene& scene) { Checker(scene).run(); }

}  // namespace aem::pipeline
