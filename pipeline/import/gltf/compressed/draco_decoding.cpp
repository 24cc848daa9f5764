// KHR_draco_mesh_compression: each compressed primitive's Draco bufferView is decoded with
// Debian's libdraco into a new packed buffer: u32 indices, then each attribute the extension
// maps, converted to the component type its glTF accessor declares. The primitive then points at
// fresh accessors on that buffer ("accessor N (Draco)" in messages). A build without Draco
// (AEM_HAVE_DRACO 0, the Windows build) refuses such a file by name instead.
#include "base/build_features.hpp"
#include "import/gltf/compressed/gltf_decoders.hpp"

#if AEM_HAVE_DRACO

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <draco/compression/decode.h>
#include <draco/mesh/mesh.h>
#include <tiny_gltf.h>

#include "scene/component_type.hpp"
#include "import/gltf/buffer_range.hpp"
#include "import/gltf/compressed/gltf_decoders.hpp"

namespace aem::pipeline {
namespace {

constexpr const char* kDracoExtension = "KHR_draco_mesh_compression";

// Components per element of a vertex attribute accessor (SCALAR .. VEC4); 0 for the matrices,
// which are no vertex attributes, and for unknown types.
int attribute_components(int tinygltf_type) {
  const std::optional<std::uint8_t> n = components_of(tinygltf_type);
  return n && *n <= 4 ? int(*n) : 0;
}

// Bytes per component of a glTF componentType; 0 for an unknown code.
std::size_t attribute_component_bytes(int gltf_component_type) {
  const std::optional<ComponentType> type = component_type_of(gltf_component_type);
  return type ? component_bytes(*type) : 0;
}

// Every value of `attribute`, point by point, as `n` components of T, appended to `out`.
template <typename T>
bool convert_values(const draco::PointAttribute& attribute, std::uint32_t points, int n, unsigned char* out) {
  T value[4];
  for (std::uint32_t p = 0; p < points; ++p) {
    if (!attribute.ConvertValue<T>(attribute.mapped_index(draco::PointIndex(p)), std::int8_t(n), value)) return false;
    std::memcpy(out + std::size_t(p) * std::size_t(n) * sizeof(T), value, std::size_t(n) * sizeof(T));
  }
  return true;
}

bool convert(const draco::PointAttribute& attribute, std::uint32_t points, int component_type, int n,
             unsigned char* out) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: return convert_values<std::int8_t>(attribute, points, n, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return convert_values<std::uint8_t>(attribute, points, n, out);
    case TINYGLTF_COMPONENT_TYPE_SHORT: return convert_values<std::int16_t>(attribute, points, n, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return convert_values<std::uint16_t>(attribute, points, n, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: return convert_values<std::uint32_t>(attribute, points, n, out);
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return convert_values<float>(attribute, points, n, out);
    default: return false;
  }
}

// What libdraco will allocate for a stream, from the counts its header claims, read as libdraco
// 1.5 reads them (point_cloud_decoder.cc, mesh_sequential_decoder.cc,
// mesh_edgebreaker_decoder_impl.cc): its faces (about 48 bytes each in the corner table and the
// index buffers) and points (16 bytes each per attribute at most). Empty, with `problem` set, when
// the header cannot be read so far, or has metadata, whose length is not known before decoding
// it (glTF exporters write none).
class DracoHeader {
 public:
  explicit DracoHeader(std::span<const unsigned char> bytes) : bytes_(bytes) {}

  std::optional<std::uint64_t> working_bytes(std::string& problem) {
    if (bytes_.size() < 11 || std::memcmp(bytes_.data(), "DRACO", 5) != 0) return fail(problem, "not a Draco stream");
    const int version = bytes_[5] * 256 + bytes_[6];
    const int encoder_type = bytes_[7], method = bytes_[8];
    const unsigned flags = unsigned(bytes_[9]) | unsigned(bytes_[10]) << 8;
    if (encoder_type != 1) return fail(problem, "a Draco point cloud, not a mesh");
    if (flags & 0x8000) return fail(problem, "Draco metadata, which aem bake does not read");
    at_ = 11;
    const bool fixed = version < 0x0200;  // before 2.0 counts are u32, then varints
    std::uint64_t faces = 0, points = 0;
    if (method == 0) {  // sequential: faces, points
      if (!count(fixed, faces) || !count(fixed, points)) return fail(problem, "a Draco header cut short");
    } else if (method == 1) {  // edgebreaker: traversal type, [new vertices,] encoded vertices, faces
      std::uint64_t new_vertices = 0;
      at_ += 1;
      if (version < 0x0202 && !count(fixed, new_vertices)) return fail(problem, "a Draco header cut short");
      if (!count(fixed, points) || !count(fixed, faces)) return fail(problem, "a Draco header cut short");
      points = std::max(points + new_vertices, faces * 3);  // attribute seams split vertices
    } else {
      return fail(problem, "unknown Draco encoding method " + std::to_string(method));
    }
    return faces * 48 + points * 16;
  }

 private:
  static std::optional<std::uint64_t> fail(std::string& problem, const std::string& what) {
    problem = what;
    return std::nullopt;
  }
  bool count(bool fixed, std::uint64_t& out) {
    out = 0;
    if (fixed) {
      if (bytes_.size() - at_ < 4) return false;
      for (int k = 0; k < 4; ++k) out |= std::uint64_t(bytes_[at_ + std::size_t(k)]) << (8 * k);
      at_ += 4;
      return true;
    }
    for (int shift = 0; shift < 35 && at_ < bytes_.size(); shift += 7) {
      const unsigned char b = bytes_[at_++];
      out |= std::uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  }

  std::span<const unsigned char> bytes_;
  std::size_t at_ = 0;
};

struct PrimitiveDecoder {
  const std::filesystem::path& model;
  tinygltf::Model& gltf;
  DecodedBytesBudget& budget;
  std::string where;  // "mesh 2 primitive 0"

  [[noreturn]] void fail(const std::string& what) const {
    throw BakeError(model.string() + ": " + where + ": " + kDracoExtension + ": " + what);
  }

  // The declared accessor `index` (its type and component type are what the decoded data becomes).
  const tinygltf::Accessor& declared(int index, const std::string& role) const {
    if (index < 0 || std::size_t(index) >= gltf.accessors.size())
      fail(role + " accessor " + std::to_string(index) + " does not exist");
    return gltf.accessors[std::size_t(index)];
  }

  // Appends a fresh accessor like `like`, over `count` packed elements at `offset` of `buffer`.
  int add_accessor(const tinygltf::Accessor& like, int buffer, std::size_t offset, std::size_t bytes,
                   std::size_t count, int component_type) {
    tinygltf::BufferView view;
    view.buffer = buffer;
    view.byteOffset = offset;
    view.byteLength = bytes;
    gltf.bufferViews.push_back(view);
    tinygltf::Accessor a = like;
    a.name = "accessor " + std::to_string(gltf.accessors.size()) + " (Draco)";
    a.bufferView = int(gltf.bufferViews.size() - 1);
    a.byteOffset = 0;
    a.count = count;
    a.componentType = component_type;
    a.sparse = {};
    gltf.accessors.push_back(a);
    return int(gltf.accessors.size() - 1);
  }

  // One attribute the extension maps: its decoded values' place in the new buffer.
  struct Part {
    std::string name;
    const draco::PointAttribute* attribute;
    int accessor;
    std::size_t offset, bytes;
  };

  // The primitive's Draco bytes: the extension's bufferView, inside its buffer. Checks too that
  // the extension maps attributes and that the primitive is triangles.
  std::span<const unsigned char> draco_stream(const tinygltf::Primitive& primitive, const tinygltf::Value& ext,
                                              std::int64_t& view_index) const {
    if (!ext.IsObject()) fail("the extension is not a JSON object");
    view_index = extension_integer(ext, "bufferView");
    if (view_index < 0 || std::uint64_t(view_index) >= gltf.bufferViews.size())
      fail("bufferView " + std::to_string(view_index) + " does not exist");
    const tinygltf::BufferView& view = gltf.bufferViews[std::size_t(view_index)];
    if (view.buffer < 0 || std::size_t(view.buffer) >= gltf.buffers.size())
      fail("bufferView " + std::to_string(view_index) + " names no buffer");
    const std::vector<unsigned char>& source = gltf.buffers[std::size_t(view.buffer)].data;
    if (!lies_inside_buffer(view.byteOffset, view.byteLength, source.size()))
      fail("bufferView " + std::to_string(view_index) + " lies outside its buffer");
    if (!ext.Get("attributes").IsObject()) fail("it has no attributes object");
    if (primitive.mode != TINYGLTF_MODE_TRIANGLES && primitive.mode != -1)
      fail("mode " + std::to_string(primitive.mode) + " is not triangles, which Draco meshes are");
    return {source.data() + view.byteOffset, view.byteLength};
  }

  // What the declared accessors promise, against the limit, before libdraco allocates anything.
  void check_declared_size(const tinygltf::Primitive& primitive, const tinygltf::Value& attributes) const {
    std::uint64_t declared_bytes = 0;
    for (const std::string& name : attributes.Keys()) {
      const auto it = primitive.attributes.find(name);
      if (it == primitive.attributes.end()) fail("attribute " + name + " is not among the primitive's attributes");
      const tinygltf::Accessor& a = declared(it->second, name);
      declared_bytes += std::uint64_t(a.count) * 16;  // at most VEC4 of 4-byte components
    }
    if (primitive.indices >= 0) declared_bytes += std::uint64_t(declared(primitive.indices, "indices").count) * 4;
    budget.check(declared_bytes, where + " (" + kDracoExtension + ", as its accessors declare)");
  }

  // The decoded mesh. What the stream's header claims is checked against the limit first, since
  // libdraco allocates from it before it finds the data missing.
  std::unique_ptr<draco::Mesh> decode_mesh(std::span<const unsigned char> stream, std::int64_t view_index) const {
    std::string problem;
    const std::optional<std::uint64_t> working = DracoHeader(stream).working_bytes(problem);
    if (!working)
      fail("the data in bufferView " + std::to_string(view_index) + " cannot be decoded (" + problem + ")");
    budget.check(*working, where + " (" + kDracoExtension + ", as its Draco header claims)");
    draco::DecoderBuffer buffer;
    buffer.Init(reinterpret_cast<const char*>(stream.data()), stream.size());
    draco::Decoder decoder;
    auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
    if (!decoded.ok())
      fail("the Draco data in bufferView " + std::to_string(view_index) + " cannot be decoded (" +
           decoded.status().error_msg_string() + ")");
    return std::move(decoded).value();
  }

  // Attributes the extension leaves plain are read as they are, so they must have a value for
  // each decoded point.
  void check_plain_attributes(const tinygltf::Primitive& primitive, const tinygltf::Value& attributes,
                              std::uint32_t points) const {
    for (const auto& [name, accessor] : primitive.attributes) {
      if (attributes.Has(name) || accessor < 0 || std::size_t(accessor) >= gltf.accessors.size()) continue;
      if (gltf.accessors[std::size_t(accessor)].count != points)
        fail("attribute " + name + " is not in the Draco data, and its accessor " + std::to_string(accessor) + " has " +
             std::to_string(gltf.accessors[std::size_t(accessor)].count) + " elements for the " + std::to_string(points) +
             " decoded points");
    }
  }

  // The new buffer's layout: indices, then each attribute, 4-aligned; `size` is its whole size.
  std::vector<Part> layout_parts(const tinygltf::Primitive& primitive, const tinygltf::Value& attributes,
                                 const draco::Mesh& mesh, std::uint64_t& size) const {
    const std::uint32_t points = mesh.num_points();
    std::vector<Part> parts;
    size = std::uint64_t(mesh.num_faces()) * 3 * 4;
    for (const std::string& name : attributes.Keys()) {
      const std::int64_t id = json_integer(attributes.Get(name));
      const draco::PointAttribute* attribute = id >= 0 && id <= 0xffffffff ? mesh.GetAttributeByUniqueId(std::uint32_t(id)) : nullptr;
      if (attribute == nullptr) fail("attribute " + name + ": Draco attribute id " + std::to_string(id) + " is not in the Draco data");
      const int accessor = primitive.attributes.at(name);
      const tinygltf::Accessor& a = gltf.accessors[std::size_t(accessor)];
      const int n = attribute_components(a.type);
      const std::size_t csize = attribute_component_bytes(a.componentType);
      if (n == 0 || csize == 0) fail("attribute " + name + ": accessor " + std::to_string(accessor) + " has a type Draco cannot fill");
      if (attribute->num_components() != n)
        fail("attribute " + name + ": Draco attribute id " + std::to_string(id) + " has " +
             std::to_string(attribute->num_components()) + " components, its accessor " + std::to_string(accessor) +
             " declares " + std::to_string(n));
      const std::uint64_t bytes = std::uint64_t(points) * std::uint64_t(n) * csize;
      parts.push_back({name, attribute, accessor, std::size_t(size), std::size_t(bytes)});
      size += (bytes + 3) / 4 * 4;
    }
    return parts;
  }

  // The new buffer: u32 indices, then each part converted to its accessor's component type.
  tinygltf::Buffer decoded_buffer(const draco::Mesh& mesh, const std::vector<Part>& parts, std::uint64_t size) const {
    tinygltf::Buffer out;
    out.name = "decoded KHR_draco_mesh_compression data of " + where;
    out.data.resize(std::size_t(size));
    std::uint32_t* indices = reinterpret_cast<std::uint32_t*>(out.data.data());
    for (std::uint32_t f = 0; f < mesh.num_faces(); ++f) {
      const draco::Mesh::Face& face = mesh.face(draco::FaceIndex(f));
      for (int k = 0; k < 3; ++k) indices[std::size_t(f) * 3 + std::size_t(k)] = face[k].value();
    }
    for (const Part& part : parts) {
      const tinygltf::Accessor& a = gltf.accessors[std::size_t(part.accessor)];
      if (!convert(*part.attribute, mesh.num_points(), a.componentType, attribute_components(a.type),
                   out.data.data() + part.offset))
        fail("attribute " + part.name + ": its Draco values cannot be converted to accessor " +
             std::to_string(part.accessor) + "'s component type");
    }
    return out;
  }

  // The primitive's indices and mapped attributes pointed at fresh accessors on buffer
  // `buffer_index`. Accessors are appended, so the declared ones are copied, never referenced.
  void point_at_buffer(tinygltf::Primitive& primitive, const std::vector<Part>& parts, int buffer_index,
                       std::uint64_t index_count, std::uint32_t points) {
    if (primitive.indices >= 0 || index_count > 0) {
      tinygltf::Accessor like;
      if (primitive.indices >= 0) like = gltf.accessors[std::size_t(primitive.indices)];
      like.type = TINYGLTF_TYPE_SCALAR;
      like.minValues.clear();
      like.maxValues.clear();
      primitive.indices = add_accessor(like, buffer_index, 0, std::size_t(index_count * 4), std::size_t(index_count),
                                       TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
    }
    for (const Part& part : parts) {
      const tinygltf::Accessor like = gltf.accessors[std::size_t(part.accessor)];
      primitive.attributes[part.name] =
          add_accessor(like, buffer_index, part.offset, part.bytes, points, like.componentType);
    }
  }

  void decode(tinygltf::Primitive& primitive, const tinygltf::Value& ext) {
    std::int64_t view_index = -1;
    const std::span<const unsigned char> stream = draco_stream(primitive, ext, view_index);
    const tinygltf::Value& attributes = ext.Get("attributes");
    check_declared_size(primitive, attributes);
    const std::unique_ptr<draco::Mesh> mesh = decode_mesh(stream, view_index);
    const std::uint32_t points = mesh->num_points();
    const std::uint64_t index_count = std::uint64_t(mesh->num_faces()) * 3;
    check_plain_attributes(primitive, attributes, points);
    std::uint64_t size = 0;
    const std::vector<Part> parts = layout_parts(primitive, attributes, *mesh, size);
    budget.take(size, where + " (" + kDracoExtension + ", decoded)");
    tinygltf::Buffer out = decoded_buffer(*mesh, parts, size);
    const int buffer_index = int(gltf.buffers.size());
    gltf.buffers.push_back(std::move(out));
    point_at_buffer(primitive, parts, buffer_index, index_count, points);
    primitive.extensions.erase(kDracoExtension);
  }
};

}  // namespace

void decode_draco_primitives(const std::filesystem::path& model, tinygltf::Model& gltf, const CompressedGltfPlan& plan,
                             DecodedBytesBudget& budget, const BakeOptions& options) {
  for (std::size_t mi = 0; mi < gltf.meshes.size(); ++mi) {
    for (std::size_t pi = 0; pi < gltf.meshes[mi].primitives.size(); ++pi) {
      tinygltf::Primitive& primitive = gltf.meshes[mi].primitives[pi];
      const auto ext = primitive.extensions.find(kDracoExtension);
      if (ext == primitive.extensions.end()) continue;
      throw_if_cancelled(options, model);
      const tinygltf::Value value = ext->second;  // decode() erases the original
      if (const auto set_aside = plan.draco_indices.find({mi, pi}); set_aside != plan.draco_indices.end())
        primitive.indices = set_aside->second;
      PrimitiveDecoder{model, gltf, budget, "mesh " + std::to_string(mi) + " primitive " + std::to_string(pi)}
          .decode(primitive, value);
    }
  }
}

}  // namespace aem::pipeline

#else  // AEM_HAVE_DRACO

#include <tiny_gltf.h>

#include "aem/pipeline/utf8_path.hpp"

namespace aem::pipeline {

void decode_draco_primitives(const std::filesystem::path& model, tinygltf::Model& gltf, const CompressedGltfPlan&,
                             DecodedBytesBudget&, const BakeOptions&) {
  for (std::size_t mi = 0; mi < gltf.meshes.size(); ++mi) {
    for (std::size_t pi = 0; pi < gltf.meshes[mi].primitives.size(); ++pi) {
      if (gltf.meshes[mi].primitives[pi].extensions.count("KHR_draco_mesh_compression") == 0) continue;
      throw BakeError(utf8_text(model) + ": mesh " + std::to_string(mi) + " primitive " + std::to_string(pi) +
                      ": KHR_draco_mesh_compression: Draco-compressed meshes are not supported by this build "
                      "(Draco is not part of it)");
    }
  }
}

}  // namespace aem::pipeline

#endif  // AEM_HAVE_DRACO
