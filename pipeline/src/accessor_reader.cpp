#include "aem/pipeline/accessor_reader.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include <tiny_gltf.h>

#include "component_type.hpp"

namespace aem::pipeline {
namespace {

// The accessor's component type (import_gltf has refused any other code).
ComponentType component_type(const GltfDocument& doc, int code, const std::string& where) {
  const std::optional<ComponentType> type = component_type_of(code);
  if (!type) throw BakeError(doc.path.string() + ": " + where + ": unknown componentType " + std::to_string(code));
  return *type;
}

// One component as double; normalized integers scaled as the glTF spec says.
double read_component(const unsigned char* p, ComponentType type, bool normalized) {
  switch (type) {
    case ComponentType::i8: {
      const auto v = static_cast<std::int8_t>(*p);
      return normalized ? std::max(double(v) / 127.0, -1.0) : double(v);
    }
    case ComponentType::u8: return normalized ? *p / 255.0 : double(*p);
    case ComponentType::i16: {
      std::int16_t v;
      std::memcpy(&v, p, 2);
      return normalized ? std::max(double(v) / 32767.0, -1.0) : double(v);
    }
    case ComponentType::u16: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return normalized ? v / 65535.0 : double(v);
    }
    case ComponentType::u32: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return normalized ? v / 4294967295.0 : double(v);
    }
    case ComponentType::f32: {
      float v;
      std::memcpy(&v, p, 4);
      return double(v);
    }
  }
  return 0;  // not reached: the switch names every type
}

template <class T, class Convert>
std::vector<T> read_accessor(const GltfDocument& doc, int index, std::size_t components,
                             const std::string& what, Convert convert,
                             std::size_t max_count = std::size_t(-1)) {
  const tinygltf::Model& m = *doc.model;
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  const std::string where = "accessor " + std::to_string(index);
  const std::size_t have = components_of(a.type).value_or(0);
  if (have != components)
    throw BakeError(doc.path.string() + ": " + what + ": accessor " + std::to_string(index) +
                    " has " + std::to_string(have) + " components, expected " +
                    std::to_string(components));
  const ComponentType type = component_type(doc, a.componentType, where);
  const std::size_t csize = component_bytes(type);
  const std::size_t element = csize * components;
  const std::size_t count = std::min<std::size_t>(a.count, max_count);
  std::vector<T> out(count * components, T{});
  if (a.bufferView >= 0) {
    const tinygltf::BufferView& view = m.bufferViews[std::size_t(a.bufferView)];
    const unsigned char* base =
        m.buffers[std::size_t(view.buffer)].data.data() + view.byteOffset + a.byteOffset;
    const std::size_t stride = view.byteStride ? view.byteStride : element;
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t c = 0; c < components; ++c)
        out[i * components + c] = convert(base + i * stride + c * csize, type, a.normalized);
  }
  if (a.sparse.isSparse && a.sparse.count > 0) {
    const auto& si = a.sparse.indices;
    const auto& sv = a.sparse.values;
    const tinygltf::BufferView& iv = m.bufferViews[std::size_t(si.bufferView)];
    const tinygltf::BufferView& vv = m.bufferViews[std::size_t(sv.bufferView)];
    const unsigned char* ibase =
        m.buffers[std::size_t(iv.buffer)].data.data() + iv.byteOffset + std::size_t(si.byteOffset);
    const unsigned char* vbase =
        m.buffers[std::size_t(vv.buffer)].data.data() + vv.byteOffset + std::size_t(sv.byteOffset);
    const ComponentType index_type = component_type(doc, si.componentType, where + " sparse indices");
    const std::size_t isize = component_bytes(index_type);
    for (std::size_t k = 0; k < std::size_t(a.sparse.count); ++k) {
      const auto target = std::uint64_t(read_component(ibase + k * isize, index_type, false));
      if (target >= a.count)
        throw BakeError(doc.path.string() + ": accessor " + std::to_string(index) +
                        ": sparse index " + std::to_string(target) + " out of range for " +
                        std::to_string(a.count) + " elements");
      if (target >= count) continue;  // past the elements asked for
      for (std::size_t c = 0; c < components; ++c)
        out[target * components + c] =
            convert(vbase + k * element + c * csize, type, a.normalized);
    }
  }
  return out;
}

}  // namespace

std::size_t accessor_count(const GltfDocument& doc, int accessor) {
  return doc.model->accessors[std::size_t(accessor)].count;
}

std::vector<float> read_floats(const GltfDocument& doc, int accessor, std::size_t components,
                               const std::string& what) {
  return read_accessor<float>(doc, accessor, components, what,
                              [](const unsigned char* p, ComponentType type, bool normalized) {
                                return float(read_component(p, type, normalized));
                              });
}

std::vector<float> read_first_floats(const GltfDocument& doc, int accessor, std::size_t components,
                                     std::size_t count, const std::string& what) {
  return read_accessor<float>(
      doc, accessor, components, what,
      [](const unsigned char* p, ComponentType type, bool normalized) { return float(read_component(p, type, normalized)); },
      count);
}

std::vector<std::uint32_t> read_uints(const GltfDocument& doc, int accessor,
                                      std::size_t components, const std::string& what) {
  const tinygltf::Accessor& a = doc.model->accessors[std::size_t(accessor)];
  const std::optional<ComponentType> stored = component_type_of(a.componentType);
  if (stored != ComponentType::u8 && stored != ComponentType::u16 && stored != ComponentType::u32)
    throw BakeError(doc.path.string() + ": " + what + ": accessor " + std::to_string(accessor) +
                    " must hold unsigned integers (componentType " +
                    std::to_string(a.componentType) + ")");
  return read_accessor<std::uint32_t>(doc, accessor, components, what,
                                      [](const unsigned char* p, ComponentType type, bool) {
                                        return std::uint32_t(read_component(p, type, false));
                                      });
}

}  // namespace aem::pipeline
