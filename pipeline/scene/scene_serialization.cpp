#include "scene/scene_serialization.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>

#include "aem/pipeline/bake_error.hpp"
#include "scene/scene_check.hpp"

namespace aem::pipeline {
namespace {

constexpr unsigned char kMagic[8] = {'A', 'E', 'M', 'S', 'C', 'E', 'N', 'E'};
// 2: samplers carry where and deferred; 3: keep_geometry_order; 4: morph targets, mesh weights,
// target names and names; unlit materials
constexpr std::uint32_t kVersion = 4;

// The fewest bytes one element of each kind takes on the wire: a count claiming more elements
// than the remaining bytes could hold is refused before anything is allocated.
constexpr std::size_t kWireString = 4, kWireI32 = 4, kWireBuffer = 8, kWireWarning = 12,
                      kWireStream = 64, kWireAttribute = 13, kWirePrimitive = 37, kWireMesh = 24,
                      kWireNode = 114, kWireSkin = 16, kWireAnimSampler = 13, kWireChannel = 17,
                      kWireAnimation = 24, kWireMaterial = 301, kWireTexture = 20, kWireSampler = 18,
                      kWireImage = 44, kWireMorphTarget = 12, kWireDouble = 8;

// How many values each serialized enum has, from its last enumerator: the reader refuses a
// byte at or past it. Every enum here numbers its values from 0 without gaps; a value added
// after the last one must be named here instead of it.
template <class E>
constexpr unsigned kEnumCount = 0;  // an enum not listed here does not compile (static_assert below)
template <>
constexpr unsigned kEnumCount<ComponentType> = unsigned(ComponentType::f32) + 1;
template <>
constexpr unsigned kEnumCount<PrimitiveMode> = unsigned(PrimitiveMode::triangle_fan) + 1;
template <>
constexpr unsigned kEnumCount<Semantic> = unsigned(Semantic::weights) + 1;
template <>
constexpr unsigned kEnumCount<AlphaMode> = unsigned(AlphaMode::blend) + 1;
template <>
constexpr unsigned kEnumCount<Interpolation> = unsigned(Interpolation::cubic_spline) + 1;
template <>
constexpr unsigned kEnumCount<TargetPath> = unsigned(TargetPath::other) + 1;
template <>
constexpr unsigned kEnumCount<WrapMode> = unsigned(WrapMode::clamp_to_edge) + 1;

// One field list serves both directions (fields() below), so writer and reader cannot disagree.
class Writer {
 public:
  std::vector<unsigned char> out;

  template <class T>
  void num(const T& v) {
    static_assert(std::is_arithmetic_v<T>);
    unsigned char raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));  // x86-64 and aarch64 are little-endian, as the format
    out.insert(out.end(), raw, raw + sizeof(T));
  }
  template <class E>
  void enumeration(const E& e) { num(std::uint8_t(e)); }
  void boolean(const bool& b) { num(std::uint8_t(b ? 1 : 0)); }
  void str(const std::string& s) {
    num(std::uint32_t(s.size()));
    out.insert(out.end(), s.begin(), s.end());
  }
  void path(const std::filesystem::path& p) { str(p.string()); }
  void bytes(const std::vector<unsigned char>& b) {
    num(std::uint64_t(b.size()));
    out.insert(out.end(), b.begin(), b.end());
  }
  template <class T, class F>
  void vec(const std::vector<T>& v, std::size_t /*min_wire*/, F&& each) {
    num(std::uint64_t(v.size()));
    for (const T& item : v) each(const_cast<T&>(item));  // the writer only reads through it
  }
};

class Reader {
 public:
  Reader(std::span<const unsigned char> bytes, const SceneReadLimits& limits) : bytes_(bytes), limits_(limits) {}

  std::size_t remaining() const { return bytes_.size() - at_; }
  std::size_t at() const { return at_; }
  [[noreturn]] void fail(const std::string& what) const {
    throw SceneFormatError("serialized scene, byte " + std::to_string(at_) + ": " + what);
  }

  template <class T>
  void num(T& v) {
    static_assert(std::is_arithmetic_v<T>);
    need(sizeof(T));
    std::memcpy(&v, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
  }
  template <class E>
  void enumeration(E& e) {
    static_assert(kEnumCount<E> > 0, "a serialized enum needs its kEnumCount");
    std::uint8_t raw = 0;
    num(raw);
    if (raw >= kEnumCount<E>) fail("enum value " + std::to_string(raw) + " out of range");
    e = E(raw);
  }
  void boolean(bool& b) {
    std::uint8_t raw = 0;
    num(raw);
    if (raw > 1) fail("boolean " + std::to_string(raw));
    b = raw == 1;
  }
  void str(std::string& s) {
    std::uint32_t size = 0;
    num(size);
    if (size > limits_.max_string_bytes)
      fail("string of " + std::to_string(size) + " bytes, more than " + std::to_string(limits_.max_string_bytes));
    need(size);
    s.assign(reinterpret_cast<const char*>(bytes_.data() + at_), size);
    at_ += size;
  }
  void path(std::filesystem::path& p) {
    std::string s;
    str(s);
    p = s;
  }
  void bytes(std::vector<unsigned char>& b) {
    std::uint64_t size = 0;
    num(size);
    need(size);
    b.assign(bytes_.begin() + std::ptrdiff_t(at_), bytes_.begin() + std::ptrdiff_t(at_ + size));
    at_ += std::size_t(size);
  }
  template <class T, class F>
  void vec(std::vector<T>& v, std::size_t min_wire, F&& each) {
    std::uint64_t count = 0;
    num(count);
    if (count > remaining() / min_wire)
      fail("count " + std::to_string(count) + " exceeds what the remaining " + std::to_string(remaining()) +
           " bytes can hold");
    v.resize(std::size_t(count));
    for (T& item : v) each(item);
  }
  void need(std::uint64_t size) const {
    if (size > remaining()) fail("truncated: " + std::to_string(size) + " bytes needed, " + std::to_string(remaining()) + " left");
  }

 private:
  std::span<const unsigned char> bytes_;
  SceneReadLimits limits_;
  std::size_t at_ = 0;
};

template <class Io, class T, std::size_t N>
void array(Io& io, std::array<T, N>& a) {
  for (T& v : a) io.num(v);
}

template <class Io>
void fields(Io& io, Deferred& d) {
  io.str(d.error);
  io.vec(d.warnings, kWireWarning, [&](DeferredWarning& w) {
    io.str(w.kind);
    io.str(w.element);
    io.str(w.detail);
  });
}

template <class Io>
void fields(Io& io, Stream& s) {
  io.str(s.where);
  io.enumeration(s.component);
  io.num(s.components);
  io.boolean(s.normalized);
  io.num(s.count);
  io.num(s.buffer);
  io.num(s.offset);
  io.num(s.stride);
  io.num(s.sparse.count);
  io.enumeration(s.sparse.index_type);
  io.num(s.sparse.index_buffer);
  io.num(s.sparse.value_buffer);
  io.num(s.sparse.index_offset);
  io.num(s.sparse.value_offset);
}

template <class Io>
void fields(Io& io, Node& n) {
  io.str(n.where);
  io.str(n.name);
  io.num(n.parent);
  io.vec(n.children, kWireI32, [&](std::int32_t& c) { io.num(c); });
  bool has_matrix = n.matrix.has_value();
  io.boolean(has_matrix);
  if (has_matrix) {
    if (!n.matrix) n.matrix.emplace();
    array(io, *n.matrix);
  }
  array(io, n.translation);
  array(io, n.scale);
  array(io, n.rotation);
  io.num(n.mesh);
  io.num(n.skin);
  io.boolean(n.has_camera);
  io.vec(n.weights, kWireDouble, [&](double& w) { io.num(w); });
}

template <class Io>
void fields(Io& io, Primitive& p) {
  io.str(p.where);
  io.enumeration(p.mode);
  io.num(p.indices);
  io.vec(p.attributes, kWireAttribute, [&](Attribute& a) {
    io.enumeration(a.semantic);
    io.num(a.set);
    io.num(a.stream);
    io.str(a.name);
  });
  io.vec(p.morph_targets, kWireMorphTarget, [&](MorphTargetStreams& t) {
    io.num(t.position);
    io.num(t.normal);
    io.num(t.tangent);
  });
  io.num(p.material);
  fields(io, p.deferred);
}

template <class Io>
void fields(Io& io, TextureRef& t) {
  io.num(t.texture);
  io.num(t.uv_set);
  array(io, t.transform.m);
}

template <class Io>
void fields(Io& io, Material& m) {
  io.str(m.where);
  io.str(m.name);
  array(io, m.base_color_factor);
  for (TextureRef* t : {&m.base_color, &m.metallic_roughness, &m.normal, &m.occlusion, &m.emissive}) fields(io, *t);
  io.num(m.metallic_factor);
  io.num(m.roughness_factor);
  io.num(m.normal_scale);
  io.num(m.occlusion_strength);
  array(io, m.emissive_factor);
  io.num(m.emissive_strength);
  io.enumeration(m.alpha_mode);
  io.num(m.alpha_cutoff);
  io.boolean(m.double_sided);
  fields(io, m.deferred);
  io.boolean(m.unlit);
}

template <class Io>
void fields(Io& io, Image& i) {
  io.str(i.where);
  io.str(i.problem);
  io.num(i.bytes.buffer);
  io.num(i.bytes.offset);
  io.num(i.bytes.size);
  io.path(i.file);
  io.num(i.width);
  io.num(i.height);
  io.num(i.same_as);
}

template <class Io>
void fields(Io& io, Scene& s) {
  io.path(s.model);
  io.vec(s.buffers, kWireBuffer, [&](std::vector<unsigned char>& b) { io.bytes(b); });
  io.vec(s.streams, kWireStream, [&](Stream& v) { fields(io, v); });
  io.vec(s.nodes, kWireNode, [&](Node& v) { fields(io, v); });
  io.vec(s.roots, kWireI32, [&](std::int32_t& v) { io.num(v); });
  io.vec(s.meshes, kWireMesh, [&](Mesh& m) {
    io.str(m.where);
    io.str(m.name);
    io.vec(m.primitives, kWirePrimitive, [&](Primitive& p) { fields(io, p); });
    io.vec(m.weights, kWireDouble, [&](double& w) { io.num(w); });
    io.vec(m.target_names, kWireString, [&](std::string& v) { io.str(v); });
  });
  io.vec(s.skins, kWireSkin, [&](Skin& k) {
    io.str(k.where);
    io.vec(k.joints, kWireI32, [&](std::int32_t& v) { io.num(v); });
    io.num(k.inverse_bind);
  });
  io.vec(s.animations, kWireAnimation, [&](Animation& a) {
    io.str(a.where);
    io.str(a.name);
    io.vec(a.samplers, kWireAnimSampler, [&](AnimationSampler& v) {
      io.str(v.where);
      io.num(v.input);
      io.num(v.output);
      io.enumeration(v.interpolation);
    });
    io.vec(a.channels, kWireChannel, [&](Channel& c) {
      io.str(c.where);
      io.num(c.sampler);
      io.num(c.node);
      io.enumeration(c.path);
      io.str(c.path_name);
    });
  });
  io.vec(s.materials, kWireMaterial, [&](Material& m) { fields(io, m); });
  io.vec(s.textures, kWireTexture, [&](Texture& t) {
    io.str(t.where);
    io.num(t.image);
    io.num(t.sampler);
    io.vec(t.unread_sources, kWireString, [&](std::string& v) { io.str(v); });
  });
  io.vec(s.samplers, kWireSampler, [&](Sampler& v) {
    io.str(v.where);
    io.enumeration(v.wrap_u);
    io.enumeration(v.wrap_v);
    fields(io, v.deferred);
  });
  io.vec(s.images, kWireImage, [&](Image& v) { fields(io, v); });
  io.vec(s.inputs, kWireString, [&](std::filesystem::path& v) { io.path(v); });
  io.boolean(s.keep_geometry_order);
}

template <class Io>
void fields(Io& io, SerializedImport& import) {
  fields(io, import.scene);
  io.vec(import.warnings, kWireWarning, [&](DeferredWarning& w) {
    io.str(w.kind);
    io.str(w.element);
    io.str(w.detail);
  });
}

// --- reference checks --------------------------------------------------------------------------

}  // namespace

std::vector<unsigned char> serialize_import(const SerializedImport& import) {
  Writer w;
  w.out.insert(w.out.end(), std::begin(kMagic), std::end(kMagic));
  w.num(kVersion);
  fields(w, const_cast<SerializedImport&>(import));  // the writer only reads
  return std::move(w.out);
}

SerializedImport deserialize_import(std::span<const unsigned char> bytes, const SceneReadLimits& limits) {
  if (bytes.size() > limits.max_bytes)
    throw SceneFormatError("serialized scene of " + std::to_string(bytes.size()) + " bytes, more than the limit of " +
                           std::to_string(limits.max_bytes));
  Reader r(bytes, limits);
  unsigned char magic[8];
  for (unsigned char& m : magic) r.num(m);
  if (!std::equal(std::begin(magic), std::end(magic), std::begin(kMagic))) r.fail("not a serialized scene (bad magic)");
  std::uint32_t version = 0;
  r.num(version);
  if (version != kVersion) r.fail("version " + std::to_string(version) + ", expected " + std::to_string(kVersion));
  SerializedImport import;
  fields(r, import);
  if (r.remaining() != 0) r.fail(std::to_string(r.remaining()) + " bytes after the scene");
  if (const std::string problem = scene_reference_problem(import.scene, limits.max_stream_elements); !problem.empty())
    throw SceneFormatError("serialized scene: " + problem);
  return import;
}

std::string scene_reference_problem(const Scene& scene, std::uint64_t max_stream_elements) {
  for (const Stream& stream : scene.streams)
    if (stream.count > max_stream_elements)
      return stream.where + ": " + std::to_string(stream.count) + " elements, more than " +
             std::to_string(max_stream_elements);
  try {
    check_scene(scene);  // the one reference check, the bake's trust boundary
  } catch (const BakeError& e) {
    return e.what();
  }
  return {};
}

}  // namespace aem::pipeline
